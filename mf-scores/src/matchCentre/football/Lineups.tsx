import styled from 'styled-components';
import { PITCH_LENGTH, PITCH_WIDTH, type FootballLineups, type LineupPlayer, type TeamLineup } from '@sports/shared/matchCentre';
import { DataTable } from '../../ui/DataTable';
import { ChartFigure } from '../charts/ChartFigure';
import { PitchMarkings } from '../charts/PitchMarkings';
import { minuteText, ratingText } from '../format';
import { matchCentreCopy } from '../matchCentreCopy';
import { PlayerPopover } from './PlayerPopover';

/** The pitch drawn upright (68 wide, 105 long), the home side attacking upwards from the bottom. */
const Pitch = styled.div`
  position: relative;
  width: min(100%, 400px);
  margin: 0 auto;
  aspect-ratio: ${PITCH_WIDTH} / ${PITCH_LENGTH};

  > svg,
  > ul {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    max-height: none;
    margin: 0;
    padding: 0;
  }
  /* The two sides' lists lie over each other: only their players take a press. */
  > ul {
    pointer-events: none;
  }
`;

const Slot = styled.li`
  position: absolute;
  transform: translate(-50%, -50%);
  display: flex;
  flex-direction: column;
  align-items: center;
  width: 18%;
  list-style: none;
  pointer-events: auto;

  > div {
    max-width: 100%;
  }
  button {
    flex-direction: column;
    gap: 1px;
    padding: 2px;
    min-width: 0;
    max-width: 100%;
    overflow: hidden;
    color: #ffffff;
    font-size: ${({ theme }) => theme.font.small};
    text-shadow: 0 1px 2px rgba(0, 0, 0, 0.8);
  }
`;

const Shirt = styled.span<{ $side: 'home' | 'away' }>`
  display: inline-grid;
  place-items: center;
  width: 26px;
  height: 26px;
  border: 2px solid #ffffff;
  border-radius: 50%;
  background: ${({ $side, theme }) => ($side === 'home' ? theme.colors.home : theme.colors.away)};
  color: #ffffff;
  font-weight: 600;
  text-shadow: none;
`;

const Moved = styled.span`
  font-size: 11px;
`;

const Bench = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: 12px;
  margin-top: 12px;

  h4 {
    margin: 0 0 4px;
    font-size: ${({ theme }) => theme.font.body};
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    display: flex;
    align-items: center;
    gap: 6px;
  }
`;

/** Where a starter stands on the upright pitch, in % of its width and height (each side in its own half). */
export function slotPosition(player: LineupPlayer, side: 'home' | 'away'): { left: number; top: number } {
  // A side's half, less room for a player's mark at the goal line and at the halfway line.
  const depth = ((player.slot_x ?? 50) / 100) * 40;
  // Kept 8 % in from the touchlines: a wide player's name stays on the pitch (and on a phone's screen).
  const across = 8 + ((side === 'home' ? (player.slot_y ?? 50) : 100 - (player.slot_y ?? 50)) * 84) / 100;
  return { left: across, top: side === 'home' ? 94 - depth : 6 + depth };
}

/** A substitution's mark beside a player: ↑ 63' came on, ↓ 63' went off. */
function moves(player: LineupPlayer): string {
  return [player.on_minute !== null ? `↑${minuteText(player.on_minute)}` : '', player.off_minute !== null ? `↓${minuteText(player.off_minute)}` : ''].filter(Boolean).join(' ');
}

function Starter({ player, side }: { player: LineupPlayer; side: 'home' | 'away' }) {
  const { left, top } = slotPosition(player, side);
  const moved = moves(player);
  return (
    <Slot style={{ left: `${left}%`, top: `${top}%` }}>
      <Shirt $side={side} aria-hidden="true">
        {player.shirt_number}
      </Shirt>
      <PlayerPopover player={player} compact />
      {moved && <Moved>{moved}</Moved>}
    </Slot>
  );
}

function moveText(player: LineupPlayer): string {
  return [player.on_minute !== null ? matchCentreCopy.subOn(player.on_minute) : '', player.off_minute !== null ? matchCentreCopy.subOff(player.off_minute) : ''].filter(Boolean).join('，');
}

function LineupTable({ team }: { team: TeamLineup }) {
  return (
    <DataTable
      caption={matchCentreCopy.lineupsTable(team.team_name_zh)}
      rows={[...team.starters, ...team.substitutes]}
      rowKey={(player) => player.player_id}
      columns={[
        { header: matchCentreCopy.shirt, cell: (player) => player.shirt_number },
        { header: matchCentreCopy.player, cell: (player) => player.name_zh },
        { header: matchCentreCopy.position, cell: (player) => (player.starter ? player.position : `${player.position}（${matchCentreCopy.substitutes}）`) },
        { header: matchCentreCopy.rating, cell: (player) => ratingText(player.rating) },
        { header: '换人', cell: moveText },
      ]}
    />
  );
}

/**
 * Both starting XIs on one pitch in their formation (home from the bottom, away from the top),
 * shirt numbers, names and live ratings on the players (each opens his match stats), the
 * substitutes below with who came on when; the same as tables for screen readers.
 */
export function Lineups({ lineups }: { lineups: FootballLineups }) {
  const teams = [lineups.home, lineups.away];
  if (teams.every((team) => team.starters.length === 0)) return <p>{matchCentreCopy.notStarted}</p>;
  return (
    <ChartFigure
      title={`${matchCentreCopy.lineups} · ${teams.map((team) => matchCentreCopy.formation(team.team_name_zh, team.formation ?? '')).join(' / ')}`}
      testId="lineups"
      chart={
        <>
          <Pitch>
            <svg viewBox={`-2 -2 ${PITCH_WIDTH + 4} ${PITCH_LENGTH + 4}`} aria-hidden="true" focusable="false">
              <g transform={`rotate(-90) translate(${-PITCH_LENGTH} 0)`}>
                <PitchMarkings />
              </g>
            </svg>
            {teams.map((team) => (
              <ul key={team.side} aria-label={matchCentreCopy.formation(team.team_name_zh, team.formation ?? '')} data-testid={`lineup-${team.side}`}>
                {team.starters.map((player) => (
                  <Starter key={player.player_id} player={player} side={team.side} />
                ))}
              </ul>
            ))}
          </Pitch>
          <Bench>
            {teams.map((team) => (
              <section key={team.side} aria-label={`${team.team_name_zh} ${matchCentreCopy.substitutes}`} data-testid={`bench-${team.side}`}>
                <h4>
                  <a href={`#/team?id=${team.team_id}`}>{team.team_name_zh}</a> {matchCentreCopy.substitutes}
                </h4>
                <ul>
                  {team.substitutes.map((player) => (
                    <li key={player.player_id} data-came-on={player.on_minute !== null}>
                      <PlayerPopover player={player} />
                      {moves(player) && <Moved>{moves(player)}</Moved>}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </Bench>
        </>
      }
      table={
        <>
          {teams.map((team) => (
            <LineupTable key={team.side} team={team} />
          ))}
        </>
      }
    />
  );
}

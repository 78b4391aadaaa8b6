import styled from 'styled-components';
import type { MatchRow } from '@sports/shared';
import { scoreBarCopy } from './scoreBarCopy';

const Bar = styled.section`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto minmax(0, 1fr);
  align-items: center;
  gap: 4px 16px;
  padding: 12px 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};

  .competition,
  .time,
  .parts {
    grid-column: 1 / -1;
    text-align: center;
    font-size: ${({ theme }) => theme.font.small};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .team {
    display: flex;
    flex-direction: column;
    gap: 2px;
    font-weight: 600;
    min-width: 0;
  }
  .home {
    align-items: flex-end;
    text-align: right;
    color: ${({ theme }) => theme.colors.home};
  }
  .away {
    align-items: flex-start;
    color: ${({ theme }) => theme.colors.away};
  }
  .score {
    font-size: ${({ theme }) => theme.font.hero};
    font-variant-numeric: tabular-nums;
  }
  .time {
    font-weight: 600;
    color: ${({ theme }) => theme.colors.brand};
  }
  .cards {
    display: flex;
    gap: 6px;
    font-weight: normal;
    font-size: ${({ theme }) => theme.font.small};
    color: ${({ theme }) => theme.colors.text};
  }
  .parts ol {
    display: inline-flex;
    flex-wrap: wrap;
    gap: 4px 12px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

function Cards({ yellow, red }: { yellow: number; red: number }) {
  if (yellow === 0 && red === 0) return null;
  return (
    <span className="cards">
      {yellow > 0 && <span data-card="yellow">{scoreBarCopy.yellow(yellow)}</span>}
      {red > 0 && <span data-card="red">{scoreBarCopy.red(red)}</span>}
    </span>
  );
}

/** Basketball quarters, esports maps (kills) and snooker frames (points), each as home-away. */
function Parts({ row }: { row: MatchRow }) {
  if (row.sport === 'football' || row.period_scores.length === 0) return null;
  const basketball = row.sport === 'basketball';
  const label = basketball ? scoreBarCopy.periods : `${scoreBarCopy.games}（${row.sport === 'esports' ? scoreBarCopy.seriesKills : scoreBarCopy.seriesPoints}）`;
  return (
    <div className="parts" aria-label={label}>
      <ol data-testid="score-bar-parts">
        {row.period_scores.map(([home, away], index) => (
          <li key={index}>
            {basketball ? scoreBarCopy.period(index) : scoreBarCopy.game(index)} {home}-{away}
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * The bar's room while the room's match loads: the rows of a football bar with no text, so the
 * player and chat below do not jump down when the match arrives (issue 17: on a phone that was
 * the room page's layout shift). Hidden from assistive technology: it says nothing.
 */
export function ScoreBarPlaceholder() {
  return (
    <Bar aria-hidden="true" data-testid="score-bar-placeholder">
      <span className="competition">{'\u00a0'}</span>
      <span className="team home">{'\u00a0'}</span>
      <strong className="score">{'\u00a0'}</strong>
      <span className="team away">{'\u00a0'}</span>
      <span className="time">{'\u00a0'}</span>
    </Bar>
  );
}

export interface ScoreBarProps {
  row: MatchRow;
}

/**
 * The match a room shows: competition, both teams with their cards (football), the score (games
 * won for esports and snooker series), the time as the feed writes it ("67'", "第3节 05:12",
 * "第2局 15'", "中场", "完场"), and per-part scores for basketball and series.
 */
export function ScoreBar({ row }: ScoreBarProps) {
  return (
    <Bar aria-label={scoreBarCopy.region} data-testid="score-bar" data-match-id={row.match_id} data-status={row.status} data-sport={row.sport}>
      <span className="competition">
        {row.competition_short_zh} {row.round_zh}
      </span>
      <span className="team home">
        <span data-testid="score-bar-home">{row.home_team_name_zh}</span>
        {row.sport === 'football' && <Cards yellow={row.home_yellow} red={row.home_red} />}
      </span>
      <strong className="score" data-testid="score-bar-score" aria-live="polite">
        {row.home_score} - {row.away_score}
      </strong>
      <span className="team away">
        <span data-testid="score-bar-away">{row.away_team_name_zh}</span>
        {row.sport === 'football' && <Cards yellow={row.away_yellow} red={row.away_red} />}
      </span>
      <span className="time" data-testid="score-bar-time">
        {row.match_str}
      </span>
      <Parts row={row} />
    </Bar>
  );
}

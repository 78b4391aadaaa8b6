import { useAtomValue } from 'jotai';
import styled, { keyframes } from 'styled-components';
import { gameSetingAtom, TableScroll, TeamName, type MatchRow, type ScoreSport } from '@sports/shared';
import { FollowStar, type Follows } from '@sports/shared/follows';
import { boardCopy } from '../messages';
import { CardBadges } from './CardBadges';
import { FavouriteStar } from './FavouriteStar';
import { isFollowedMatch } from './followedFirst';
import { halfTimeText, chinaMonthDay, chinaClock, scoreText } from './format';

const flash = keyframes`
  from { background: #ffe08a; }
  to { background: transparent; }
`;

const Row = styled.tr`
  &[data-status='live'] td[data-col='status'],
  &[data-status='halftime'] td[data-col='status'] {
    color: ${({ theme }) => theme.colors.danger};
    font-weight: bold;
  }
  td[data-col='home'] {
    text-align: right;
  }
  td[data-col='away'] {
    text-align: left;
  }
  /* A long name ends with … and carries the whole name as its title (TeamName). */
  td[data-col='home'] [data-team-name],
  td[data-col='away'] [data-team-name] {
    max-width: min(12em, 100%);
  }
  td[data-col='periods'] {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }
`;

const Score = styled.a`
  display: inline-block;
  min-width: 48px;
  padding: 2px 6px;
  border-radius: ${({ theme }) => theme.radius.small};
  color: ${({ theme }) => theme.colors.brandDark};
  font-weight: bold;
  text-decoration: none;
  animation: ${flash} 2s ease-out;

  &:hover {
    text-decoration: underline;
  }
`;

/**
 * Phone (500 px, the /h5 site): each row a card in one column, no sideways scroll: competition,
 * time and state on top; home, score and away across; half-time or quarter scores below; the
 * favourite star on the left. The header row stays for screen readers only.
 */
const Board = styled.div`
  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}px) {
    > div {
      overflow-x: visible;
    }
    table,
    tbody {
      display: block;
    }
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }
    tr {
      display: grid;
      grid-template-columns: 44px minmax(0, 1fr) auto minmax(0, 1fr);
      grid-template-areas:
        'star competition time status'
        'star home score away'
        'star extra extra extra';
      align-items: center;
      column-gap: 8px;
      padding: 8px 0;
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }
    /* Over the shared table's cell rules (TableScroll): no padding, border or single line. */
    && td {
      display: block;
      padding: 0;
      border: 0;
      min-width: 0;
      white-space: normal;
    }
    td:first-child {
      grid-area: star;
    }
    td[data-col='competition'] {
      grid-area: competition;
      justify-self: end;
      color: ${({ theme }) => theme.colors.textMuted};
    }
    td[data-col='time'] {
      grid-area: time;
      justify-self: center;
      color: ${({ theme }) => theme.colors.textMuted};
    }
    td[data-col='status'] {
      grid-area: status;
    }
    td[data-col='home'] {
      grid-area: home;
      font-size: 15px;
    }
    td[data-col='score'] {
      grid-area: score;
      justify-self: center;
    }
    td[data-col='away'] {
      grid-area: away;
      font-size: 15px;
    }
    td[data-col='half'],
    td[data-col='periods'] {
      grid-area: extra;
      text-align: center;
    }
    td[data-col='half']:empty,
    td[data-col='periods']:empty {
      display: none;
    }
    td[data-col='score'] a {
      display: inline-flex;
      align-items: center;
      justify-content: center;
      min-height: 44px;
      font-size: 16px;
    }
  }
`;

export type TableMode = ScoreSport | 'mixed';

export interface MatchTableProps {
  rows: readonly MatchRow[];
  mode: TableMode;
  caption: string;
  favourites: ReadonlySet<number>;
  onToggleFavourite: (row: MatchRow) => void;
  /** Show the date with the time (lists spanning days). */
  showDate?: boolean;
  /** The member's follows: a follow star beside each team's and the competition's name (issue 39). */
  follows?: Follows;
}

/**
 * Scores rows (SPEC.md section 2: football, basketball, bifen): time, competition, teams, score,
 * half-time score and red/yellow cards for football (as gameSeting says), quarter scores for
 * basketball, and the favourite star. The score links to the match detail. With `follows`, a
 * follow star beside each team and the competition (issue 39), and `data-followed` on the rows
 * of followed teams and leagues.
 */
export function MatchTable({ rows, mode, caption, favourites, onToggleFavourite, showDate = false, follows }: MatchTableProps) {
  const game = useAtomValue(gameSetingAtom);
  const columns = boardCopy.columns;
  return (
    <Board>
      <TableScroll>
        <table data-testid="match-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{columns.favourite}</th>
              <th scope="col">{columns.competition}</th>
              <th scope="col">{columns.time}</th>
              <th scope="col">{columns.status}</th>
              <th scope="col">{columns.home}</th>
              <th scope="col">{columns.score}</th>
              <th scope="col">{columns.away}</th>
              <th scope="col">{mode === 'football' ? columns.half : mode === 'basketball' ? columns.periods : `${columns.half}/${columns.periods}`}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <Row key={row.match_id} data-match-id={row.match_id} data-status={row.status} data-followed={follows !== undefined && isFollowedMatch(row, follows.ids) ? 'true' : undefined} data-testid="match-row">
                <td>
                  <FavouriteStar
                    home={row.home_team_name_zh}
                    away={row.away_team_name_zh}
                    favourite={favourites.has(row.match_id)}
                    onToggle={() => onToggleFavourite(row)}
                  />
                </td>
                <td data-col="competition">
                  {row.competition_short_zh}
                  {follows && <FollowStar follows={follows} type="league" id={row.competition_id} name={row.competition_short_zh} />}
                </td>
                <td data-col="time">{showDate ? `${chinaMonthDay(row.kickoff_at)} ${chinaClock(row.kickoff_at)}` : chinaClock(row.kickoff_at)}</td>
                <td data-col="status">{row.match_str}</td>
                <td data-col="home">
                  {follows && <FollowStar follows={follows} type="team" id={row.home_team_id} name={row.home_team_name_zh} />}
                  {row.sport === 'football' && <CardBadges red={row.home_red} yellow={row.home_yellow} showRed={game.red} showYellow={game.yellow} />}
                  <TeamName name={row.home_team_name_zh} />
                </td>
                <td data-col="score">
                  <Score
                    key={scoreText(row)}
                    href={`#/score-detail?id=${row.match_id}`}
                    aria-label={`${boardCopy.detailLink(row.home_team_name_zh, row.away_team_name_zh)} ${scoreText(row)}`}
                    data-testid="match-score"
                  >
                    {scoreText(row)}
                  </Score>
                </td>
                <td data-col="away">
                  <TeamName name={row.away_team_name_zh} />
                  {row.sport === 'football' && <CardBadges red={row.away_red} yellow={row.away_yellow} showRed={game.red} showYellow={game.yellow} />}
                  {follows && <FollowStar follows={follows} type="team" id={row.away_team_id} name={row.away_team_name_zh} />}
                </td>
                <td data-col={row.sport === 'football' ? 'half' : 'periods'}>{row.sport === 'football' ? halfTimeText(row) : periodScores(row)}</td>
              </Row>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </Board>
  );
}

function periodScores(row: MatchRow): string {
  return row.period_scores.map(([home, away]) => `${home}-${away}`).join(' ');
}

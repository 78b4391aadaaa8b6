import styled from 'styled-components';
import { Muted, PagePanel, type MatchRow } from '@sports/shared';
import type { PlayerSeasonLine } from '@sports/shared/matchCentre';
import { chinaMonthDay, scoreText } from '../../board/format';
import { type Column, DataTable } from '../../ui/DataTable';
import { ratingText, xgText } from '../format';
import { matchCentreCopy } from '../matchCentreCopy';

/** A row of the season's numbers: label over value. */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(88px, 1fr));
  gap: 8px;
  margin: 0;

  div {
    padding: 8px;
    border-radius: ${({ theme }) => theme.radius.small};
    background: ${({ theme }) => theme.colors.background};
    text-align: center;
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.font.small};
  }
  dd {
    margin: 2px 0 0;
    font-size: ${({ theme }) => theme.font.title};
    font-weight: 600;
  }
`;

export function FactList({ facts, label }: { facts: readonly [string, string | number][]; label: string }) {
  return (
    <Facts aria-label={label}>
      {facts.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </Facts>
  );
}

/** A player's season as facts: football's goals, xG and rating, or basketball's points and rebounds. */
export function seasonFacts(season: PlayerSeasonLine, sport: MatchRow['sport']): [string, string | number][] {
  const common: [string, string | number][] = [
    ['出场', season.appearances],
    ['首发', season.starts],
    ['出场时间', `${season.minutes}'`],
  ];
  if (sport === 'basketball')
    return [...common, ['得分', season.points], ['篮板', season.rebounds], ['助攻', season.assists], ['抢断', season.steals], ['盖帽', season.blocks]];
  return [...common, ['进球', season.goals], ['助攻', season.assists], ['预期进球', xgText(season.xg)], ['黄牌', season.yellow], ['红牌', season.red], ['平均评分', ratingText(season.average_rating)]];
}

/** A recent match in one cell: date, competition, the teams and the score, linking to its page. */
export function MatchCell({ match }: { match: MatchRow }) {
  return (
    <a href={`#/score-detail?id=${match.match_id}`}>
      {chinaMonthDay(match.kickoff_at)} {match.competition_short_zh} {match.home_team_name_zh} {scoreText(match)} {match.away_team_name_zh}
    </a>
  );
}

/** A profile's recent matches (newest first): the match, then the page's own columns; a note when there are none. */
export function RecentMatches<Line extends { match: MatchRow }>({ lines, columns }: { lines: readonly Line[]; columns: Column<Line>[] }) {
  return (
    <PagePanel>
      {lines.length === 0 ? (
        <Muted>{matchCentreCopy.noRecent}</Muted>
      ) : (
        <DataTable caption={matchCentreCopy.recent} rows={lines} rowKey={(line) => line.match.match_id} columns={[{ header: '比赛', cell: (line) => <MatchCell match={line.match} /> }, ...columns]} />
      )}
    </PagePanel>
  );
}

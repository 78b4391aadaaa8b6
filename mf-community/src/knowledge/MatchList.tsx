import { type MatchRow, type ScoreSport, chinaMonthDayTimeText } from '@sports/shared';
import { knowledgeCopy } from './knowledgeCopy';
import { teamHref } from './knowledgeApi';
import { type Column, KnowledgeTable } from './KnowledgeTable';

/** '05/17 19:30' in China time (the site's time zone). */
export const chinaWhen = (iso: string) => chinaMonthDayTimeText(iso);

export const scoreOf = (match: MatchRow) => (match.status === 'scheduled' ? '-' : `${match.home_score}-${match.away_score}`);

/** Matches with links to the match page and to both teams' pages. */
export function MatchList({ sport, matches, caption, testId }: { sport: ScoreSport; matches: readonly MatchRow[]; caption: string; testId?: string }) {
  const columns: Column<MatchRow>[] = [
    { header: knowledgeCopy.columns.date, cell: (match) => chinaWhen(match.kickoff_at) },
    { header: knowledgeCopy.columns.round, cell: (match) => match.round_zh },
    {
      header: knowledgeCopy.columns.match,
      cell: (match) => (
        <>
          <a href={teamHref(sport, match.home_team_id)}>{match.home_team_name_zh}</a>
          {' - '}
          <a href={teamHref(sport, match.away_team_id)}>{match.away_team_name_zh}</a>
        </>
      ),
    },
    { header: knowledgeCopy.columns.score, cell: (match) => <a href={`#/score-detail?id=${match.match_id}`}>{match.status === 'scheduled' ? match.match_str || '-' : scoreOf(match)}</a> },
  ];
  return <KnowledgeTable caption={caption} columns={columns} rows={matches} rowKey={(match) => match.match_id} testId={testId} />;
}

import { LoadView, Muted, useLoad, type MatchRow, type RemoteContext } from '@sports/shared';
import { scoresApi } from '../api/scoresApi';
import { detailCopy } from '../messages';
import { IntelligenceView } from './IntelligenceView';
import { StandingsTable } from './StandingsTable';

/** The competition's table with the two teams of the match highlighted. */
export function StandingsSection({ context, row }: { context: RemoteContext; row: MatchRow }) {
  const { state, retry } = useLoad(`table:${row.competition_id}`, () => scoresApi(context.api).seasonTable(row.competition_id));
  return (
    <LoadView state={state} failed={detailCopy.noStandings} onRetry={retry}>
      {(table) => (table === null ? <Muted>{detailCopy.noStandings}</Muted> : <StandingsTable table={table} sport={row.sport} highlight={[row.home_team_id, row.away_team_id]} />)}
    </LoadView>
  );
}

/** The match's pre-match intelligence. */
export function IntelligenceSection({ context, row }: { context: RemoteContext; row: MatchRow }) {
  const { state, retry } = useLoad(`intelligence:${row.match_id}`, () => scoresApi(context.api).intelligence(row.match_id));
  return (
    <LoadView state={state} failed={detailCopy.failed} onRetry={retry}>
      {(intelligence) => <IntelligenceView intelligence={intelligence} homeTeam={row.home_team_name_zh} awayTeam={row.away_team_name_zh} />}
    </LoadView>
  );
}

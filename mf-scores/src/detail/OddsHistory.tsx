import { LoadView, Muted, useLoad, useReloadOn, type OddsHistoryRow, type OddsMarketName, type RemoteContext } from '@sports/shared';
import { scoresApi } from '../api/scoresApi';
import { chinaClock } from '../board/format';
import { detailCopy } from '../messages';
import { DataTable, type Column } from '../ui/DataTable';

export interface OddsHistoryProps {
  context: RemoteContext;
  matchId: number;
  companyId: number;
  market: OddsMarketName;
  title: string;
  hasDraw: boolean;
  /** Changes when the live price moves: the history reloads. */
  version: string;
}

/** How one market's price moved, newest first, with the match time and score at each move. */
export function OddsHistory({ context, matchId, companyId, market, title, hasDraw, version }: OddsHistoryProps) {
  const { state, reload, retry } = useLoad(`history:${matchId}:${companyId}:${market}`, () => scoresApi(context.api).oddsHistory(matchId, companyId, market));
  useReloadOn(version, reload);
  const names = detailCopy.historyColumns;
  const columns: Column<OddsHistoryRow>[] = [
    { header: names.time, cell: (row) => chinaClock(row.recorded_at) },
    { header: names.match, cell: (row) => row.match_str },
    { header: names.score, cell: (row) => `${row.home_score}-${row.away_score}` },
    { header: names.home, cell: (row) => row.home.toFixed(2) },
    { header: names.line, cell: (row) => row.line ?? '-' },
    { header: names.draw, cell: (row) => (row.draw === null ? '-' : row.draw.toFixed(2)), hidden: !hasDraw },
    { header: names.away, cell: (row) => row.away.toFixed(2) },
  ];
  return (
    <section aria-label={title} data-testid="odds-history">
      <h3>{title}</h3>
      <LoadView state={state} failed={detailCopy.failed} onRetry={retry}>
        {(moves) =>
          moves.length === 0 ? <Muted>{detailCopy.noOdds}</Muted> : <DataTable caption={title} columns={columns} rows={[...moves].reverse()} rowKey={(row, index) => `${row.recorded_at}-${index}`} />
        }
      </LoadView>
    </section>
  );
}

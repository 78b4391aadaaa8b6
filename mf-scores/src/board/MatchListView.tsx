import { Button, Muted, Toolbar, type MatchRow } from '@sports/shared';
import { boardCopy } from '../messages';
import { MatchTable, type MatchTableProps } from './MatchTable';
import type { MatchListState } from './useMatchList';

export interface MatchListViewProps extends Omit<MatchTableProps, 'rows'> {
  state: MatchListState;
  /** The rows to show from the fetched ones (the live overlay). */
  present: (fetched: readonly MatchRow[]) => MatchRow[];
  empty: string;
  onRetry: () => void;
  onLoadMore: () => void;
}

/** A fetched match list: loading, failed with retry, empty, or the table with 'load more'. */
export function MatchListView({ state, present, empty, onRetry, onLoadMore, ...table }: MatchListViewProps) {
  if (state.status === 'loading') return <Muted role="status">{boardCopy.loading}</Muted>;
  if (state.status === 'failed') {
    return (
      <Muted>
        {boardCopy.failed}{' '}
        <Button onClick={onRetry}>
          {boardCopy.retry}
        </Button>
      </Muted>
    );
  }
  const rows = present(state.rows);
  if (rows.length === 0) return <Muted>{empty}</Muted>;
  return (
    <>
      <MatchTable rows={rows} {...table} />
      {state.rows.length < state.total && (
        <Toolbar>
          <Button onClick={onLoadMore}>
            {boardCopy.loadMore(state.rows.length, state.total)}
          </Button>
        </Toolbar>
      )}
    </>
  );
}

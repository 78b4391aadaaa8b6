import type { AllMatchRequest, MatchRow, RemoteContext, ScoreSport } from '@sports/shared';
import { useFavourites } from '../favourites/useFavourites';
import { overlayRows } from '../live/liveRows';
import { useLiveMatches } from '../live/useLiveMatches';
import type { MatchListViewProps } from './MatchListView';
import { useMatchList } from './useMatchList';

/**
 * A schedule query kept live: the fetched rows (with 'load more'), the socket's rows of `sports`
 * over them, and the favourite stars. Answers the connection status and MatchListView's props.
 */
export function useLiveMatchList(context: RemoteContext, request: AllMatchRequest | null, sports: readonly ScoreSport[]) {
  const { liveIndex, status } = useLiveMatches(sports);
  const favourites = useFavourites(context, sports.length === 1 ? sports[0] : undefined);
  const list = useMatchList(context, request);
  const listProps = {
    state: list.state,
    present: (fetched: readonly MatchRow[]) => overlayRows(fetched, liveIndex),
    onRetry: list.retry,
    onLoadMore: list.loadMore,
    favourites: favourites.ids,
    onToggleFavourite: (row: MatchRow) => void favourites.toggle(row),
  } satisfies Partial<MatchListViewProps>;
  return { status, liveIndex, favourites, listProps };
}

import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { requireLogin, userInfoAtom, type MatchRow, type RemoteContext, type ScoreSport } from '@sports/shared';
import { scoresApi } from '../api/scoresApi';
import { boardCopy } from '../messages';

const FAVOURITE_TOAST_MS = 2_000;

export type FavouritesState = { status: 'visitor' } | { status: 'loading' } | { status: 'ready'; rows: MatchRow[] } | { status: 'failed' };

/**
 * The signed-in user's favourite matches (`POST api/Basketballuser/collect`): which rows carry a
 * filled star, the favourites list, and the toggle. Visitors get the please-log-in behaviour.
 */
export function useFavourites(context: RemoteContext, sport?: ScoreSport) {
  const user = useAtomValue(userInfoAtom);
  const loggedIn = user !== null;
  const [state, setState] = useState<FavouritesState>(loggedIn ? { status: 'loading' } : { status: 'visitor' });
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());

  const load = useCallback(() => {
    let current = true;
    if (!loggedIn) {
      setState({ status: 'visitor' });
      return () => undefined;
    }
    setState({ status: 'loading' });
    scoresApi(context.api)
      .collectList()
      .then((page) => current && setState({ status: 'ready', rows: sport === undefined ? page.list : page.list.filter((row) => row.sport === sport) }))
      .catch(() => current && setState({ status: 'failed' }));
    return () => {
      current = false;
    };
  }, [context.api, loggedIn, sport]);

  useEffect(load, [load]);

  const ids: ReadonlySet<number> = useMemo(() => new Set(state.status === 'ready' ? state.rows.map((row) => row.match_id) : []), [state]);

  const toggle = useCallback(
    async (row: MatchRow) => {
      if (!requireLogin(context)) return;
      if (pending.has(row.match_id)) return;
      const collect = ids.has(row.match_id) ? 0 : 1;
      setPending((current) => new Set(current).add(row.match_id));
      try {
        await scoresApi(context.api).collect({ match_id: row.match_id, collect });
        setState((current) => {
          const rows = current.status === 'ready' ? current.rows : [];
          const others = rows.filter((candidate) => candidate.match_id !== row.match_id);
          return { status: 'ready', rows: collect === 1 ? [row, ...others] : others };
        });
        context.eventBus.emit('toast', { kind: 'success', message: collect === 1 ? boardCopy.favourited : boardCopy.unfavourited, durationMs: FAVOURITE_TOAST_MS });
      } catch {
        // The API client has shown why (SPEC.md section 8); the star stays as it was.
      } finally {
        setPending((current) => {
          const next = new Set(current);
          next.delete(row.match_id);
          return next;
        });
      }
    },
    [context, ids, pending],
  );

  return { loggedIn, state, ids, toggle, reload: load };
}

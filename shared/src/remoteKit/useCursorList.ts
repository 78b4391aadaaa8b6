import { useCallback, useEffect, useRef, useState } from 'react';

export interface CursorPage<Item> {
  list: Item[];
  next_cursor: string | null;
}

export type CursorListState<Item> =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; items: Item[]; cursor: string | null; more: 'idle' | 'loading' | 'failed' };

/**
 * A list read by keyset cursor (newest first): the first page whenever `key` changes (another
 * category or filter, or a reload after a change), then `loadMore()` appends the page after the
 * last `next_cursor`. An answer for an older key is dropped; a failed 加载更多/更多 keeps the rows
 * and lets the reader retry. A null key loads nothing (yet). `update` changes the rows in place (a
 * like, a delete) without reloading, so counts stay what the server answered.
 */
export function useCursorList<Item>(key: string | null, load: (cursor?: string) => Promise<CursorPage<Item>>) {
  const [state, setState] = useState<CursorListState<Item>>({ status: 'loading' });
  const loadRef = useRef(load);
  loadRef.current = load;
  const generation = useRef(0);

  const first = useCallback(() => {
    const current = (generation.current += 1);
    setState({ status: 'loading' });
    loadRef.current().then(
      (page) => current === generation.current && setState({ status: 'ready', items: page.list, cursor: page.next_cursor, more: 'idle' }),
      () => current === generation.current && setState({ status: 'failed' }),
    );
  }, []);

  useEffect(() => {
    if (key === null) return undefined;
    first();
    return () => {
      generation.current += 1;
    };
  }, [key, first]);

  const loadMore = useCallback(() => {
    if (state.status !== 'ready' || state.cursor === null || state.more === 'loading') return;
    const current = generation.current;
    const { cursor } = state;
    setState({ ...state, more: 'loading' });
    loadRef.current(cursor).then(
      (page) =>
        current === generation.current &&
        setState((now) => (now.status === 'ready' ? { status: 'ready', items: [...now.items, ...page.list], cursor: page.next_cursor, more: 'idle' } : now)),
      () => current === generation.current && setState((now) => (now.status === 'ready' ? { ...now, more: 'failed' } : now)),
    );
  }, [state]);

  const update = useCallback((change: (items: Item[]) => Item[]) => {
    setState((now) => (now.status === 'ready' ? { ...now, items: change(now.items) } : now));
  }, []);

  return { state, loadMore, retry: first, update };
}

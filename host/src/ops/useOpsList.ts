import { useCallback, useEffect, useRef, useState } from 'react';
import { failureMessage } from './opsFailure';

/** A page of an ops list as the routes answer it (`next_cursor` null or absent: the last page, or a list that does not page). */
export interface OpsListPage<Row, Cursor> {
  list: Row[];
  next_cursor?: Cursor | null;
}

export interface OpsListView<Row, Cursor> {
  list: Row[];
  cursor: Cursor | null;
}

/**
 * An ops section's list under one filter (a room, a review state): loaded when the filter is
 * chosen, more by cursor, reloaded on demand. An answer for an older filter choice is dropped
 * (a generation counter), a refusal becomes the section's error line (`failureMessage`; an ops
 * token refused calls `onForbidden`). `setView` lets a section update rows in place (a review's
 * answer). Choosing the filter already shown reloads it.
 */
export function useOpsList<Filter, Row, Cursor>(load: (filter: Filter, cursor: Cursor | null) => Promise<OpsListPage<Row, Cursor>>, initialFilter: Filter, onForbidden: () => void) {
  const [filter, setFilter] = useState<Filter>(initialFilter);
  const [view, setView] = useState<OpsListView<Row, Cursor> | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const current = (generation.current += 1);
    try {
      const answer = await load(filter, null);
      if (current !== generation.current) return;
      setView({ list: answer.list, cursor: answer.next_cursor ?? null });
      setLoadError(null);
    } catch (error) {
      if (current === generation.current) setLoadError(failureMessage(error, onForbidden));
    }
  }, [load, filter, onForbidden]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const loadMore = useCallback(async () => {
    if (!view || view.cursor === null) return;
    const current = generation.current;
    setLoadingMore(true);
    try {
      const answer = await load(filter, view.cursor);
      if (current !== generation.current) return;
      setView((now) => now && { list: [...now.list, ...answer.list], cursor: answer.next_cursor ?? null });
      setLoadError(null);
    } catch (error) {
      if (current === generation.current) setLoadError(failureMessage(error, onForbidden));
    } finally {
      setLoadingMore(false);
    }
  }, [load, filter, view, onForbidden]);

  const showFilter = useCallback(
    (next: Filter) => {
      if (Object.is(next, filter)) {
        void reload();
        return;
      }
      generation.current += 1;
      setView(null);
      setLoadError(null);
      setFilter(next);
    },
    [filter, reload],
  );

  return { filter, view, setView, loadError, loadingMore, reload, loadMore, showFilter };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { failureMessage } from './opsFailure';

/** A page of an audit list as the ops routes answer it (`next_cursor` null: the last page, or a list that does not page). */
export interface AuditPage<Row> {
  list: Row[];
  next_cursor?: number | null;
}

export interface GameAuditView<Row> {
  list: Row[];
  cursor: number | null;
}

/**
 * An audit section's list (竞猜审计, 红包审计): of one room or all, newest first as the server
 * orders it, more by cursor where the route pages. Choosing a room reloads; an answer for an
 * older room choice is dropped.
 */
export function useGameAudit<Row>(load: (roomId: number | null, cursor: number | null) => Promise<AuditPage<Row>>, onForbidden: () => void) {
  const [roomId, setRoomId] = useState<number | null>(null);
  const [view, setView] = useState<GameAuditView<Row> | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const current = (generation.current += 1);
    try {
      const answer = await load(roomId, null);
      if (current !== generation.current) return;
      setView({ list: answer.list, cursor: answer.next_cursor ?? null });
      setLoadError(null);
    } catch (error) {
      if (current === generation.current) setLoadError(failureMessage(error, onForbidden));
    }
  }, [load, roomId, onForbidden]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const loadMore = useCallback(async () => {
    if (!view || view.cursor === null) return;
    const current = generation.current;
    setLoadingMore(true);
    try {
      const answer = await load(roomId, view.cursor);
      if (current !== generation.current) return;
      setView((now) => now && { list: [...now.list, ...answer.list], cursor: answer.next_cursor ?? null });
      setLoadError(null);
    } catch (error) {
      if (current === generation.current) setLoadError(failureMessage(error, onForbidden));
    } finally {
      setLoadingMore(false);
    }
  }, [load, roomId, view, onForbidden]);

  const showRoom = useCallback(
    (next: number | null) => {
      if (next === roomId) {
        void reload();
        return;
      }
      generation.current += 1;
      setView(null);
      setLoadError(null);
      setRoomId(next);
    },
    [roomId, reload],
  );

  return { roomId, view, loadError, loadingMore, reload, loadMore, showRoom };
}

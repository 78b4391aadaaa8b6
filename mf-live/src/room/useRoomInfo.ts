import { useCallback, useEffect } from 'react';
import { useLoad, type LiveRoomInfo, type RemoteContext } from '@sports/shared';
import { liveApi } from '../api/liveApi';

/** While the room is offline (waiting for the anchor), room info is asked this often. */
export const OFFLINE_POLL_MS = 5_000;
/** While live: title, placard and viewer count stay fresh; a dropped stream asks at once. */
export const LIVE_POLL_MS = 15_000;

/**
 * The room for this viewer, kept fresh: polled (faster while offline, so a starting stream shows
 * within seconds), and `refresh()` for when the player saw the stream drop or the owner acted.
 */
export function useRoomInfo(context: RemoteContext, roomId: number | null) {
  const { state, reload, retry, setState } = useLoad<LiveRoomInfo>(roomId === null ? null : String(roomId), () => liveApi(context.api).roomInfo(roomId ?? 0));
  const live = state.status === 'ready' && state.data.is_live === 1;

  useEffect(() => {
    if (roomId === null || state.status !== 'ready') return;
    const timer = setInterval(reload, live ? LIVE_POLL_MS : OFFLINE_POLL_MS);
    return () => clearInterval(timer);
  }, [roomId, state.status, live, reload]);

  /** Apply what an action answered (follow, placard…) without waiting for the next poll. */
  const patch = useCallback(
    (changes: Partial<LiveRoomInfo>) => setState((current) => (current.status === 'ready' ? { status: 'ready', data: { ...current.data, ...changes } } : current)),
    [setState],
  );

  return { state, refresh: reload, retry, patch };
}

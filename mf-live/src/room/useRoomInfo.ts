import { useCallback, useEffect, useRef } from 'react';
import { useLoad, type LiveRoomInfo, type RemoteContext } from '@sports/shared';
import { liveApi } from '../api/liveApi';

/**
 * While the room is offline, room info is asked this often: only a fallback, for a state line the
 * chat missed. The state itself is pushed: the chat's state lines reach the page at once
 * (LiveRoomView's onRoomState, docs/flows/room-state.md).
 */
export const OFFLINE_POLL_MS = 15_000;
/** While live: title, placard and viewer count stay fresh; a dropped stream asks at once. */
export const LIVE_POLL_MS = 15_000;

/**
 * The room for this viewer, kept fresh: polled as a fallback, patched by the chat's state lines,
 * and `refresh()` for when the player saw the stream drop or the owner acted.
 */
export function useRoomInfo(context: RemoteContext, roomId: number | null) {
  // The last state the chat pushed: an answer asked before it arrived must not undo it.
  const pushed = useRef<{ at: number; changes: Partial<LiveRoomInfo> } | null>(null);
  const { state, reload, retry, setState } = useLoad<LiveRoomInfo>(roomId === null ? null : String(roomId), async () => {
    const askedAt = Date.now();
    const info = await liveApi(context.api).roomInfo(roomId ?? 0);
    const last = pushed.current;
    return last !== null && last.at >= askedAt ? { ...info, ...last.changes } : info;
  });
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

  /** Apply a state the server pushed (the chat's state line): kept over answers asked before it. */
  const applyPushed = useCallback(
    (changes: Partial<LiveRoomInfo>) => {
      pushed.current = { at: Date.now(), changes };
      patch(changes);
    },
    [patch],
  );

  return { state, refresh: reload, retry, patch, applyPushed };
}

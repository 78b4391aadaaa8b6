import { useEffect } from 'react';
import { WATCH_HEARTBEAT_SECONDS_MAX, type ApiClient } from '@sports/shared';
import { liveApi } from '../api/liveApi';

/** A member's watch heartbeat goes out this often while the room is open and the tab visible. */
export const WATCH_HEARTBEAT_INTERVAL_MS = 60_000;

/**
 * Watch history (issue 12): while a signed-in member has this room open and the page is visible,
 * `POST api/User/watchRecord {room_id, seconds}` every 60 s, `seconds` being the time actually
 * watched since the last beat (visible time only, whole seconds, 1-300; the rest of a second is
 * carried to the next beat). One final beat when the tab is hidden or the room is left (unmount,
 * another room, log out). Nothing is sent while hidden, nothing for guests (`enabled` false).
 *
 * Not `navigator.sendBeacon`: a beacon carries the `token` cookie but cannot set
 * `X-Requested-With`, and the server's CSRF rule (server/src/accounts/csrf.ts) refuses a cookie
 * POST without it; so the final beat is a normal API call, sent from the visibilitychange to
 * hidden (which browsers fire before a tab closes too) or the unmount.
 *
 * The server counts at most the wall time since the previous beat in the room (+5 s) and 60 s for
 * the first beat of a day, so a beat never claims more than it watched. Failures are ignored (the
 * API client reports them as it does every call); the next beat carries on.
 */
export function useWatchHeartbeat(api: ApiClient, roomId: number, enabled: boolean): void {
  useEffect(() => {
    if (!enabled || typeof document === 'undefined') return;
    const calls = liveApi(api);
    /** When the current visible stretch started (ms), null while hidden. */
    let visibleSince: number | null = null;
    /** Visible time not yet sent (ms). */
    let pendingMs = 0;
    let timer: ReturnType<typeof setInterval> | null = null;

    const beat = () => {
      const now = Date.now();
      if (visibleSince !== null) {
        pendingMs += Math.max(0, now - visibleSince);
        visibleSince = now;
      }
      const seconds = Math.floor(pendingMs / 1000);
      if (seconds < 1) return;
      pendingMs -= seconds * 1000;
      calls.watchRecord(roomId, Math.min(seconds, WATCH_HEARTBEAT_SECONDS_MAX)).catch(() => undefined);
    };
    const startWatching = () => {
      visibleSince = Date.now();
      timer ??= setInterval(beat, WATCH_HEARTBEAT_INTERVAL_MS);
    };
    const stopWatching = () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
      beat();
      visibleSince = null;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        if (visibleSince !== null) stopWatching();
      } else if (visibleSince === null) {
        startWatching();
      }
    };

    if (document.visibilityState !== 'hidden') startWatching();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      stopWatching();
    };
  }, [api, roomId, enabled]);
}

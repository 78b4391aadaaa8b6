import { useEffect } from 'react';
import { WATCH_BEACON_TOKEN_TTL_SECONDS, WATCH_HEARTBEAT_SECONDS_MAX, type ApiClient } from '@sports/shared';
import { liveApi } from '../api/liveApi';

/** A member's watch heartbeat goes out this often while the room is open and the tab visible. */
export const WATCH_HEARTBEAT_INTERVAL_MS = 60_000;
/** A beacon token this close to its end is not used (the beat goes as a normal call instead). */
const BEACON_TOKEN_MARGIN_MS = 30_000;

/**
 * Watch history (issue 12): while a signed-in member has this room open and the page is visible,
 * `POST api/User/watchRecord {room_id, seconds}` every 60 s, `seconds` being the time actually
 * watched since the last beat (visible time only, whole seconds, 1-300; the rest of a second is
 * carried to the next beat). One final beat when the tab is hidden or the room is left (unmount,
 * another room, log out). Nothing is sent while hidden, nothing for guests (`enabled` false).
 *
 * The final beat of a tab being hidden or closed (visibilitychange to hidden, pagehide) goes as
 * `navigator.sendBeacon`, which the browser still delivers after the page is gone. A beacon
 * carries the `token` cookie but cannot set X-Requested-With, which the server's CSRF rule wants
 * (server/src/accounts/csrf.ts); so it carries instead the `beacon_token` the previous beat's
 * answer gave this session (valid 5 minutes, for this route only; docs/flows/csrf.md). Without a
 * fresh token (no beat answered yet, or it is too old) or a beacon, it is a normal API call, as
 * is the final beat of leaving the room inside the page.
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
    /** The newest beacon token and when it came. */
    let beacon: { token: string; receivedAt: number } | null = null;

    const beat = (asBeacon: boolean) => {
      const now = Date.now();
      if (visibleSince !== null) {
        pendingMs += Math.max(0, now - visibleSince);
        visibleSince = now;
      }
      const seconds = Math.floor(pendingMs / 1000);
      if (seconds < 1) return;
      pendingMs -= seconds * 1000;
      const claimed = Math.min(seconds, WATCH_HEARTBEAT_SECONDS_MAX);
      const fresh = beacon !== null && now - beacon.receivedAt < WATCH_BEACON_TOKEN_TTL_SECONDS * 1000 - BEACON_TOKEN_MARGIN_MS;
      if (asBeacon && fresh && beacon !== null && calls.watchRecordBeacon(roomId, claimed, beacon.token)) return;
      calls
        .watchRecord(roomId, claimed)
        .then((answer) => {
          if (typeof answer?.beacon_token === 'string') beacon = { token: answer.beacon_token, receivedAt: Date.now() };
        })
        .catch(() => undefined);
    };
    const startWatching = () => {
      visibleSince = Date.now();
      timer ??= setInterval(() => beat(false), WATCH_HEARTBEAT_INTERVAL_MS);
    };
    const stopWatching = (asBeacon: boolean) => {
      if (timer !== null) clearInterval(timer);
      timer = null;
      beat(asBeacon);
      visibleSince = null;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        if (visibleSince !== null) stopWatching(true);
      } else if (visibleSince === null) {
        startWatching();
      }
    };
    // A page being unloaded or put in the back/forward cache (some browsers fire no visibilitychange first).
    const onPageHide = () => {
      if (visibleSince !== null) stopWatching(true);
    };

    if (document.visibilityState !== 'hidden') startWatching();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      stopWatching(false);
    };
  }, [api, roomId, enabled]);
}

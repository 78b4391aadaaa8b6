import { afterEach, beforeEach, vi } from 'vitest';

/**
 * For the file's tests: a browser whose own time zone is `zone` (Node re-reads process.env.TZ, so a
 * Date's local getters really move), with the clock stopped at `now` (an ISO instant). What the
 * page shows must still be China time (shared/src/time/README.md); only Date is faked, so the
 * page's own timers still run.
 */
export function inBrowserZoneAt(zone: string, now: string): void {
  beforeEach(() => {
    vi.stubEnv('TZ', zone);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });
}

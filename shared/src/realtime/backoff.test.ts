import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BACKOFF, RetryTimer, backoffDelay } from './backoff';

describe('backoffDelay', () => {
  it('doubles from the initial delay up to the cap', () => {
    const noJitter = { ...DEFAULT_BACKOFF, jitter: 0 };
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(attempt, noJitter, () => 0.5))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it('keeps half of each delay and spreads the other half with the random source', () => {
    expect(backoffDelay(2, DEFAULT_BACKOFF, () => 0)).toBe(2_000);
    expect(backoffDelay(2, DEFAULT_BACKOFF, () => 0.999_999)).toBe(4_000);
    const delays = Array.from({ length: 200 }, (_, index) => backoffDelay(3, DEFAULT_BACKOFF, () => index / 200));
    expect(Math.min(...delays)).toBe(4_000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(8_000);
    // Spread out, not clumped: a restarted server is not hit by every page at once.
    expect(new Set(delays).size).toBeGreaterThan(150);
  });
});

describe('RetryTimer', () => {
  afterEach(() => vi.useRealTimers());

  it('waits longer each time, one retry pending at most, from the first wait again once succeeded; cancelled, nothing runs', () => {
    vi.useFakeTimers();
    const retry = new RetryTimer(() => 0, { ...DEFAULT_BACKOFF, jitter: 0 });
    const runs: number[] = [];
    const started = Date.now();
    const run = () => runs.push(Date.now() - started);
    retry.schedule(run);
    retry.schedule(run);
    vi.advanceTimersByTime(1_000);
    expect(runs).toEqual([1_000]);
    retry.schedule(run);
    vi.advanceTimersByTime(2_000);
    expect(runs).toEqual([1_000, 3_000]);
    retry.succeeded();
    retry.schedule(run);
    vi.advanceTimersByTime(1_000);
    expect(runs).toEqual([1_000, 3_000, 4_000]);
    retry.schedule(run);
    retry.cancel();
    vi.advanceTimersByTime(60_000);
    expect(runs).toHaveLength(3);
  });
});

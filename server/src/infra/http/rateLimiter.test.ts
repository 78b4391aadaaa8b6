import { describe, expect, it } from 'vitest';
import { createFixedWindowLimiter } from './rateLimiter';

describe('createFixedWindowLimiter', () => {
  it('allows max hits per window and per key, then resets', () => {
    let clock = 1_000;
    const limiter = createFixedWindowLimiter({ max: 2, windowMs: 60_000, now: () => clock });
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('a').allowed).toBe(true);
    const third = limiter.hit('a');
    expect(third).toEqual({ allowed: false, retryAfterMs: 60_000 });
    expect(limiter.hit('b').allowed).toBe(true);
    clock += 30_000;
    expect(limiter.hit('a').retryAfterMs).toBe(30_000);
    clock += 30_000;
    expect(limiter.hit('a').allowed).toBe(true);
  });

  it('sweeps expired keys when many are tracked', () => {
    let clock = 0;
    const limiter = createFixedWindowLimiter({ max: 1, windowMs: 10, now: () => clock, sweepAbove: 2 });
    limiter.hit('a');
    limiter.hit('b');
    clock = 20;
    // 'a' and 'b' expired and are swept; 'c' starts fresh.
    expect(limiter.hit('c').allowed).toBe(true);
    expect(limiter.hit('a').allowed).toBe(true);
  });
});

/**
 * A fixed-window counter per key (an IP, a mobile number). In process memory: enough for one
 * node; the Redis-backed variant for several nodes implements the same interface.
 */
export interface RateLimiter {
  /** Counts one hit for `key`; says whether it is allowed and when the window resets. */
  hit(key: string): RateLimitDecision;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Milliseconds until the key's window resets. */
  retryAfterMs: number;
}

export interface FixedWindowOptions {
  max: number;
  windowMs: number;
  /** Injectable clock for tests. */
  now?: () => number;
  /** Above this many tracked keys, expired ones are swept (bounds memory under many IPs). */
  sweepAbove?: number;
}

export function createFixedWindowLimiter(options: FixedWindowOptions): RateLimiter {
  const now = options.now ?? Date.now;
  const sweepAbove = options.sweepAbove ?? 10_000;
  const windows = new Map<string, { count: number; resetAt: number }>();

  function sweep(at: number): void {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
  }

  return {
    hit(key) {
      const at = now();
      let window = windows.get(key);
      if (window === undefined || window.resetAt <= at) {
        if (windows.size >= sweepAbove) sweep(at);
        window = { count: 0, resetAt: at + options.windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { allowed: window.count <= options.max, retryAfterMs: window.resetAt - at };
    },
  };
}

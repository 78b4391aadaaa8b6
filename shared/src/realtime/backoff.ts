/** Reconnect delays: exponential growth, capped, with jitter so a restarted server is not hit by every page at once. */
export interface BackoffOptions {
  /** The first retry waits about this long. */
  initialMs: number;
  /** No retry waits longer than this. */
  maxMs: number;
  factor: number;
  /**
   * 0..1: the share of each delay that is random. 0.5 ("equal jitter") keeps at least half the
   * exponential delay while spreading clients over the other half.
   */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1_000, maxMs: 30_000, factor: 2, jitter: 0.5 };

/** The wait before retry number `attempt` (0 = the first retry); `random` returns [0, 1). */
export function backoffDelay(attempt: number, options: BackoffOptions, random: () => number): number {
  const exponential = Math.min(options.maxMs, options.initialMs * options.factor ** Math.max(0, attempt));
  const fixed = exponential * (1 - options.jitter);
  return Math.round(fixed + exponential * options.jitter * random());
}

/**
 * One pending retry at a time, its waits growing by `backoffDelay` until `succeeded()` starts
 * them over (a page's reconnecting connections: host/src/messages/alertSocket.ts, unreadPush.ts).
 */
export class RetryTimer {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;

  constructor(
    private readonly random: () => number = Math.random,
    private readonly options: BackoffOptions = DEFAULT_BACKOFF,
  ) {}

  /** Runs `retry` after the next wait; nothing when one is already pending. */
  schedule(retry: () => void): void {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      retry();
    }, backoffDelay(this.attempt, this.options, this.random));
    this.attempt += 1;
  }

  /** Connected: the next wait is the first one again. */
  succeeded(): void {
    this.attempt = 0;
  }

  /** Forgets the pending retry, if any. */
  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}

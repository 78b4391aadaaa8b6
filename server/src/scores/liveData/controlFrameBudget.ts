/**
 * How many control frames (register, toggle, classify, resume) one live-data connection may send:
 * a token bucket of `burst` frames, refilled at `perMinute`. Each of those frames costs the server
 * far more than it costs the client (a toggle answers with fresh snapshots, a late resume may read
 * PostgreSQL), so without a budget a few kilobytes in buy megabytes out. Heartbeats are not
 * counted: they are answered one for one and keep the connection alive.
 *
 * The real client (shared/src/realtime/liveDataClient.ts) sends at most 8 on connecting
 * (register, toggle, a resume per stream, classify) and one per user switch of company or mode.
 */
export interface ControlFrameLimits {
  /** Frames a connection may send at once (the bucket's size). */
  burst: number;
  /** Frames the bucket regains per minute (spread evenly). */
  perMinute: number;
}

export const DEFAULT_CONTROL_FRAME_LIMITS: ControlFrameLimits = { burst: 20, perMinute: 60 };

export class ControlFrameBudget {
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly limits: ControlFrameLimits,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = limits.burst;
    this.refilledAt = now();
  }

  /** Spends one frame; false when the budget is used up (the frame must not be served). */
  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.limits.burst, this.tokens + ((now - this.refilledAt) * this.limits.perMinute) / 60_000);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

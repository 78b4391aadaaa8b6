/**
 * The chat's abuse limits, in memory on each node (a user is connected to one node; the room cap
 * is per node, so N nodes accept up to N times the cap in a room).
 */

export interface SenderRateOptions {
  /** At most `max` messages in any `windowMs`... */
  max: number;
  windowMs: number;
  /** ...else the sender is blocked this long (the refusal says for how long). */
  blockMs: number;
}

/** Members: 3 messages per 2 s, then 10 s blocked. */
export const MEMBER_RATE: SenderRateOptions = { max: 3, windowMs: 2_000, blockMs: 10_000 };
/** Guests (when allowed to send at all): 1 message per 5 s, then 30 s blocked. */
export const GUEST_RATE: SenderRateOptions = { max: 1, windowMs: 5_000, blockMs: 30_000 };

interface SenderState {
  sent: number[];
  blockedUntil: number;
}

export type RateDecision = { ok: true } | { ok: false; retryAfterMs: number };

/** A sliding window per sender; going over it blocks the sender for a while. */
export class SenderRateLimiter {
  private readonly senders = new Map<string, SenderState>();

  constructor(private readonly options: SenderRateOptions) {}

  /** Counts one message of `sender` at `now` if it is allowed. */
  take(sender: string, now: number): RateDecision {
    let state = this.senders.get(sender);
    if (state === undefined) {
      state = { sent: [], blockedUntil: 0 };
      this.senders.set(sender, state);
    }
    if (state.blockedUntil > now) return { ok: false, retryAfterMs: state.blockedUntil - now };
    state.sent = state.sent.filter((at) => at > now - this.options.windowMs);
    if (state.sent.length >= this.options.max) {
      state.blockedUntil = now + this.options.blockMs;
      state.sent = [];
      return { ok: false, retryAfterMs: this.options.blockMs };
    }
    state.sent.push(now);
    return { ok: true };
  }

  /** Forgets senders with nothing left to remember (called periodically). */
  sweep(now: number): void {
    for (const [sender, state] of this.senders) {
      if (state.blockedUntil <= now && state.sent.every((at) => at <= now - this.options.windowMs)) this.senders.delete(sender);
    }
  }

  get size(): number {
    return this.senders.size;
  }
}

/**
 * Messages a room takes in per second. The anchor's and admins' messages always pass (they count,
 * so a talkative anchor leaves less room for the audience, never the other way round).
 */
export class RoomInboundCap {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly perSecond: number) {}

  take(groupId: string, privileged: boolean, now: number): boolean {
    let window = this.windows.get(groupId);
    if (window === undefined || now - window.start >= 1_000) {
      window = { start: now, count: 0 };
      this.windows.set(groupId, window);
    }
    window.count += 1;
    return privileged || window.count <= this.perSecond;
  }

  sweep(now: number): void {
    for (const [groupId, window] of this.windows) if (now - window.start >= 1_000) this.windows.delete(groupId);
  }
}

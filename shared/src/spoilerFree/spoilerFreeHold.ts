import type { PlatformEventBus, PlatformEvents } from '../events/eventBus';

/** Timers the hold uses: the page's by default, a fake clock in tests. */
export interface HoldClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const pageClock: HoldClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * A player that has said nothing for this long (the tab was frozen, the room was left without a
 * `player:stopped`) no longer delays anything: scores are never held back for a picture nobody is
 * watching.
 */
export const PLAYER_DELAY_STALE_MS = 5_000;
/** No picture lags by more than this: a delay beyond it is taken as this (a bad measurement cannot hide scores for long). */
export const PLAYER_DELAY_MAX_MS = 60_000;

interface Held {
  arrivedAt: number;
  release: () => void;
}

interface MatchDelay {
  delayMs: number;
  updatedAt: number;
}

/**
 * Spoiler-free scores: something about a match that arrived from the live data (a goal popup, a
 * new score) is released only once the viewer's picture of that match has reached the moment it
 * arrived, i.e. `delayMs` after it came in, where `delayMs` is the latest `player:delay` a room's
 * player reported for the match. Without a player for the match (no `player:delay`, a
 * `player:stopped`, or no report for PLAYER_DELAY_STALE_MS) things are released at once.
 *
 * Held items of one match are released in arrival order. When the delay changes, what is held is
 * rescheduled against the new delay (a shorter delay releases sooner, a `player:stopped` at once).
 */
export class SpoilerFreeHold {
  private readonly delays = new Map<number, MatchDelay>();
  private readonly queues = new Map<number, Held[]>();
  private readonly timers = new Map<number, unknown>();
  private readonly onDelay = (event: PlatformEvents['player:delay']) => {
    if (event.matchId === null) return;
    const delayMs = Number.isFinite(event.delayMs) ? Math.min(PLAYER_DELAY_MAX_MS, Math.max(0, event.delayMs)) : 0;
    this.delays.set(event.matchId, { delayMs, updatedAt: this.clock.now() });
    this.flush(event.matchId);
  };
  private readonly onStopped = (event: PlatformEvents['player:stopped']) => {
    if (event.matchId === null) return;
    this.delays.delete(event.matchId);
    this.flush(event.matchId);
  };

  constructor(
    private readonly bus: PlatformEventBus,
    private readonly clock: HoldClock = pageClock,
  ) {
    this.start();
  }

  /** Listens to the bus (the constructor does; again after dispose, as React's strict mode remounts). */
  start(): void {
    this.bus.off('player:delay', this.onDelay);
    this.bus.off('player:stopped', this.onStopped);
    this.bus.on('player:delay', this.onDelay);
    this.bus.on('player:stopped', this.onStopped);
  }

  /** The delay things about `matchId` are held for now (0: immediate). */
  delayOf(matchId: number): number {
    const delay = this.delays.get(matchId);
    if (delay === undefined || this.clock.now() - delay.updatedAt > PLAYER_DELAY_STALE_MS) return 0;
    return delay.delayMs;
  }

  /** Runs `release` once the viewer's picture of `matchId` has reached now (at once without a player). */
  hold(matchId: number, release: () => void): void {
    const queue = this.queues.get(matchId) ?? [];
    queue.push({ arrivedAt: this.clock.now(), release });
    this.queues.set(matchId, queue);
    this.flush(matchId);
  }

  /** Stops listening; what is still held is dropped. */
  dispose(): void {
    this.bus.off('player:delay', this.onDelay);
    this.bus.off('player:stopped', this.onStopped);
    for (const handle of this.timers.values()) this.clock.clearTimeout(handle);
    this.timers.clear();
    this.queues.clear();
  }

  /** Releases what is due for `matchId` and sets a timer for the next one. */
  private flush(matchId: number): void {
    const previous = this.timers.get(matchId);
    if (previous !== undefined) {
      this.clock.clearTimeout(previous);
      this.timers.delete(matchId);
    }
    const queue = this.queues.get(matchId);
    if (queue === undefined) return;
    const delayMs = this.delayOf(matchId);
    const now = this.clock.now();
    while (queue.length > 0 && (queue[0] as Held).arrivedAt + delayMs <= now) (queue.shift() as Held).release();
    if (queue.length === 0) {
      this.queues.delete(matchId);
      return;
    }
    const next = queue[0] as Held;
    // When the player goes quiet, the delay lapses: wake up then at the latest.
    const updatedAt = this.delays.get(matchId)?.updatedAt ?? now;
    const wakeAt = Math.min(next.arrivedAt + delayMs, updatedAt + PLAYER_DELAY_STALE_MS + 1);
    this.timers.set(
      matchId,
      this.clock.setTimeout(() => {
        this.timers.delete(matchId);
        this.flush(matchId);
      }, Math.max(0, wakeAt - now)),
    );
  }
}

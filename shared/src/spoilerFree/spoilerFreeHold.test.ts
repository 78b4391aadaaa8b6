import { describe, expect, it } from 'vitest';
import { createEventBus } from '../events/eventBus';
import { type HoldClock, PLAYER_DELAY_STALE_MS, SpoilerFreeHold } from './spoilerFreeHold';

/** A clock the test moves by hand: timers run when `advance` passes their time. */
function fakeClock() {
  let now = 1_000_000;
  let nextId = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock: HoldClock & { advance(ms: number): void } = {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (due === undefined) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].run();
      }
      now = until;
    },
  };
  return clock;
}

function setup() {
  const bus = createEventBus();
  const clock = fakeClock();
  const hold = new SpoilerFreeHold(bus, clock);
  const released: string[] = [];
  const delay = (matchId: number, delayMs: number) => bus.emit('player:delay', { roomId: 7, matchId, delayMs });
  return { bus, clock, hold, released, delay, push: (matchId: number, name: string) => hold.hold(matchId, () => released.push(name)) };
}

describe('SpoilerFreeHold', () => {
  it('releases at once when no player reports a delay for the match (a page without a player)', () => {
    const { push, released, delay } = setup();
    delay(2, 8_000);
    push(1, 'goal of match 1');
    expect(released).toEqual(['goal of match 1']);
  });

  it('holds a goal for the player delay of its match, then releases it', () => {
    const { push, released, delay, clock } = setup();
    delay(1, 8_000);
    push(1, 'goal');
    clock.advance(1_000);
    delay(1, 8_000);
    clock.advance(3_000);
    delay(1, 8_000);
    clock.advance(3_999);
    expect(released).toEqual([]);
    clock.advance(1);
    expect(released).toEqual(['goal']);
  });

  it('keeps arrival order and follows a changing delay', () => {
    const { push, released, delay, clock } = setup();
    delay(1, 10_000);
    push(1, 'first');
    clock.advance(2_000);
    push(1, 'second');
    // The player catches up: 4 s behind now. 'first' arrived 2 s ago and is due in 2 s.
    delay(1, 4_000);
    expect(released).toEqual([]);
    clock.advance(2_000);
    delay(1, 4_000);
    expect(released).toEqual(['first']);
    clock.advance(2_000);
    expect(released).toEqual(['first', 'second']);
  });

  it('releases everything held at once when the player stops', () => {
    const { push, released, delay, bus } = setup();
    delay(1, 8_000);
    push(1, 'a');
    push(1, 'b');
    bus.emit('player:stopped', { roomId: 7, matchId: 1 });
    expect(released).toEqual(['a', 'b']);
    push(1, 'c');
    expect(released).toEqual(['a', 'b', 'c']);
  });

  it('stops holding when the player goes quiet', () => {
    const { push, released, delay, clock } = setup();
    delay(1, 30_000);
    push(1, 'goal');
    clock.advance(PLAYER_DELAY_STALE_MS);
    expect(released).toEqual([]);
    clock.advance(1);
    expect(released).toEqual(['goal']);
  });

  it('ignores reports without a match, caps absurd delays, and drops what is held on dispose', () => {
    const { push, released, delay, bus, clock, hold } = setup();
    bus.emit('player:delay', { roomId: 7, matchId: null, delayMs: 9_000 });
    push(1, 'now');
    expect(released).toEqual(['now']);
    delay(1, Number.POSITIVE_INFINITY);
    expect(hold.delayOf(1)).toBe(0);
    delay(1, 10 * 60_000);
    expect(hold.delayOf(1)).toBe(60_000);
    push(1, 'held');
    hold.dispose();
    clock.advance(120_000);
    expect(released).toEqual(['now']);
  });
});

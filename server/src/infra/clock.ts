/** The current time; injectable so tests can move through limits and expiries without sleeping. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** A clock tests move by hand: `clock.advance(61_000)`. */
export interface ManualClock extends Clock {
  advance(ms: number): void;
  set(at: Date): void;
}

export function createManualClock(start: Date = new Date()): ManualClock {
  let current = start.getTime();
  const clock = (() => new Date(current)) as ManualClock;
  clock.advance = (ms) => {
    current += ms;
  };
  clock.set = (at) => {
    current = at.getTime();
  };
  return clock;
}

/** A wait as the user reads it: `45 秒`, `12 分钟`, `3 小时` (rounded up, never 0). */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} 秒`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} 分钟`;
  return `${Math.ceil(minutes / 60)} 小时`;
}

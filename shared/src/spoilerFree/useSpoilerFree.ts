import { useEffect, useRef, useState } from 'react';
import type { PlatformEventBus } from '../events/eventBus';
import { type HoldClock, SpoilerFreeHold, pageClock } from './spoilerFreeHold';

/** One SpoilerFreeHold for the component's life on `bus` (SpoilerFreeHold: the rules). */
export function useSpoilerFreeHold(bus: PlatformEventBus, clock: HoldClock = pageClock): SpoilerFreeHold {
  const [hold] = useState(() => new SpoilerFreeHold(bus, clock));
  useEffect(() => {
    hold.start();
    return () => hold.dispose();
  }, [hold]);
  return hold;
}

/**
 * `value` as this viewer may see it: each new value of `matchId` is shown once the viewer's
 * picture has reached the moment it arrived (at once on pages without a player for the match).
 * The first value that is not null is shown at once (what the page opened with, not news).
 */
export function useSpoilerFreeValue<Value>(bus: PlatformEventBus, matchId: number | null, value: Value, clock: HoldClock = pageClock): Value {
  const hold = useSpoilerFreeHold(bus, clock);
  const [shown, setShown] = useState(value);
  const seen = useRef(value !== null && value !== undefined);
  useEffect(() => {
    if (!seen.current || matchId === null) {
      seen.current = value !== null && value !== undefined;
      setShown(value);
      return;
    }
    hold.hold(matchId, () => setShown(value));
  }, [hold, matchId, value]);
  return shown;
}

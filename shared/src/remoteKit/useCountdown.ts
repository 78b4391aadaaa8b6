import { useCallback, useEffect, useRef, useState } from 'react';

const TICK_MS = 1000;

/**
 * Whole seconds left until a deadline, ticking once a second down to 0: the SMS button's
 * countdown (the login modal's, the payment password change's). Counted from the clock, not
 * from ticks, so a throttled background tab stays right.
 */
export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [remaining, setRemaining] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = useCallback(() => {
    if (timer.current !== null) clearInterval(timer.current);
    timer.current = null;
  }, []);

  useEffect(() => stop, [stop]);

  const start = useCallback(
    (seconds: number) => {
      stop();
      const endsAt = Date.now() + seconds * TICK_MS;
      setRemaining(seconds);
      timer.current = setInterval(() => {
        const left = Math.max(0, Math.ceil((endsAt - Date.now()) / TICK_MS));
        setRemaining(left);
        if (left === 0) stop();
      }, TICK_MS);
    },
    [stop],
  );

  return { remaining, start };
}

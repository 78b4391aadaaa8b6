import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { WHISTLE_DURATION_MS, gameSetingAtom } from '@sports/shared';
import type { StartWhistle, StopWhistle } from './whistle';

/**
 * The goal whistle (SPEC.md sections 4, 9): `play` starts it only while gameSeting.voice is on,
 * and it stops after WHISTLE_DURATION_MS (6 s), when voice is switched off, or when the page
 * goes. A goal during a whistle starts it again for a full 6 s.
 */
export function useWhistle(startWhistle: StartWhistle) {
  const store = useStore();
  const voice = useAtomValue(gameSetingAtom).voice;
  const [playing, setPlaying] = useState(false);
  const stopSound = useRef<StopWhistle | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const current = stopSound.current;
    stopSound.current = null;
    if (current) {
      current();
      setPlaying(false);
    }
  }, []);

  const play = useCallback(() => {
    if (!store.get(gameSetingAtom).voice) return;
    stop();
    try {
      stopSound.current = startWhistle();
    } catch {
      // No audio here (or refused): the popup still shows.
      return;
    }
    setPlaying(true);
    timer.current = setTimeout(stop, WHISTLE_DURATION_MS);
  }, [startWhistle, stop, store]);

  useEffect(() => {
    if (!voice) stop();
  }, [voice, stop]);
  useEffect(() => stop, [stop]);

  return { play, playing };
}

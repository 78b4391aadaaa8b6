import { useCallback, useEffect, useRef, useState } from 'react';
import type { GoalData } from '@sports/shared';

/** How long a goal popup stays up by itself (unless the settings keep popups open). */
export const GOAL_POPUP_DURATION_MS = 8_000;
/** More at once is noise: the oldest give way. */
export const MAX_GOAL_POPUPS = 3;

export interface GoalPopup extends GoalData {
  /** The goal stream's sequence number: one popup per goal. */
  seq: number;
}

/**
 * The goal popups on screen, newest last: each closes by itself after GOAL_POPUP_DURATION_MS
 * unless `keepOpen`, and any can be closed. Switching keepOpen on stops the clocks; off starts
 * them again for those shown.
 */
export function useGoalPopups(keepOpen: boolean) {
  const [popups, setPopups] = useState<GoalPopup[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const close = useCallback((seq: number) => {
    clearTimeout(timers.current.get(seq));
    timers.current.delete(seq);
    setPopups((shown) => shown.filter((popup) => popup.seq !== seq));
  }, []);

  const scheduleClose = useCallback(
    (seq: number) => {
      if (timers.current.has(seq)) return;
      timers.current.set(
        seq,
        setTimeout(() => close(seq), GOAL_POPUP_DURATION_MS),
      );
    },
    [close],
  );

  const push = useCallback(
    (popup: GoalPopup) => {
      setPopups((shown) => {
        if (shown.some((candidate) => candidate.seq === popup.seq)) return shown;
        const next = [...shown, popup];
        for (const dropped of next.slice(0, Math.max(0, next.length - MAX_GOAL_POPUPS))) {
          clearTimeout(timers.current.get(dropped.seq));
          timers.current.delete(dropped.seq);
        }
        return next.slice(-MAX_GOAL_POPUPS);
      });
      if (!keepOpen) scheduleClose(popup.seq);
    },
    [keepOpen, scheduleClose],
  );

  useEffect(() => {
    if (!keepOpen) {
      for (const popup of popups) scheduleClose(popup.seq);
      return;
    }
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
  }, [keepOpen, popups, scheduleClose]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return { popups, push, close };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { ToastEvent } from '@sports/shared';

/** More than this many at once is noise; the oldest give way. */
export const MAX_VISIBLE_TOASTS = 5;
/** Used when an event carries a duration that is not a positive number. */
export const DEFAULT_TOAST_DURATION_MS = 3000;
/** Server messages end up here: keep one toast from filling the screen. */
export const MAX_TOAST_MESSAGE_LENGTH = 200;

export interface VisibleToast extends ToastEvent {
  id: number;
}

function durationOf(event: ToastEvent): number {
  return Number.isFinite(event.durationMs) && event.durationMs > 0 ? event.durationMs : DEFAULT_TOAST_DURATION_MS;
}

/**
 * The toasts on screen; each added one removes itself after its duration. A toast the same as one
 * on screen (kind and text) is not stacked again: the one shown stays, for the new one's duration
 * from now. Two parts of the page may say the same thing at once (the shell and a members' page
 * both asking a guest to log in, before the login modal has opened); the visitor reads it once.
 */
export function useToastQueue() {
  const [toasts, setToasts] = useState<VisibleToast[]>([]);
  const nextId = useRef(1);
  /** What is on screen, oldest first, each with its removal timer: the state is set from it. */
  const shown = useRef<{ toast: VisibleToast; timer: ReturnType<typeof setTimeout> }[]>([]);

  // At unmount, the timers of what is on screen then (`shown.current` is a new array at each push).
  useEffect(
    () => () => {
      for (const entry of shown.current) clearTimeout(entry.timer);
      shown.current = [];
    },
    [],
  );

  const push = useCallback((event: ToastEvent) => {
    const message = String(event.message).slice(0, MAX_TOAST_MESSAGE_LENGTH);
    const removeLater = (id: number) =>
      setTimeout(() => {
        shown.current = shown.current.filter((entry) => entry.toast.id !== id);
        setToasts(shown.current.map((entry) => entry.toast));
      }, durationOf(event));

    const same = shown.current.find((entry) => entry.toast.kind === event.kind && entry.toast.message === message);
    if (same) {
      clearTimeout(same.timer);
      same.timer = removeLater(same.toast.id);
      return;
    }
    const id = nextId.current++;
    const added = [...shown.current, { toast: { ...event, id, message }, timer: removeLater(id) }];
    for (const dropped of added.slice(0, -MAX_VISIBLE_TOASTS)) clearTimeout(dropped.timer);
    shown.current = added.slice(-MAX_VISIBLE_TOASTS);
    setToasts(shown.current.map((entry) => entry.toast));
  }, []);

  return { toasts, push };
}

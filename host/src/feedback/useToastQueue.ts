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

/** The toasts on screen; each added one removes itself after its duration. */
export function useToastQueue() {
  const [toasts, setToasts] = useState<VisibleToast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const push = useCallback((event: ToastEvent) => {
    const id = nextId.current++;
    const toast = { ...event, id, message: String(event.message).slice(0, MAX_TOAST_MESSAGE_LENGTH) };
    setToasts((shown) => [...shown, toast].slice(-MAX_VISIBLE_TOASTS));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setToasts((shown) => shown.filter((candidate) => candidate.id !== id));
    }, durationOf(event));
    timers.current.add(timer);
  }, []);

  return { toasts, push };
}

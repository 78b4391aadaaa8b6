import { useEffect, useRef, useState } from 'react';
import type { ChatHorn } from '@sports/shared';

/** How long one horn stays on the banner (long enough to read a full message). */
export const HORN_SHOW_MS = 8_000;
/** Horns waiting beyond this are dropped, oldest first (a flood must not keep the banner busy for minutes). */
export const HORN_QUEUE_MAX = 20;

/**
 * Horns one at a time: each arriving horn (ids seen once) waits its turn, shows for HORN_SHOW_MS,
 * then the next. Answers the one showing now, or null.
 */
export function useHornQueue(horns: readonly ChatHorn[], showMs = HORN_SHOW_MS): ChatHorn | null {
  const seen = useRef(new Set<string>());
  const [queue, setQueue] = useState<ChatHorn[]>([]);
  const [current, setCurrent] = useState<ChatHorn | null>(null);

  useEffect(() => {
    const fresh = horns.filter((horn) => !seen.current.has(horn.id));
    if (fresh.length === 0) return;
    for (const horn of fresh) seen.current.add(horn.id);
    setQueue((waiting) => [...waiting, ...fresh].slice(-HORN_QUEUE_MAX));
  }, [horns]);

  useEffect(() => {
    if (current !== null || queue.length === 0) return;
    const [next, ...rest] = queue;
    setCurrent(next ?? null);
    setQueue(rest);
  }, [current, queue]);

  useEffect(() => {
    if (current === null) return;
    const timer = setTimeout(() => setCurrent(null), showMs);
    return () => clearTimeout(timer);
  }, [current, showMs]);

  return current;
}

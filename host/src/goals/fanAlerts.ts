import type { FanAlert } from '@sports/shared';

type Listener = (alert: FanAlert) => void;
const listeners = new Set<Listener>();

/**
 * The page's fan alerts (server/src/alerts/README.md): `messages/unreadPush.ts` hears them on the
 * member's chat connection and publishes them here; `GoalAlerts.tsx` shows them. One page, one
 * set of listeners; each alert once (by id) however often it arrives.
 */
const seen = new Set<number>();

export function publishFanAlert(alert: FanAlert): void {
  if (seen.has(alert.id)) return;
  seen.add(alert.id);
  if (seen.size > 500) seen.delete(seen.values().next().value as number);
  for (const listener of listeners) listener(alert);
}

export function onFanAlert(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

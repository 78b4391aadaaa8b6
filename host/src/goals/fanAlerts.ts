import type { FanAlert } from '@sports/shared';

type Listener = (alert: FanAlert) => void;
const listeners = new Set<Listener>();

/**
 * The page's fan alerts (server/src/alerts/README.md): `messages/unreadPush.ts` hears them on the
 * member's chat connection (or the alert socket, `messages/alertSocket.ts`, when the chat is Tencent IM) and publishes them here; `GoalAlerts.tsx` shows them. One page, one
 * set of listeners; each alert once (by id) however often it arrives.
 */
const seen = new Set<number>();

/** Answers whether it was new (shown now): the badge counts each alert's 赛事 message once too. */
export function publishFanAlert(alert: FanAlert): boolean {
  if (seen.has(alert.id)) return false;
  seen.add(alert.id);
  if (seen.size > 500) seen.delete(seen.values().next().value as number);
  for (const listener of listeners) listener(alert);
  return true;
}

export function onFanAlert(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The badge shows the number up to this, then 99+. */
export const UNREAD_BADGE_MAX = 99;

/** The unread badge's text: nothing at 0, the number, 99+ beyond 99. */
export function unreadBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(Math.floor(count));
}

/**
 * The badge's accessible text. Here, not only in messagesCopy.ts: the header's badge is on every
 * page, the message centre's words are in its chunks (issue 38: the first visit's bytes).
 */
export const unreadCountLabel = (count: number) => `${count} 条未读消息`;

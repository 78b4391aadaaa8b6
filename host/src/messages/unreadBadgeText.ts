/** The badge shows the number up to this, then 99+. */
export const UNREAD_BADGE_MAX = 99;

/** The unread badge's text: nothing at 0, the number, 99+ beyond 99. */
export function unreadBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(Math.floor(count));
}

import type { ChatSender } from '@sports/shared';

/** A fan medal as a chat line or danmaku shows it (the server's `from.medal`). */
export interface SenderMedal {
  name: string;
  level: number;
  lit: boolean;
}

/**
 * The fan medal (粉丝勋章) a sender wears, or null: members only, and only a well-formed one (a
 * name of 1-16 characters, a level 1-20), so a malformed line never draws a broken badge.
 */
export function senderMedal(from: Pick<ChatSender, 'role' | 'medal'>): SenderMedal | null {
  if (from.role === 'guest' || from.role === 'system') return null;
  const medal = from.medal;
  if (medal === undefined || medal === null || typeof medal !== 'object') return null;
  const { name, level, lit } = medal;
  if (typeof name !== 'string' || name.length === 0 || name.length > 16) return null;
  if (!Number.isInteger(level) || level < 1 || level > 20) return null;
  return { name, level, lit: lit !== false };
}

import type { ChatGroupMessage } from '@sports/shared';

/**
 * The server's entry notice for a guard joining the room (server/src/chat/chatGuards.ts
 * guardEntryLine): a system message `<tier>·<nickname> 进入直播间`. Answers its parts, or null.
 */
export function guardEntryOf(message: ChatGroupMessage): { tier: string; nickname: string } | null {
  if (message.from.role !== 'system') return null;
  const match = /^(\S+守护)·(.+) 进入直播间$/u.exec(message.text);
  return match ? { tier: match[1] as string, nickname: match[2] as string } : null;
}

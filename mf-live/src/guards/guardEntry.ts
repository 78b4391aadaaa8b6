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

/**
 * The server's line after a guard purchase (chatGuards.ts guardBoughtLine): `<nickname> 开通了 <tier> <n>个月`,
 * `续费了`, or `<nickname> 升级为 <tier>`. The room's guard list asks again when one arrives.
 */
export function isGuardPurchaseLine(message: ChatGroupMessage): boolean {
  if (message.from.role !== 'system') return false;
  return /^.+ (开通了|续费了) \S+守护 \d+个月$/u.test(message.text) || /^.+ 升级为 \S+守护$/u.test(message.text);
}

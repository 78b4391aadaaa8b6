import type { Barrage, ChatGroupMessage } from '@sports/shared';

/**
 * What a danmaku is known by in the room's recent list, whichever way it reached the page: heard
 * in the chat, or listed by api/Barrage/getList when the page loaded (a danmaku heard before that
 * answer came is in both, and must show once).
 * - Sent through api/Barrage/send: the chat message carries its row's id (`cloudCustomData.barrageId`).
 * - Sent over the chat socket: the server keeps the row with the sender, the text and the message's
 *   own time (server/src/chat/chatDanmakuHistory.ts), so those three name it.
 */
export function recentKeyOfMessage(message: Pick<ChatGroupMessage, 'cloudCustomData' | 'from' | 'text' | 'sentAt'>): string {
  const barrageId = message.cloudCustomData.barrageId;
  return barrageId !== undefined ? `b${barrageId}` : `m${message.from.userId}|${message.sentAt}|${message.text}`;
}

/** The keys a listed row may be heard under (its id; its sender, time and text). */
export function recentKeysOfRow(row: Pick<Barrage, 'id' | 'user_id' | 'created_at' | 'text'>): [string, string] {
  return [`b${row.id}`, `m${row.user_id}|${Date.parse(row.created_at)}|${row.text}`];
}

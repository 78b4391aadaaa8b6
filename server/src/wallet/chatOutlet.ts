import type { ChatDanmakuStyle, ChatGroupMessage, ChatHorn, ChatSendRefusal } from '@sports/shared/server';
import { chatMessages, cleanChatText } from '../../chat/index';
import { errors } from '../../infra/http/errorCatalogue';

/**
 * What horns and barrage need of the chat (`app.chatHub`, chat/chatHub.ts): the same checks a
 * chat socket's send goes through (the room's mutes, the member's rate, the room's cap) and the
 * same delivery (a danmaku to the room's group, a horn to every connection on every node).
 */
export interface ChatOutlet {
  /** null: admitted (and counted against the member's rate). `groupId` null: no room (a horn). */
  admitMember(memberId: number, groupId: string | null): Promise<ChatSendRefusal | null>;
  postMemberDanmaku(groupId: string, memberId: number, text: string, style: ChatDanmakuStyle | null): Promise<ChatGroupMessage>;
  broadcastHorn(horn: ChatHorn): void;
  /** Listed words replaced by `*` (the sensitive-word filter, as the chat's own lines). */
  maskText?(text: string): string;
}

/**
 * The text as the chat cleans and bounds it (chat/chatText.ts), with listed words masked as the
 * chat masks its lines (what is stored, listed and delivered); the chat's own words when refused.
 */
export function cleanSpokenText(raw: string, chat?: Pick<ChatOutlet, 'maskText'>): string {
  const text = cleanChatText(raw);
  if (!text.ok) throw errors.HORN_BARRAGE_REFUSED(text.code === 'empty' ? chatMessages.empty : chatMessages.tooLong);
  return chat?.maskText === undefined ? text.text : chat.maskText(text.text);
}

/** Through the chat's mutes and limits, or refused with its words (a rate limit answers 429). */
export async function admitSpeaker(chat: ChatOutlet, memberId: number, groupId: string | null): Promise<void> {
  const refusal = await chat.admitMember(memberId, groupId);
  if (refusal === null) return;
  if (refusal.code === 'rate-limited') throw errors.HORN_BARRAGE_RATE_LIMITED(refusal.message);
  throw errors.HORN_BARRAGE_REFUSED(refusal.message);
}

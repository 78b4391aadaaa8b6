import type { ChatDanmakuStyle, ChatGroupMessage, ChatHorn, ChatSendRefusal } from '@sports/shared/server';
import type { FastifyBaseLogger } from 'fastify';
import { type ChatGiftSent, type ChatGuardBought, type ChatMedalBadge, chatMessages, cleanChatText } from '../chat/index';
import { errors } from '../infra/http/errorCatalogue';

/**
 * The wallet's one way to the chat (`app.chatHub`, chat/chatHub.ts), for every paid action
 * (wallet/README.md, "After commit: one way to the room"): before the transaction, the same
 * checks a chat socket's send goes through (the room's mutes, the member's rate, the room's cap);
 * after commit, the delivery (a gift line, a guard's badge and line, a danmaku to the room's
 * group, a horn to every connection on every node), only ever through `tellTheRoom` below.
 */
export interface ChatOutlet {
  /** null: admitted (and counted against the member's rate). `groupId` null: no room (a horn). */
  admitMember(memberId: number, groupId: string | null): Promise<ChatSendRefusal | null>;
  /** `barrageId`: the api/Barrage/send row it was stored as (getList lists it; the page shows it once). */
  postMemberDanmaku(groupId: string, memberId: number, text: string, style: ChatDanmakuStyle | null, barrageId?: number): Promise<ChatGroupMessage>;
  broadcastHorn(horn: ChatHorn): void;
  announceGift(gift: ChatGiftSent): void;
  announceGuard(guard: ChatGuardBought): void;
  /** Listed words replaced by `*` (the sensitive-word filter, as the chat's own lines). */
  maskText?(text: string): string;
  /** The fan medal a line of the member shows in the room of anchor `roomOwnerId` now (null: none worn), as the chat puts it on live lines (the danmaku history carries it). */
  medalOf?(memberId: number, roomOwnerId: number): ChatMedalBadge | null | Promise<ChatMedalBadge | null>;
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

/** What a committed paid action tells the room (null from a service: a replay, nothing to tell). */
export type RoomDelivery =
  | { kind: 'gift'; gift: ChatGiftSent }
  | { kind: 'guard'; guard: ChatGuardBought }
  | { kind: 'horn'; horn: ChatHorn }
  | { kind: 'danmaku'; groupId: string; memberId: number; text: string; style: ChatDanmakuStyle | null; barrageId: number };

/**
 * After commit, the room hears of it; the answer never waits for it and never hears of its failure.
 * The coins have moved and the answer is the committed result: an error here (a throw, a rejected
 * promise, a bus that is down) is logged and goes no further, since answering an error would make
 * a client retry with a new key and pay twice. Not awaited: a slow delivery does not hold the
 * answer. The only place the wallet's routes reach the chat's deliveries.
 */
export function tellTheRoom(chat: ChatOutlet, log: FastifyBaseLogger, delivery: RoomDelivery | null): void {
  if (delivery === null) return;
  const failed = (error: unknown) => log.error({ err: error, delivery: delivery.kind }, 'wallet: telling the room failed after commit (the action stands; its answer was sent)');
  try {
    const pending = deliver(chat, delivery);
    if (pending !== undefined) pending.catch(failed);
  } catch (error) {
    failed(error);
  }
}

function deliver(chat: ChatOutlet, delivery: RoomDelivery): Promise<unknown> | undefined {
  switch (delivery.kind) {
    case 'gift':
      return void chat.announceGift(delivery.gift);
    case 'guard':
      return void chat.announceGuard(delivery.guard);
    case 'horn':
      return void chat.broadcastHorn(delivery.horn);
    case 'danmaku':
      return chat.postMemberDanmaku(delivery.groupId, delivery.memberId, delivery.text, delivery.style, delivery.barrageId);
  }
}

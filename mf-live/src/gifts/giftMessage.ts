import type { ChatGiftPayload, ChatGroupMessage } from '@sports/shared';

/** cloudCustomData.type of a gift line (shared/src/chat/protocol.ts: CHAT_GIFT_MESSAGE_TYPE). */
export const GIFT_MESSAGE_TYPE = 2;

/** A gift older than this (by this browser's clock) when it arrives is history: a chat line, no animation. */
export const GIFT_FRESH_MS = 30_000;

/** The gift a chat message carries, or null (only the server writes type 2). */
export function giftOf(message: ChatGroupMessage): ChatGiftPayload | null {
  return message.cloudCustomData.type === GIFT_MESSAGE_TYPE && message.cloudCustomData.gift ? message.cloudCustomData.gift : null;
}

/** Gift icons are files under /static/gifts/; anything else is not shown. */
export function safeGiftIcon(icon: string): string | undefined {
  return /^\/static\/gifts\/[A-Za-z0-9._-]+$/.test(icon) ? icon : undefined;
}

/** A gift that just happened (not one from the history a join answers with). */
export function isFreshGift(message: ChatGroupMessage, now: number): boolean {
  return now - message.sentAt <= GIFT_FRESH_MS;
}

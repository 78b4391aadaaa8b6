/**
 * What the wallet tells a room after a paid action committed (wallet/chatOutlet.ts is its port to
 * the chat; wallet/README.md "After commit: one way to the room"). The chat turns them into the
 * room's lines: the gift line with its animation payload, the guard purchase with the badge.
 */

/** A member's gift to the room's anchor was applied. */
export interface ChatGiftSent {
  roomId: number;
  ownerId: number;
  /** The gift send's record (gift_send.id). */
  recordId: number;
  senderId: number;
  senderNickname: string;
  giftId: number;
  giftName: string;
  giftIcon: string;
  tier: 1 | 2 | 3;
  combo: boolean;
  count: number;
  coins: number;
}

/** A member bought, renewed or upgraded a guard of the room. */
export interface ChatGuardBought {
  roomId: number;
  ownerId: number;
  userId: number;
  nickname: string;
  tierId: number;
  /** The tier's level 1-3 (the badge). */
  level: 1 | 2 | 3;
  tierName: string;
  months: number;
  kind: 'buy' | 'renew' | 'upgrade';
  expiresAt: Date;
}

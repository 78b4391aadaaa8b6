import { EventEmitter } from 'node:events';

/**
 * What the rooms API tells the rest of the server as it happens (in process). The built-in chat
 * listens, so a mute or a new admin applies to the very next message, and it relays the events
 * between nodes itself when REDIS_URL is set.
 */
export interface RoomEventMap {
  /** `until` null: muted until lifted. */
  muted: [{ roomId: number; ownerId: number; userId: number; until: Date | null }];
  unmuted: [{ roomId: number; ownerId: number; userId: number }];
  adminsChanged: [{ roomId: number; ownerId: number; adminIds: number[] }];
  /** The anchor opened or closed the room, or changed its title/placard. */
  roomChanged: [{ roomId: number; ownerId: number; isOpen: boolean; title: string; placard: string }];
  /** A member's gift to the room's anchor was applied (the wallet emits it after commit; the chat posts the gift line). */
  giftSent: [GiftSentEvent];
  /** A member bought, renewed or upgraded a guard of the room (the wallet emits it after commit; the chat shows the badge and announces it). */
  guardBought: [GuardBoughtEvent];
}

export interface GuardBoughtEvent {
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

export interface GiftSentEvent {
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

export class RoomEvents extends EventEmitter<RoomEventMap> {}

declare module 'fastify' {
  interface FastifyInstance {
    /** Decorated in app.ts; the rooms module emits, the chat listens. */
    roomEvents: RoomEvents;
  }
}

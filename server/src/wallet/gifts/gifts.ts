import type { GiftList, HandselGiftResult, RoomRank, UserGiftPage, UserGiftListQuery } from '@sports/shared/server';
import { ROOM_RANK_SIZE } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import { CHINA_OFFSET_MS, chinaDate, chinaDayRange } from '../../infra/chinaTime';
import type { Clock } from '../../infra/clock';
import type { Database } from '../../infra/db/schema';
import { errors } from '../../infra/http/errorCatalogue';
import { pageOf, pageWindow } from '../../infra/http/pagination';
import type { ChatGiftSent } from '../../chat/index';
import type { LedgerOptions } from '../ledger';
import type { GiftSendRow } from './giftBatch';
import type { GiftBatcher } from './giftBatcher';

/** Exp for coins spent (levels/experience.ts `Experience.addExp`: 1 coin = 1 exp), inside the spending transaction. */
export type AddExp = (trx: Kysely<Database>, memberId: number, exp: number) => Promise<void>;

export interface GiftDeps {
  db: Kysely<Database>;
  clock: Clock;
  ledger: LedgerOptions;
  /** WALLET_ANCHOR_SHARE_PERCENT. */
  anchorSharePercent: number;
}

/**
 * The split of a gift's coins: the anchor gets floor(coins × share / 100), the platform the rest
 * (so the remainder of the division always goes to the platform, and the two add up to coins).
 */
export function splitGiftCoins(coins: number, sharePercent: number): { anchor: number; platform: number } {
  const anchor = Math.floor((coins * sharePercent) / 100);
  return { anchor, platform: coins - anchor };
}

/** The catalogue: enabled gifts in their order. */
export async function listGifts(db: Kysely<Database>): Promise<GiftList> {
  const rows = await db.selectFrom('gift').select(['id', 'name', 'icon', 'price', 'tier', 'combo']).where('enabled', '=', true).orderBy('sort').orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, name: row.name, icon: row.icon, price: row.price, tier: row.tier, combo: row.combo ? 1 : 0 }));
}

export interface GiftSendOutcome {
  result: HandselGiftResult;
  /** Null when the key had been applied before (nothing happened now, nothing to announce). */
  event: ChatGiftSent | null;
}

/**
 * N of a gift to the room's anchor, applied in the next batch of `batcher` (giftBatcher.ts; what
 * a send does is in migration 0022): the ledger set `gift:<sender>:<key>` (sender's coins →
 * anchor's earnings at the share, → platform revenue for the rest), the gift_send row, the order,
 * the sender's exp (1 per coin). A repeated key answers the first send; the same key with other
 * parameters is WALLET_IDEMPOTENCY_KEY_REUSED. A closed room still receives gifts: the anchor and
 * the room exist, viewers may still be on its page.
 */
export async function sendGift(batcher: GiftBatcher, senderId: number, input: { roomId: number; giftId: number; count: number; idempotencyKey: string }): Promise<GiftSendOutcome> {
  const row = await batcher.send({ senderId, ...input });
  switch (row.status) {
    case 'reused':
      throw errors.WALLET_IDEMPOTENCY_KEY_REUSED();
    case 'insufficient':
      throw errors.WALLET_INSUFFICIENT_BALANCE();
    case 'room_not_found':
      throw errors.WALLET_GIFT_ROOM_NOT_FOUND();
    case 'own_room':
      throw errors.WALLET_GIFT_OWN_ROOM();
    case 'gift_not_found':
      throw errors.WALLET_GIFT_NOT_FOUND();
    case 'replayed':
      return { result: resultOf(row), event: null };
    case 'sent': {
      const gift = row.gift as NonNullable<GiftSendRow['gift']>;
      const event = {
        roomId: row.roomId,
        ownerId: row.anchorId as number,
        recordId: row.recordId as number,
        senderId,
        senderNickname: row.senderNickname as string,
        giftId: row.giftId,
        giftName: gift.name,
        giftIcon: gift.icon,
        tier: gift.tier as 1 | 2 | 3,
        combo: gift.combo,
        count: row.count,
        coins: row.coins as number,
      };
      return { result: resultOf(row), event };
    }
  }
}

function resultOf(row: GiftSendRow): HandselGiftResult {
  return { record_id: row.recordId as number, gift_id: row.giftId, count: row.count, coins: row.coins as number, balance: row.balance as number, created_at: (row.createdAt as Date).toISOString() };
}

/** My gifts sent (type sent: to whom) or received (type received: from whom), newest first. */
export async function listUserGifts(db: Kysely<Database>, userId: number, query: UserGiftListQuery): Promise<UserGiftPage> {
  const window = pageWindow(query);
  const mine = query.type === 'sent' ? 'gift_send.sender_id' : 'gift_send.anchor_id';
  const other = query.type === 'sent' ? 'gift_send.anchor_id' : 'gift_send.sender_id';
  const [rows, total] = await Promise.all([
    db
      .selectFrom('gift_send')
      .innerJoin('gift', 'gift.id', 'gift_send.gift_id')
      .innerJoin('app_user', 'app_user.id', other)
      .select(['gift_send.id', 'gift_send.gift_id', 'gift.name', 'gift.icon', 'gift_send.count', 'gift_send.coins', 'gift_send.room_id', 'app_user.id as user_id', 'app_user.user_nickname', 'gift_send.created_at'])
      .where(mine, '=', userId)
      .orderBy('gift_send.id', 'desc')
      .limit(window.pageSize)
      .offset(window.offset)
      .execute(),
    db.selectFrom('gift_send').select((eb) => eb.fn.countAll<string>().as('n')).where(mine, '=', userId).executeTakeFirstOrThrow(),
  ]);
  const list = rows.map((row) => ({
    id: row.id,
    gift_id: row.gift_id,
    gift_name: row.name,
    gift_icon: row.icon,
    count: row.count,
    coins: Number(row.coins),
    room_id: row.room_id,
    user_id: row.user_id,
    user_nickname: row.user_nickname,
    created_at: row.created_at.toISOString(),
  }));
  return pageOf(list, Number(total.n), window);
}

/** The start of the China day or week (Monday) holding `now`. */
export function periodStart(period: 'day' | 'week', now: Date): Date {
  const today = chinaDayRange(chinaDate(now))?.from as Date;
  if (period === 'day') return today;
  const weekday = (new Date(now.getTime() + CHINA_OFFSET_MS).getUTCDay() + 6) % 7; // Monday 0
  return new Date(today.getTime() - weekday * 86_400_000);
}

/** The room's top senders by coins since the start of the period (gift_send_room_time index). */
export async function roomRank(db: Kysely<Database>, roomId: number, period: 'day' | 'week', now: Date): Promise<RoomRank> {
  const since = periodStart(period, now);
  const rows = await db
    .selectFrom('gift_send')
    .innerJoin('app_user', 'app_user.id', 'gift_send.sender_id')
    .select(['gift_send.sender_id', 'app_user.user_nickname', 'app_user.avatar', sql<string>`sum(gift_send.coins)`.as('coins')])
    .where('gift_send.room_id', '=', roomId)
    .where('gift_send.created_at', '>=', since)
    .groupBy(['gift_send.sender_id', 'app_user.user_nickname', 'app_user.avatar'])
    .orderBy('coins', 'desc')
    .orderBy(sql`min(gift_send.id)`)
    .limit(ROOM_RANK_SIZE)
    .execute();
  return {
    period,
    since: since.toISOString(),
    list: rows.map((row, index) => ({ rank: index + 1, user_id: row.sender_id, user_nickname: row.user_nickname, avatar: row.avatar, coins: Number(row.coins) })),
  };
}

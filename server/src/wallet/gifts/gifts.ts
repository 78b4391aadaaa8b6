import type { GiftList, HandselGiftResult, RoomRank, UserGiftPage, UserGiftListQuery } from '@sports/shared/server';
import { ROOM_RANK_SIZE } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import { CHINA_OFFSET_MS, chinaDate, chinaDayRange } from '../../infra/chinaTime';
import type { Clock } from '../../infra/clock';
import type { Database } from '../../infra/db/schema';
import { errors } from '../../infra/http/errorCatalogue';
import { pageOf, pageWindow } from '../../infra/http/pagination';
import type { RoomEventMap } from '../../live/index';
import { type LedgerOptions, type Leg, transfer } from '../ledger';
import { recordOrder } from '../orders';

/** Exp for coins spent (levels/experience.ts `Experience.addExp`: 1 coin = 1 exp), inside the spending transaction. */
export type AddExp = (trx: Kysely<Database>, memberId: number, exp: number) => Promise<void>;

export interface GiftDeps {
  db: Kysely<Database>;
  clock: Clock;
  ledger: LedgerOptions;
  /** WALLET_ANCHOR_SHARE_PERCENT. */
  anchorSharePercent: number;
  addExp: AddExp;
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
  event: RoomEventMap['giftSent'][0] | null;
}

/**
 * N of a gift to the room's anchor, in one transaction: the ledger set `gift:<sender>:<key>`
 * (sender's coins → anchor's earnings at the share, → platform revenue for the rest), the
 * gift_send row, the sender's exp (1 per coin). A repeated key answers the first send; the same
 * key with other parameters is WALLET_IDEMPOTENCY_KEY_REUSED (the ledger's fingerprint). A closed
 * room still receives gifts: the anchor and the room exist, viewers may still be on its page.
 */
export async function sendGift(deps: GiftDeps, senderId: number, input: { roomId: number; giftId: number; count: number; idempotencyKey: string }): Promise<GiftSendOutcome> {
  const { db } = deps;
  // A retry of an applied send answers it first: the ledger's fingerprint holds the price and the
  // share, which a catalogue or configuration change since would make another (a 409, not the first result).
  const earlier = await db.selectFrom('gift_send').selectAll().where('sender_id', '=', senderId).where('idempotency_key', '=', input.idempotencyKey).executeTakeFirst();
  if (earlier !== undefined) {
    if (earlier.room_id !== input.roomId || earlier.gift_id !== input.giftId || earlier.count !== input.count) throw errors.WALLET_IDEMPOTENCY_KEY_REUSED();
    return { result: resultOf(earlier), event: null };
  }
  const room = await db.selectFrom('live_room').select(['id', 'owner_id']).where('id', '=', input.roomId).executeTakeFirst();
  if (room === undefined) throw errors.WALLET_GIFT_ROOM_NOT_FOUND();
  if (room.owner_id === senderId) throw errors.WALLET_GIFT_OWN_ROOM();
  const gift = await db.selectFrom('gift').selectAll().where('id', '=', input.giftId).where('enabled', '=', true).executeTakeFirst();
  if (gift === undefined) throw errors.WALLET_GIFT_NOT_FOUND();

  const coins = gift.price * input.count;
  const split = splitGiftCoins(coins, deps.anchorSharePercent);
  const legs: Leg[] = [];
  if (split.anchor > 0) legs.push({ from: { kind: 'member_coins', owner: senderId }, to: { kind: 'anchor_earnings', owner: room.owner_id }, amount: split.anchor });
  if (split.platform > 0) legs.push({ from: { kind: 'member_coins', owner: senderId }, to: { kind: 'platform_revenue' }, amount: split.platform });
  const now = deps.clock();

  return db.transaction().execute(async (trx) => {
    const applied = await transfer(
      trx,
      { idempotencyKey: `gift:${senderId}:${input.idempotencyKey}`, kind: 'gift', reference: `room:${room.id}:gift:${gift.id}:x${input.count}`, legs },
      deps.ledger,
    );
    if (applied.replayed) {
      const first = await trx.selectFrom('gift_send').selectAll().where('sender_id', '=', senderId).where('idempotency_key', '=', input.idempotencyKey).executeTakeFirstOrThrow();
      return { result: resultOf(first), event: null };
    }
    const sender = await trx.selectFrom('app_user').select(['balance', 'user_nickname']).where('id', '=', senderId).executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('gift_send')
      .values({
        sender_id: senderId,
        room_id: room.id,
        anchor_id: room.owner_id,
        gift_id: gift.id,
        count: input.count,
        coins,
        anchor_coins: split.anchor,
        platform_coins: split.platform,
        balance_after: Number(sender.balance),
        idempotency_key: input.idempotencyKey,
        transfer_set_id: applied.setId,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await deps.addExp(trx, senderId, coins);
    await recordOrder(trx, { userId: senderId, type: 'gift', coins: -coins, subject: `${gift.name} x${input.count}`, idempotencyKey: input.idempotencyKey, transferSetId: applied.setId, now });
    const event = {
      roomId: room.id,
      ownerId: room.owner_id,
      recordId: row.id,
      senderId,
      senderNickname: sender.user_nickname,
      giftId: gift.id,
      giftName: gift.name,
      giftIcon: gift.icon,
      tier: gift.tier,
      combo: gift.combo,
      count: input.count,
      coins,
    };
    return { result: resultOf(row), event };
  });
}

function resultOf(row: { id: number; gift_id: number; count: number; coins: number; balance_after: number; created_at: Date }): HandselGiftResult {
  return { record_id: row.id, gift_id: row.gift_id, count: row.count, coins: Number(row.coins), balance: Number(row.balance_after), created_at: row.created_at.toISOString() };
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

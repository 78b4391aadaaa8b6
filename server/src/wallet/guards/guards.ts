import { GUARD_MONTH_DAYS, GUARD_ROOM_LIST_SIZE, type GuardBuyResult, type GuardPurchaseKind, type GuardRoomList, type GuardTierList, type MyGuard } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Clock } from '../../infra/clock';
import type { Database, GuardPurchaseTable } from '../../infra/db/schema';
import { errors } from '../../infra/http/errorCatalogue';
import type { ChatGuardBought } from '../../chat/index';
import type { AddExp } from '../gifts/gifts';
import { splitGiftCoins } from '../gifts/gifts';
import { type LedgerOptions, type Leg, transfer } from '../ledger';
import { recordOrder } from '../orders';

export interface GuardDeps {
  db: Kysely<Database>;
  clock: Clock;
  ledger: LedgerOptions;
  /** WALLET_ANCHOR_SHARE_PERCENT (the same share as gifts). */
  anchorSharePercent: number;
  addExp: AddExp;
}

const DAY_MS = 86_400_000;
const MONTH_MS = GUARD_MONTH_DAYS * DAY_MS;

type Level = 1 | 2 | 3;

/** The tiers on sale, lowest first. */
export async function listGuardTiers(db: Kysely<Database>): Promise<GuardTierList> {
  const rows = await db.selectFrom('guard_tier').select(['id', 'name', 'level', 'price', 'color', 'icon', 'privileges']).where('enabled', '=', true).orderBy('level').execute();
  return rows.map((row) => ({ id: row.id, name: row.name, level: row.level, price: row.price, color: row.color, icon: row.icon, privileges: [...row.privileges] }));
}

/** The member's guard in the room before a purchase (null: none, or expired). */
export interface CurrentGuard {
  level: Level;
  /** The current tier's monthly price now (the upgrade credit is valued at it). */
  price: number;
  startedAt: Date;
  expiresAt: Date;
}

export interface GuardQuote {
  kind: GuardPurchaseKind;
  /** Tier price × months. */
  price: number;
  /** An upgrade: the unused value of the current tier. */
  credit: number;
  /** What the member pays: price − credit (always ≥ 1). */
  coins: number;
  startedAt: Date;
  expiresAt: Date;
}

/**
 * What a purchase of `months` of `tier` costs and gives, from the member's current guard in the room:
 * - none (or expired): a new guard from now for months × GUARD_MONTH_DAYS days;
 * - the same tier: a renewal, extended from the current expiry;
 * - a higher tier: an upgrade from now; the current tier's unused value is credited against the
 *   price: floor(current monthly price × whole days remaining / GUARD_MONTH_DAYS). A credit that
 *   covers the whole price is refused (WALLET_GUARD_UPGRADE_TOO_SHORT: choose more months);
 * - a lower tier while a higher is active: refused (WALLET_GUARD_DOWNGRADE).
 */
export function quoteGuard(current: CurrentGuard | null, tier: { level: Level; price: number }, months: number, now: Date): GuardQuote {
  const price = tier.price * months;
  const active = current !== null && current.expiresAt.getTime() > now.getTime() ? current : null;
  if (active === null) return { kind: 'buy', price, credit: 0, coins: price, startedAt: now, expiresAt: new Date(now.getTime() + months * MONTH_MS) };
  if (tier.level === active.level) return { kind: 'renew', price, credit: 0, coins: price, startedAt: active.startedAt, expiresAt: new Date(active.expiresAt.getTime() + months * MONTH_MS) };
  if (tier.level < active.level) throw errors.WALLET_GUARD_DOWNGRADE();
  const remainingDays = Math.floor((active.expiresAt.getTime() - now.getTime()) / DAY_MS);
  const credit = Math.floor((active.price * remainingDays) / GUARD_MONTH_DAYS);
  if (credit >= price) throw errors.WALLET_GUARD_UPGRADE_TOO_SHORT();
  return { kind: 'upgrade', price, credit, coins: price - credit, startedAt: active.startedAt, expiresAt: new Date(now.getTime() + months * MONTH_MS) };
}

export interface GuardBuyOutcome {
  result: GuardBuyResult;
  /** Null when the key had been applied before (nothing happened now, nothing to announce). */
  event: ChatGuardBought | null;
}

/**
 * Buys, renews or upgrades a guard in one transaction: the member's row of the room locked (so
 * their purchases in a room apply one after another, each from the state the previous left), the
 * ledger set `guard:<buyer>:<key>` (buyer's coins → anchor's earnings at the share, → platform
 * revenue for the rest), the membership, the purchase row, exp (1 per coin) and the order. A
 * repeated key answers the first purchase; with other parameters WALLET_IDEMPOTENCY_KEY_REUSED.
 */
export async function buyGuard(deps: GuardDeps, userId: number, input: { roomId: number; tierId: number; months: number; idempotencyKey: string }): Promise<GuardBuyOutcome> {
  const { db } = deps;
  const room = await db.selectFrom('live_room').select(['id', 'owner_id']).where('id', '=', input.roomId).executeTakeFirst();
  if (room === undefined) throw errors.WALLET_GUARD_ROOM_NOT_FOUND();
  if (room.owner_id === userId) throw errors.WALLET_GUARD_OWN_ROOM();
  const tier = await db.selectFrom('guard_tier').selectAll().where('id', '=', input.tierId).where('enabled', '=', true).executeTakeFirst();
  if (tier === undefined) throw errors.WALLET_GUARD_NOT_FOUND();

  return db.transaction().execute(async (trx) => {
    const now = deps.clock();
    // The (member, room) row is the lock: created expired if missing (rolled back with the rest on a refusal).
    await trx
      .insertInto('guard_membership')
      .values({ user_id: userId, room_id: room.id, tier_id: tier.id, started_at: new Date(0), expires_at: new Date(0), updated_at: now })
      .onConflict((conflict) => conflict.columns(['user_id', 'room_id']).doNothing())
      .execute();
    const membership = await trx
      .selectFrom('guard_membership')
      .innerJoin('guard_tier', 'guard_tier.id', 'guard_membership.tier_id')
      .select(['guard_membership.started_at', 'guard_membership.expires_at', 'guard_tier.level', 'guard_tier.price'])
      .where('guard_membership.user_id', '=', userId)
      .where('guard_membership.room_id', '=', room.id)
      .forUpdate('guard_membership')
      .executeTakeFirstOrThrow();

    // A retry (also one that waited on the lock above) finds the first purchase.
    const first = await trx.selectFrom('guard_purchase').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', input.idempotencyKey).executeTakeFirst();
    if (first !== undefined) {
      if (first.room_id !== room.id || first.tier_id !== tier.id || first.months !== input.months) throw errors.WALLET_IDEMPOTENCY_KEY_REUSED();
      return { result: resultOf(first), event: null };
    }

    const current: CurrentGuard = { level: membership.level, price: membership.price, startedAt: membership.started_at, expiresAt: membership.expires_at };
    const quote = quoteGuard(current, tier, input.months, now);
    const split = splitGiftCoins(quote.coins, deps.anchorSharePercent);
    const legs: Leg[] = [];
    if (split.anchor > 0) legs.push({ from: { kind: 'member_coins', owner: userId }, to: { kind: 'anchor_earnings', owner: room.owner_id }, amount: split.anchor });
    if (split.platform > 0) legs.push({ from: { kind: 'member_coins', owner: userId }, to: { kind: 'platform_revenue' }, amount: split.platform });
    const applied = await transfer(
      trx,
      { idempotencyKey: `guard:${userId}:${input.idempotencyKey}`, kind: 'guard', reference: `room:${room.id}:guard:${tier.id}:m${input.months}`, legs },
      deps.ledger,
    );
    // The same key used in another room a moment ago (its row lock was not ours): same fingerprint is impossible, so this is a reuse.
    if (applied.replayed) throw errors.WALLET_IDEMPOTENCY_KEY_REUSED();

    await trx
      .updateTable('guard_membership')
      .set({ tier_id: tier.id, started_at: quote.startedAt, expires_at: quote.expiresAt, updated_at: now })
      .where('user_id', '=', userId)
      .where('room_id', '=', room.id)
      .execute();
    const buyer = await trx.selectFrom('app_user').select(['balance', 'user_nickname']).where('id', '=', userId).executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('guard_purchase')
      .values({
        user_id: userId,
        room_id: room.id,
        anchor_id: room.owner_id,
        tier_id: tier.id,
        kind: quote.kind,
        months: input.months,
        price: quote.price,
        credit: quote.credit,
        coins: quote.coins,
        anchor_coins: split.anchor,
        platform_coins: split.platform,
        balance_after: Number(buyer.balance),
        expires_after: quote.expiresAt,
        idempotency_key: input.idempotencyKey,
        transfer_set_id: applied.setId,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await deps.addExp(trx, userId, quote.coins);
    await recordOrder(trx, {
      userId,
      type: 'guard',
      coins: -quote.coins,
      subject: `${tier.name} ${input.months}个月`,
      idempotencyKey: input.idempotencyKey,
      transferSetId: applied.setId,
      now,
    });
    const event: ChatGuardBought = {
      roomId: room.id,
      ownerId: room.owner_id,
      userId,
      nickname: buyer.user_nickname,
      tierId: tier.id,
      level: tier.level,
      tierName: tier.name,
      months: input.months,
      kind: quote.kind,
      expiresAt: quote.expiresAt,
    };
    return { result: resultOf(row), event };
  });
}

type PurchaseRow = Pick<GuardPurchaseTable, 'tier_id' | 'months' | 'kind' | 'price' | 'credit' | 'coins' | 'balance_after'> & { id: number; expires_after: Date; created_at: Date };

function resultOf(row: PurchaseRow): GuardBuyResult {
  return {
    purchase_id: row.id,
    guard_id: row.tier_id,
    months: row.months,
    kind: row.kind,
    price: Number(row.price),
    credit: Number(row.credit),
    coins: Number(row.coins),
    expires_at: row.expires_after.toISOString(),
    balance: Number(row.balance_after),
    created_at: row.created_at.toISOString(),
  };
}

/** The room's active guards (highest tier first, then the longest-standing) and the viewer's own. */
export async function roomGuards(db: Kysely<Database>, roomId: number, viewerId: number | null, now: Date): Promise<GuardRoomList> {
  const active = db
    .selectFrom('guard_membership')
    .innerJoin('guard_tier', 'guard_tier.id', 'guard_membership.tier_id')
    .where('guard_membership.room_id', '=', roomId)
    .where('guard_membership.expires_at', '>', now);
  const [rows, total, mine] = await Promise.all([
    active
      .innerJoin('app_user', 'app_user.id', 'guard_membership.user_id')
      .select(['guard_membership.user_id', 'app_user.user_nickname', 'app_user.avatar', 'guard_membership.tier_id', 'guard_tier.level', 'guard_tier.name', 'guard_membership.expires_at'])
      .orderBy('guard_tier.level', 'desc')
      .orderBy('guard_membership.started_at')
      .orderBy('guard_membership.user_id')
      .limit(GUARD_ROOM_LIST_SIZE)
      .execute(),
    active.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    viewerId === null
      ? Promise.resolve(undefined)
      : active.select(['guard_membership.tier_id', 'guard_tier.level', 'guard_tier.name', 'guard_membership.expires_at']).where('guard_membership.user_id', '=', viewerId).executeTakeFirst(),
  ]);
  const own: MyGuard | null = mine === undefined ? null : { guard_id: mine.tier_id, level: mine.level, guard_name: mine.name, expires_at: mine.expires_at.toISOString() };
  return {
    list: rows.map((row) => ({
      user_id: row.user_id,
      user_nickname: row.user_nickname,
      avatar: row.avatar,
      guard_id: row.tier_id,
      level: row.level,
      guard_name: row.name,
      expires_at: row.expires_at.toISOString(),
    })),
    total: Number(total.n),
    mine: own,
  };
}

import type { ConversionResult } from '@sports/shared/server';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, EarningsConversionTable } from '../../infra/db/schema';
import { BusinessError } from '../../infra/http/businessError';
import { errors } from '../../infra/http/errorCatalogue';
import { type Leg, type LedgerOptions, balanceOf, transfer } from '../ledger';
import { recordOrder } from '../orders';

/**
 * Conversion (`api/Balance/conversionBalance`): earning coins become the member's own coins at
 * WALLET_CONVERSION_PERCENT: `floor(earnings × percent / 100)` coins, the remainder to the
 * platform. One transaction: the set `conversion:<user>:<Idempotency-Key>` (earnings → coins,
 * earnings → platform revenue; a zero leg left out), the `earnings_conversion` row, the order
 * (type conversion, paid). A retry answers the first result; the same key with another amount is
 * refused (WALLET_IDEMPOTENCY_KEY_REUSED).
 */

export interface ConversionDeps {
  db: Kysely<Database>;
  ledger: LedgerOptions;
  conversionPercent: number;
}

/** The split of converted earnings: the member's coins (floor) and the platform's remainder. */
export function splitConversion(earningsCoins: number, percent: number): { coins: number; platform: number } {
  const coins = Math.floor((earningsCoins * percent) / 100);
  return { coins, platform: earningsCoins - coins };
}

/** The fewest earning coins that credit one coin. */
export function minimumConversion(percent: number): number {
  return Math.ceil(100 / percent);
}

export async function convertEarnings(deps: ConversionDeps, userId: number, earningsCoins: number, idempotencyKey: string, now: Date): Promise<ConversionResult> {
  const first = await findByKey(deps.db, userId, idempotencyKey);
  if (first !== undefined) return replay(first, earningsCoins);
  const split = splitConversion(earningsCoins, deps.conversionPercent);
  if (split.coins === 0) throw errors.WALLET_CONVERSION_TOO_SMALL(minimumConversion(deps.conversionPercent));

  const earnings = { kind: 'anchor_earnings', owner: userId } as const;
  const legs: Leg[] = [];
  legs.push({ from: earnings, to: { kind: 'member_coins', owner: userId }, amount: split.coins });
  if (split.platform > 0) legs.push({ from: earnings, to: { kind: 'platform_revenue' }, amount: split.platform });

  const outcome = await deps.db.transaction().execute(async (trx) => {
    const set = await fromEarnings(() =>
      transfer(trx, { idempotencyKey: `conversion:${userId}:${idempotencyKey}`, kind: 'conversion', reference: `user:${userId}:conversion`, legs }, deps.ledger),
    );
    if (set.replayed) return null;
    const orderNo = await recordOrder(trx, {
      userId,
      type: 'conversion',
      coins: split.coins,
      subject: `收益兑换 ${split.coins} 金币`,
      idempotencyKey,
      transferSetId: set.setId,
      now,
    });
    return trx
      .insertInto('earnings_conversion')
      .values({
        user_id: userId,
        earnings_coins: earningsCoins,
        coins: split.coins,
        platform_coins: split.platform,
        balance_after: await coinsOf(trx, userId),
        earnings_after: await balanceOf(trx, earnings),
        order_no: orderNo,
        idempotency_key: idempotencyKey,
        transfer_set_id: set.setId,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  if (outcome !== null) return toResult(outcome);
  // A parallel request with the same key applied it first (the set's unique key waited for its commit).
  return replay((await findByKey(deps.db, userId, idempotencyKey)) as Selectable<EarningsConversionTable>, earningsCoins);
}

function findByKey(db: Kysely<Database>, userId: number, key: string) {
  return db.selectFrom('earnings_conversion').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
}

function replay(first: Selectable<EarningsConversionTable>, earningsCoins: number): ConversionResult {
  if (Number(first.earnings_coins) !== earningsCoins) throw errors.WALLET_IDEMPOTENCY_KEY_REUSED();
  return toResult(first);
}

function toResult(row: Selectable<EarningsConversionTable>): ConversionResult {
  return {
    order_no: row.order_no,
    earnings_coins: Number(row.earnings_coins),
    coins: Number(row.coins),
    balance: Number(row.balance_after),
    earnings: Number(row.earnings_after),
    created_at: row.created_at.toISOString(),
  };
}

/** The member's coins as `app_user.balance` holds them in this transaction. */
export async function coinsOf(db: Kysely<Database> | Transaction<Database>, userId: number): Promise<number> {
  const row = await db.selectFrom('app_user').select('balance').where('id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.balance);
}

/** The ledger's "balance too low" said of the earnings (the ledger's own message speaks of recharging). */
export async function fromEarnings<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof BusinessError && thrown.reason === errors.WALLET_INSUFFICIENT_BALANCE.reason) throw errors.WALLET_EARNINGS_INSUFFICIENT();
    throw thrown;
  }
}

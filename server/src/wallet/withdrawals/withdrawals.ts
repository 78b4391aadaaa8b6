import type { ApplyWithdrawalQuery, ApplyWithdrawalResult, WalletInfo, Withdrawal, WithdrawalListQuery, WithdrawalPage } from '@sports/shared/server';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { type IdentityChecker, isVerified } from '../../member/index';
import { chinaDate, chinaDayRange } from '../../infra/chinaTime';
import type { Database, WithdrawalTable } from '../../infra/db/schema';
import { errors } from '../../infra/http/errorCatalogue';
import { type LedgerOptions, balanceOf, transfer } from '../ledger';
import { recordOrder } from '../orders';
import { checkPaymentPassword, paymentPasswordState } from '../paymentPassword/paymentPassword';
import { coinsOf, fromEarnings } from './conversion';
import { payoutAccountOf } from './payoutAccounts';
import { yuan } from './payoutNumbers';
import type { WithdrawalsConfig } from './withdrawalsConfig';

/**
 * Withdrawals (`api/Balance/applyForWithdrawal`, `withdrawalList`, the wallet overview
 * `api/Balance/info`). A request is checked in this order: the key (a retry answers the first),
 * the amount's shape (minimum, a whole number of earning coins), verification, the payout
 * account, and only then the payment password (under the identity checks' limits, each
 * comparison audited; a wrong one is counted and committed before the refusal), then
 * one transaction under the member's payment password row lock (so the day's total holds for
 * parallel requests): the day's limit, the set `withdrawal:<user>:<key>` (earnings → withdrawals
 * in flight; beyond the earnings: WALLET_EARNINGS_INSUFFICIENT), the `withdrawal` row with the
 * payout account masked as it is now, the order (type withdrawal, pending). Ops review it
 * (withdrawalsOps.ts).
 */

export interface WithdrawalDeps {
  db: Kysely<Database>;
  ledger: LedgerOptions;
  config: WithdrawalsConfig;
}

const PAGE_SIZE = 20;

export async function applyForWithdrawal(deps: WithdrawalDeps, who: IdentityChecker, query: ApplyWithdrawalQuery, idempotencyKey: string, now: Date): Promise<ApplyWithdrawalResult> {
  const { db, config } = deps;
  const userId = who.userId;
  const first = await findByKey(db, userId, idempotencyKey);
  if (first !== undefined) return replay(first, query);
  if (query.amount < config.minFen) throw errors.WALLET_WITHDRAWAL_TOO_SMALL(yuan(config.minFen));
  if (query.amount % config.fenPerCoin !== 0) throw errors.WALLET_WITHDRAWAL_NOT_MULTIPLE(yuan(config.fenPerCoin));
  const coins = query.amount / config.fenPerCoin;
  if (!(await isVerified(db, userId))) throw errors.WALLET_PAYOUT_NOT_VERIFIED();
  const account = await payoutAccountOf(db, userId, query.account);
  if (account === undefined) throw errors.WALLET_PAYOUT_ACCOUNT_MISSING(query.account === 'card' ? '银行卡' : '支付宝账户');
  await checkPaymentPassword(db, who, query.password, config.lockMinutes, now);

  const earnings = { kind: 'anchor_earnings', owner: userId } as const;
  const row = await db.transaction().execute(async (trx) => {
    // The member's withdrawals take turns here: the day's total below is then exact.
    await trx.selectFrom('payment_password').select('user_id').where('user_id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    const again = await findByKey(trx, userId, idempotencyKey);
    if (again !== undefined) return again;
    const today = await withdrawnToday(trx, userId, now);
    if (today + query.amount > config.dailyLimitFen) throw errors.WALLET_WITHDRAWAL_DAILY_LIMIT(yuan(config.dailyLimitFen), yuan(Math.max(0, config.dailyLimitFen - today)));
    const set = await fromEarnings(() =>
      transfer(trx, { idempotencyKey: `withdrawal:${userId}:${idempotencyKey}`, kind: 'withdrawal', reference: `user:${userId}:withdrawal:${query.account}`, legs: [{ from: earnings, to: { kind: 'withdrawals_in_flight' }, amount: coins }] }, deps.ledger),
    );
    const orderNo = await recordOrder(trx, { userId, type: 'withdrawal', coins: 0, amountFen: query.amount, subject: `提现 ${yuan(query.amount)} 元`, idempotencyKey, transferSetId: set.setId, state: 'pending', now });
    return trx
      .insertInto('withdrawal')
      .values({
        user_id: userId,
        amount_fen: query.amount,
        coins,
        account_kind: query.account,
        account_masked: account.number_masked,
        bank_name: account.bank_name,
        holder_masked: account.holder_masked,
        earnings_after: await balanceOf(trx, earnings),
        order_no: orderNo,
        idempotency_key: idempotencyKey,
        transfer_set_id: set.setId,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return replay(row, query);
}

function findByKey(db: Kysely<Database> | Transaction<Database>, userId: number, key: string) {
  return db.selectFrom('withdrawal').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
}

function replay(first: Selectable<WithdrawalTable>, query: ApplyWithdrawalQuery): ApplyWithdrawalResult {
  if (Number(first.amount_fen) !== query.amount || first.account_kind !== query.account) throw errors.WALLET_IDEMPOTENCY_KEY_REUSED();
  return { withdrawal: toWithdrawal(first), earnings: Number(first.earnings_after) };
}

/** Fen asked for today (China day), pending or paid: rejected ones gave the money back. */
async function withdrawnToday(db: Kysely<Database> | Transaction<Database>, userId: number, now: Date): Promise<number> {
  const day = chinaDayRange(chinaDate(now)) as { from: Date; to: Date };
  const row = await db
    .selectFrom('withdrawal')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount_fen'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', day.from)
    .where('created_at', '<', day.to)
    .where('state', '<>', 'rejected')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export function toWithdrawal(row: Selectable<WithdrawalTable>): Withdrawal {
  return {
    id: row.id,
    order_no: row.order_no,
    amount_fen: Number(row.amount_fen),
    coins: Number(row.coins),
    state: row.state,
    account: row.account_kind,
    account_masked: row.account_masked,
    bank_name: row.bank_name,
    reject_reason: row.reject_reason,
    created_at: row.created_at.toISOString(),
    reviewed_at: row.reviewed_at?.toISOString() ?? null,
  };
}

/** The member's withdrawals, newest first, by keyset cursor (the id of the last one seen). */
export async function listWithdrawals(db: Kysely<Database>, userId: number, query: WithdrawalListQuery): Promise<WithdrawalPage> {
  const pageSize = query.page_size ?? PAGE_SIZE;
  let select = db.selectFrom('withdrawal').selectAll().where('user_id', '=', userId);
  if (query.state !== undefined) select = select.where('state', '=', query.state);
  if (query.cursor !== undefined) select = select.where('id', '<', Number(query.cursor));
  const rows = await select.orderBy('id', 'desc').limit(pageSize + 1).execute();
  const page = rows.slice(0, pageSize);
  return { list: page.map(toWithdrawal), next_cursor: rows.length > pageSize ? String((page.at(-1) as Selectable<WithdrawalTable>).id) : null };
}

/** `api/Balance/info`: what the wallet page shows and its forms need. */
export async function walletInfo(deps: WithdrawalDeps, userId: number, now: Date): Promise<WalletInfo> {
  const { db, config } = deps;
  const [coins, earnings, inFlight, today, verified, accounts, password] = await Promise.all([
    coinsOf(db, userId),
    balanceOf(db, { kind: 'anchor_earnings', owner: userId }),
    db
      .selectFrom('withdrawal')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('coins'), eb.lit(0)).as('total'))
      .where('user_id', '=', userId)
      .where('state', '=', 'pending')
      .executeTakeFirstOrThrow(),
    withdrawnToday(db, userId, now),
    isVerified(db, userId),
    db.selectFrom('bank_card').select('kind').where('user_id', '=', userId).execute(),
    paymentPasswordState(db, userId, now),
  ]);
  const left = Math.max(0, config.dailyLimitFen - today);
  const possible = Math.min(earnings * config.fenPerCoin, left - (left % config.fenPerCoin));
  const kinds = new Set(accounts.map((account) => account.kind));
  return {
    coins,
    earnings,
    earnings_in_flight: Number(inFlight.total),
    conversion_percent: config.conversionPercent,
    fen_per_coin: config.fenPerCoin,
    withdrawal_min_fen: config.minFen,
    withdrawal_daily_limit_fen: config.dailyLimitFen,
    withdrawn_today_fen: today,
    withdrawable_fen: possible >= config.minFen ? possible : 0,
    is_verified: verified ? 1 : 0,
    bank_card_bound: kinds.has('card') ? 1 : 0,
    alipay_bound: kinds.has('alipay') ? 1 : 0,
    payment_password_set: password.set ? 1 : 0,
    payment_password_locked_until: password.lockedUntil?.toISOString() ?? null,
  };
}

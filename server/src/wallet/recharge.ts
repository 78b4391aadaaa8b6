import { createHash } from 'node:crypto';
import type { ChargeRuleList, OrderListQuery, OrderPage, PayUrl, PaymentProviderKey } from '@sports/shared/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Clock } from '../infra/clock';
import type { Database, WalletOrderTable } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { tellMember } from '../messages/index';
import { type LedgerOptions, transfer } from './ledger';
import { listOrders, newOrderNo } from './orders';
import type { NotifyVerdict, PaymentProvider } from './paymentProvider';

/**
 * Recharge: packages, pending orders with an expiry, and the notify that credits a paid order
 * exactly once (a payments clearing → member coins transfer set keyed by the order number).
 */
export interface RechargeDeps {
  db: Kysely<Database>;
  clock: Clock;
  provider: PaymentProvider;
  ledger: LedgerOptions;
  orderExpiryMinutes: number;
}


export async function listChargeRules(db: Kysely<Database>): Promise<ChargeRuleList> {
  return db.selectFrom('charge_rule').select(['id', 'price_fen', 'coins', 'bonus_coins']).where('enabled', '=', true).orderBy('sort').orderBy('id').execute();
}

/**
 * A pending order for a package, answered with where to pay it. The member's Idempotency-Key
 * makes a retry answer the same order; the same key for another package or provider is refused.
 */
export async function createRechargeOrder(
  deps: RechargeDeps,
  userId: number,
  request: { ruleId: number; provider: PaymentProviderKey | undefined; idempotencyKey: string },
): Promise<PayUrl> {
  const providerName = request.provider ?? deps.provider.name;
  if (providerName !== deps.provider.name) throw errors.WALLET_PAYMENT_PROVIDER_UNAVAILABLE();
  const fingerprint = createHash('sha256').update(`recharge:${request.ruleId}:${providerName}`).digest('hex');
  const now = deps.clock();
  await expireOrders(deps.db, userId, now);

  const existing = await findByKey(deps.db, userId, request.idempotencyKey);
  if (existing !== undefined) return replay(deps, existing, fingerprint);

  const rule = await deps.db.selectFrom('charge_rule').selectAll().where('id', '=', request.ruleId).where('enabled', '=', true).executeTakeFirst();
  if (rule === undefined) throw errors.WALLET_CHARGE_RULE_NOT_FOUND();
  const expiresAt = new Date(now.getTime() + deps.orderExpiryMinutes * 60_000);
  const inserted = await deps.db
    .insertInto('wallet_order')
    .values({
      order_no: newOrderNo('recharge', now),
      user_id: userId,
      type: 'recharge',
      state: 'pending',
      amount_fen: rule.price_fen,
      coins: rule.coins + rule.bonus_coins,
      subject: `充值 ${rule.coins + rule.bonus_coins} 金币`,
      charge_rule_id: rule.id,
      provider: providerName,
      idempotency_key: request.idempotencyKey,
      fingerprint,
      expires_at: expiresAt,
      created_at: now,
    })
    .onConflict((conflict) => conflict.constraint('wallet_order_idempotency').doNothing())
    .returningAll()
    .executeTakeFirst();
  // Lost a race with the same key: answer the winner's order.
  if (inserted === undefined) return replay(deps, (await findByKey(deps.db, userId, request.idempotencyKey)) as Selectable<WalletOrderTable>, fingerprint);
  return payUrlOf(deps, inserted);
}

function findByKey(db: Kysely<Database>, userId: number, key: string) {
  return db.selectFrom('wallet_order').selectAll().where('user_id', '=', userId).where('type', '=', 'recharge').where('idempotency_key', '=', key).executeTakeFirst();
}

async function replay(deps: RechargeDeps, order: Selectable<WalletOrderTable>, fingerprint: string): Promise<PayUrl> {
  if (order.fingerprint !== fingerprint) throw errors.WALLET_IDEMPOTENCY_KEY_REUSED();
  return payUrlOf(deps, order);
}

async function payUrlOf(deps: RechargeDeps, order: Selectable<WalletOrderTable>): Promise<PayUrl> {
  const expiresAt = order.expires_at as Date;
  const amountFen = order.amount_fen as number;
  const payUrl = await deps.provider.createPayment({ orderNo: order.order_no, amountFen, subject: `充值 ${order.coins} 金币`, expiresAt });
  return { order_no: order.order_no, pay_url: payUrl, amount_fen: amountFen, coins: order.coins, expires_at: expiresAt.toISOString() };
}

/** Pending orders past their expiry become 'expired' (one member's, or all). */
export async function expireOrders(db: Kysely<Database>, userId: number | null, now: Date): Promise<void> {
  let query = db.updateTable('wallet_order').set({ state: 'expired' }).where('state', '=', 'pending').where('expires_at', '<=', now);
  if (userId !== null) query = query.where('user_id', '=', userId);
  await query.execute();
}

export type NotifyOutcome = 'credited' | 'credited_late' | 'duplicate' | 'closed' | 'ignored';

/**
 * A verified notify: checks the order and the amount, then credits once. Gateways retry and
 * reorder: a second 'paid' answers 'duplicate'; a 'failed' after 'paid' is ignored; a 'paid'
 * after the order expired or was closed is honoured once and audited (the money was taken).
 */
export async function applyNotify(deps: RechargeDeps, verdict: NotifyVerdict, log: FastifyBaseLogger): Promise<NotifyOutcome> {
  const now = deps.clock();
  const outcome = await deps.db.transaction().execute(async (trx): Promise<NotifyOutcome> => {
    const order = await trx.selectFrom('wallet_order').selectAll().where('order_no', '=', verdict.orderNo).forUpdate().executeTakeFirst();
    if (order === undefined || order.type !== 'recharge') throw errors.WALLET_ORDER_NOT_FOUND();
    if (order.amount_fen !== verdict.amountFen) throw errors.WALLET_NOTIFY_AMOUNT_MISMATCH();
    if (verdict.status !== 'paid') {
      if (order.state !== 'pending') return 'ignored';
      await trx.updateTable('wallet_order').set({ state: verdict.status === 'failed' ? 'failed' : 'cancelled' }).where('id', '=', order.id).execute();
      return 'closed';
    }
    if (order.state === 'paid') return 'duplicate';
    const expired = order.state !== 'pending' || (order.expires_at !== null && order.expires_at.getTime() <= now.getTime());
    const credited = await transfer(
      trx,
      {
        idempotencyKey: `recharge:${order.order_no}`,
        kind: 'recharge',
        reference: order.order_no,
        legs: [{ from: { kind: 'payments_clearing' }, to: { kind: 'member_coins', owner: order.user_id }, amount: order.coins }],
      },
      deps.ledger,
    );
    await trx
      .updateTable('wallet_order')
      .set({ state: 'paid', paid_at: now, provider_trade_no: verdict.tradeNo, paid_late: expired, transfer_set_id: credited.setId })
      .where('id', '=', order.id)
      .execute();
    await tellMember(trx, { memberId: Number(order.user_id), tab: 'system', kind: 'recharge_credited', title: '充值到账', body: `充值订单 ${order.order_no} 已到账 ${order.coins} 金币。`, link: '#/member?type=1&isRecharge=true', eventKey: `recharge:${order.order_no}` });
    if (!expired) return 'credited';
    await trx
      .insertInto('wallet_audit')
      .values({
        action: 'recharge_paid_late',
        order_no: order.order_no,
        detail: JSON.stringify({ previous_state: order.state, expires_at: order.expires_at?.toISOString() ?? null, trade_no: verdict.tradeNo, amount_fen: verdict.amountFen, user_id: order.user_id }),
        at: now,
      })
      .execute();
    return 'credited_late';
  });
  if (outcome === 'credited_late') log.warn({ orderNo: verdict.orderNo, tradeNo: verdict.tradeNo }, 'recharge paid after its order expired or closed: credited and audited');
  return outcome;
}

/** The member's orders (orders.ts), their expired recharges shown expired. */
export async function listMemberOrders(db: Kysely<Database>, userId: number, query: OrderListQuery, now: Date): Promise<OrderPage> {
  await expireOrders(db, userId, now);
  return listOrders(db, userId, query);
}

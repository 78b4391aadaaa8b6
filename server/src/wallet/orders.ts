import { randomInt } from 'node:crypto';
import { ORDER_TYPES, type Order, type OrderListQuery, type OrderPage, type OrderTypeKey, type OrderTypeList } from '@sports/shared/server';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, WalletOrderTable } from '../infra/db/schema';
import type { WalletOrderState } from '../infra/db/tables/wallet';

/**
 * Orders (wallet/README.md, "Orders"): every paid action writes one `wallet_order` row in the
 * transaction of its ledger transfer set, so `api/Order/getList` is one keyset scan of one table.
 * Recharges are created pending by recharge.ts and paid by the notify; the others are written
 * here, paid at once (a withdrawal: pending until ops review it).
 */

const ORDER_PAGE_SIZE = 20;
const TYPE_BY_KEY = new Map(ORDER_TYPES.map((entry) => [entry.key, entry]));
const TYPE_BY_NUMBER = new Map<number, (typeof ORDER_TYPES)[number]>(ORDER_TYPES.map((entry) => [entry.type, entry]));

/** `api/Order/getTypeList`. */
export function orderTypes(): OrderTypeList {
  return ORDER_TYPES.map((entry) => ({ type: entry.type, name: entry.name }));
}

/** The type's prefix + UTC yyyyMMddHHmmss + 10 random digits (`R20261125093000` + 10 digits). */
export function newOrderNo(type: OrderTypeKey, now: Date): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${(TYPE_BY_KEY.get(type) as (typeof ORDER_TYPES)[number]).prefix}${stamp}${String(randomInt(10 ** 10)).padStart(10, '0')}`;
}

export interface OrderRecord {
  userId: number;
  type: Exclude<OrderTypeKey, 'recharge'>;
  /** The member's coin change: negative for spending, positive for a conversion, 0 for a withdrawal. */
  coins: number;
  /** Money in fen (a withdrawal's amount); null otherwise. */
  amountFen?: number | null;
  /** What the member reads in the list: `足球 x10`, `守护 1 个月`. */
  subject: string;
  /** The member's key of the action (unique per member and type: a second row for it fails). */
  idempotencyKey: string;
  /** The ledger set the action wrote (TransferResult.setId). */
  transferSetId: number;
  /** 'paid' (default) or 'pending' (a withdrawal waiting for review). */
  state?: Extract<WalletOrderState, 'paid' | 'pending'>;
  now: Date;
}

/**
 * Writes the order of an action inside its transaction (`trx`, the one that wrote its transfer
 * set; call it only when the set was applied now, not on a replay). Answers the order number.
 */
export async function recordOrder(trx: Transaction<Database>, record: OrderRecord): Promise<string> {
  const row = orderRow(record);
  await trx.insertInto('wallet_order').values(row).execute();
  return row.order_no;
}

/** The `wallet_order` row of a paid action (recordOrder, recordOrders). */
function orderRow(record: OrderRecord) {
  if (!Number.isSafeInteger(record.coins)) throw new Error(`orders: coins must be an integer, got ${record.coins}`);
  const state = record.state ?? 'paid';
  return {
    order_no: newOrderNo(record.type, record.now),
    user_id: record.userId,
    type: record.type,
    state,
    amount_fen: record.amountFen ?? null,
    coins: record.coins,
    subject: record.subject,
    idempotency_key: record.idempotencyKey,
    fingerprint: `ledger:${record.transferSetId}`,
    transfer_set_id: record.transferSetId,
    paid_at: state === 'paid' ? record.now : null,
    created_at: record.now,
  };
}

/** recordOrder for many paid actions in one INSERT (a batch of red packet grabs); each order as recordOrder writes it. */
export async function recordOrders(trx: Transaction<Database>, records: readonly OrderRecord[]): Promise<void> {
  if (records.length > 0) await trx.insertInto('wallet_order').values(records.map(orderRow)).execute();
}

/** A pending order's outcome (a withdrawal reviewed: 'paid' or 'rejected'), inside the review's transaction. */
export async function settleOrder(trx: Transaction<Database>, orderNo: string, state: Extract<WalletOrderState, 'paid' | 'rejected'>, now: Date): Promise<void> {
  const updated = await trx
    .updateTable('wallet_order')
    .set({ state, paid_at: state === 'paid' ? now : null })
    .where('order_no', '=', orderNo)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  if (updated.numUpdatedRows !== 1n) throw new Error(`orders: ${orderNo} is not a pending order`);
}

/**
 * The member's orders, newest first, by cursor (the id of the last one seen). Pending recharges
 * past their expiry are shown expired: the caller expires them first (recharge.ts expireOrders).
 */
export async function listOrders(db: Kysely<Database>, userId: number, query: OrderListQuery): Promise<OrderPage> {
  const pageSize = query.page_size ?? ORDER_PAGE_SIZE;
  let select = db.selectFrom('wallet_order').selectAll().where('user_id', '=', userId);
  if (query.type !== undefined) {
    const type = TYPE_BY_NUMBER.get(query.type);
    if (type === undefined) return { list: [], next_cursor: null };
    select = select.where('type', '=', type.key);
  }
  if (query.cursor !== undefined) select = select.where('id', '<', Number(query.cursor));
  const rows = await select.orderBy('id', 'desc').limit(pageSize + 1).execute();
  const page = rows.slice(0, pageSize);
  return { list: page.map(toOrder), next_cursor: rows.length > pageSize ? String((page.at(-1) as Selectable<WalletOrderTable>).id) : null };
}

function toOrder(row: Selectable<WalletOrderTable>): Order {
  const type = TYPE_BY_KEY.get(row.type) as (typeof ORDER_TYPES)[number];
  return {
    order_no: row.order_no,
    type: type.type,
    type_name: type.name,
    state: row.state,
    subject: row.subject ?? type.name,
    amount_fen: row.amount_fen,
    coins: Number(row.coins),
    created_at: row.created_at.toISOString(),
    paid_at: row.paid_at?.toISOString() ?? null,
  };
}

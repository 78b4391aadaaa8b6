import { type Kysely, sql } from 'kysely';

/**
 * Every paid action is an order (issue 13; server/src/wallet/README.md, "Orders").
 *
 * wallet_order held recharges only. Gifts, guards, horns, paid barrage, conversions and
 * withdrawals now write their order row in the transaction of their ledger transfer set, so
 * `api/Order/getList` is one keyset scan of one table whatever the filter.
 * - type: the seven kinds (numbers and names in ORDER_TYPES, @sports/shared).
 * - state: adds 'rejected' (a withdrawal ops turned down: the funds went back).
 * - subject: what the member reads in the list (`充值 100 金币`, `足球 x10`); transfer_set_id:
 *   the ledger set that moved the coins (null while a recharge is unpaid).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table wallet_order drop constraint wallet_order_type_check`.execute(db);
  await sql`alter table wallet_order add constraint wallet_order_type_check check (type in ('recharge', 'gift', 'guard', 'horn', 'barrage', 'conversion', 'withdrawal'))`.execute(db);
  await sql`alter table wallet_order drop constraint wallet_order_state_check`.execute(db);
  await sql`alter table wallet_order add constraint wallet_order_state_check check (state in ('pending', 'paid', 'cancelled', 'failed', 'expired', 'rejected'))`.execute(db);
  await db.schema.alterTable('wallet_order').addColumn('subject', 'text').execute();
  await db.schema.alterTable('wallet_order').addColumn('transfer_set_id', 'bigint', (column) => column.references('ledger_transfer_set.id')).execute();
  await sql`update wallet_order set subject = '充值 ' || coins || ' 金币' where type = 'recharge'`.execute(db);
  // The member's list filtered by type, newest first.
  await db.schema.createIndex('wallet_order_user_type_idx').on('wallet_order').columns(['user_id', 'type', 'id desc']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('wallet_order_user_type_idx').execute();
  await db.schema.alterTable('wallet_order').dropColumn('transfer_set_id').execute();
  await db.schema.alterTable('wallet_order').dropColumn('subject').execute();
  await sql`delete from wallet_order where type <> 'recharge'`.execute(db);
  await sql`alter table wallet_order drop constraint wallet_order_state_check`.execute(db);
  await sql`alter table wallet_order add constraint wallet_order_state_check check (state in ('pending', 'paid', 'cancelled', 'failed', 'expired'))`.execute(db);
  await sql`alter table wallet_order drop constraint wallet_order_type_check`.execute(db);
  await sql`alter table wallet_order add constraint wallet_order_type_check check (type in ('recharge'))`.execute(db);
}

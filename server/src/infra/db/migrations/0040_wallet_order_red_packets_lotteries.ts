import { type Kysely, sql } from 'kysely';

/**
 * Red packets and lotteries in the member's records (issue 35; server/src/wallet/README.md,
 * "Orders"): `wallet_order.type` also allows 'red_packet' (8 红包: a packet funded, a share
 * grabbed, the unclaimed shares refunded) and 'lottery' (9 天选: a coin prize put in escrow, a
 * prize won, the unwon or cancelled prizes refunded). Their rows are written by recordOrder in
 * the transaction of the ledger set, as every other paid action's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table wallet_order drop constraint wallet_order_type_check`.execute(db);
  await sql`alter table wallet_order add constraint wallet_order_type_check check (type in ('recharge', 'gift', 'guard', 'horn', 'barrage', 'conversion', 'withdrawal', 'red_packet', 'lottery'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from wallet_order where type in ('red_packet', 'lottery')`.execute(db);
  await sql`alter table wallet_order drop constraint wallet_order_type_check`.execute(db);
  await sql`alter table wallet_order add constraint wallet_order_type_check check (type in ('recharge', 'gift', 'guard', 'horn', 'barrage', 'conversion', 'withdrawal'))`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * Guards of live rooms (issue 13; server/src/wallet/README.md, "Guards").
 *
 * - guard_tier: the tiers (level 1-3, unique; price in coins per month, badge colour and icon,
 *   privileges in words), seeded below.
 * - guard_membership: one row per (member, room): the tier and until when. A row whose
 *   `expires_at` has passed counts as no guard. Index (room, expires_at) for the room's list.
 * - guard_purchase: one row per applied purchase, written in the transaction of its ledger set
 *   (`guard:<buyer>:<Idempotency-Key>`), unique per (buyer, key) so a retry finds the first one.
 *   `coins = price - credit` (an upgrade's credit: the unused value of the replaced tier) and
 *   `anchor_coins + platform_coins = coins`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('guard_tier')
    .addColumn('id', 'serial', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('level', 'smallint', (column) => column.notNull().unique().check(sql`level between 1 and 3`))
    .addColumn('price', 'integer', (column) => column.notNull().check(sql`price > 0`))
    .addColumn('color', 'text', (column) => column.notNull())
    .addColumn('icon', 'text', (column) => column.notNull())
    .addColumn('privileges', sql`text[]`, (column) => column.notNull().defaultTo(sql`'{}'`))
    .addColumn('enabled', 'boolean', (column) => column.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into guard_tier (name, level, price, color, icon, privileges) values
    ('青铜守护', 1, 100, '#b87333', 'shield', array['专属守护徽章', '进场提示']),
    ('白银守护', 2, 500, '#8a9bb0', 'shield', array['专属守护徽章', '进场提示', '守护榜优先展示']),
    ('黄金守护', 3, 2000, '#d4a017', 'crown', array['专属守护徽章', '进场提示', '守护榜优先展示', '开通全站广播'])`.execute(db);

  await db.schema
    .createTable('guard_membership')
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('app_user.id'))
    .addColumn('room_id', 'bigint', (column) => column.notNull().references('live_room.id'))
    .addColumn('tier_id', 'integer', (column) => column.notNull().references('guard_tier.id'))
    /** When the current unbroken guard began (a purchase after expiry starts it again). */
    .addColumn('started_at', 'timestamptz', (column) => column.notNull())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
    .addPrimaryKeyConstraint('guard_membership_pk', ['user_id', 'room_id'])
    .execute();
  await db.schema.createIndex('guard_membership_room').on('guard_membership').columns(['room_id', 'expires_at']).execute();

  await db.schema
    .createTable('guard_purchase')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('app_user.id'))
    .addColumn('room_id', 'bigint', (column) => column.notNull().references('live_room.id'))
    .addColumn('anchor_id', 'bigint', (column) => column.notNull().references('app_user.id'))
    .addColumn('tier_id', 'integer', (column) => column.notNull().references('guard_tier.id'))
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('buy', 'renew', 'upgrade')`))
    .addColumn('months', 'smallint', (column) => column.notNull().check(sql`months between 1 and 12`))
    .addColumn('price', 'bigint', (column) => column.notNull().check(sql`price > 0`))
    .addColumn('credit', 'bigint', (column) => column.notNull().check(sql`credit >= 0`))
    .addColumn('coins', 'bigint', (column) => column.notNull().check(sql`coins > 0`))
    .addColumn('anchor_coins', 'bigint', (column) => column.notNull().check(sql`anchor_coins >= 0`))
    .addColumn('platform_coins', 'bigint', (column) => column.notNull().check(sql`platform_coins >= 0`))
    /** The buyer's coins right after (what a retry answers). */
    .addColumn('balance_after', 'bigint', (column) => column.notNull().check(sql`balance_after >= 0`))
    .addColumn('expires_after', 'timestamptz', (column) => column.notNull())
    .addColumn('idempotency_key', 'text', (column) => column.notNull())
    .addColumn('transfer_set_id', 'bigint', (column) => column.notNull().unique().references('ledger_transfer_set.id'))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addUniqueConstraint('guard_purchase_key', ['user_id', 'idempotency_key'])
    .addCheckConstraint('guard_purchase_coins', sql`coins = price - credit`)
    .addCheckConstraint('guard_purchase_split', sql`anchor_coins + platform_coins = coins`)
    .addCheckConstraint('guard_purchase_not_self', sql`user_id <> anchor_id`)
    .execute();
  await db.schema.createIndex('guard_purchase_user').on('guard_purchase').columns(['user_id', 'id desc']).execute();
  await db.schema.createIndex('guard_purchase_room').on('guard_purchase').columns(['room_id', 'id desc']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('guard_purchase').execute();
  await db.schema.dropTable('guard_membership').execute();
  await db.schema.dropTable('guard_tier').execute();
}

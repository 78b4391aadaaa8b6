import { type Kysely, sql } from 'kysely';

/**
 * Gifts (issue 13; server/src/wallet/README.md, "Gifts").
 *
 * - gift: the catalogue (price in coins, effect tier 1-3, combo-able), seeded below; icons are
 *   files under server/static/gifts/.
 * - gift_send: one row per applied send, written in the transaction of its ledger transfer set
 *   (`gift:<sender>:<Idempotency-Key>`); unique per (sender, key), so a retry finds the first
 *   send. `anchor_coins + platform_coins = coins` (the anchor's share, floor; the platform the
 *   rest). Indexes: the sender's and the anchor's lists (newest first), and the room's board
 *   (room, time).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('gift')
    .addColumn('id', 'serial', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('icon', 'text', (column) => column.notNull())
    .addColumn('price', 'integer', (column) => column.notNull().check(sql`price > 0`))
    .addColumn('tier', 'smallint', (column) => column.notNull().check(sql`tier between 1 and 3`))
    .addColumn('combo', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('enabled', 'boolean', (column) => column.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into gift (name, icon, price, tier, combo, sort) values
    ('鲜花', '/static/gifts/flower.svg', 1, 1, true, 1),
    ('点赞', '/static/gifts/thumb.svg', 5, 1, true, 2),
    ('足球', '/static/gifts/football.svg', 10, 1, true, 3),
    ('奖杯', '/static/gifts/trophy.svg', 100, 2, false, 4),
    ('火箭', '/static/gifts/rocket.svg', 1000, 3, false, 5)`.execute(db);

  await db.schema
    .createTable('gift_send')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('sender_id', 'bigint', (column) => column.notNull().references('app_user.id'))
    .addColumn('room_id', 'bigint', (column) => column.notNull().references('live_room.id'))
    .addColumn('anchor_id', 'bigint', (column) => column.notNull().references('app_user.id'))
    .addColumn('gift_id', 'integer', (column) => column.notNull().references('gift.id'))
    .addColumn('count', 'integer', (column) => column.notNull().check(sql`count between 1 and 999`))
    .addColumn('coins', 'bigint', (column) => column.notNull().check(sql`coins > 0`))
    .addColumn('anchor_coins', 'bigint', (column) => column.notNull().check(sql`anchor_coins >= 0`))
    .addColumn('platform_coins', 'bigint', (column) => column.notNull().check(sql`platform_coins >= 0`))
    /** The sender's coins right after the send (what a retry answers). */
    .addColumn('balance_after', 'bigint', (column) => column.notNull().check(sql`balance_after >= 0`))
    .addColumn('idempotency_key', 'text', (column) => column.notNull())
    .addColumn('transfer_set_id', 'bigint', (column) => column.notNull().unique().references('ledger_transfer_set.id'))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('gift_send_key', ['sender_id', 'idempotency_key'])
    .addCheckConstraint('gift_send_split', sql`anchor_coins + platform_coins = coins`)
    .addCheckConstraint('gift_send_not_self', sql`sender_id <> anchor_id`)
    .execute();
  await db.schema.createIndex('gift_send_sender').on('gift_send').columns(['sender_id', 'id desc']).execute();
  await db.schema.createIndex('gift_send_anchor').on('gift_send').columns(['anchor_id', 'id desc']).execute();
  await db.schema.createIndex('gift_send_room_time').on('gift_send').columns(['room_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('gift_send').execute();
  await db.schema.dropTable('gift').execute();
}

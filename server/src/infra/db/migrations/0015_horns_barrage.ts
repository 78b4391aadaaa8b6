import { type Kysely, sql } from 'kysely';

/**
 * Horns and barrage (issue 13; server/src/wallet/README.md, "Horns" and "Barrage").
 *
 * - horn: one row per applied horn (api/Member/sneHorn), written in the transaction of its ledger
 *   set (`horn:<sender>:<Idempotency-Key>`); unique per (sender, key), so a retry finds the first.
 *   The per-member interval is checked in that transaction after the sender's coin row is locked
 *   by the debit (a second horn of the same member waits there, then sees the first committed).
 *   Indexes: the site's list newest first (the primary key) and the sender's latest (the rate).
 * - barrage_style: the danmaku styles on offer (colour, position, price in coins 0 = free, the
 *   level needed), seeded below.
 * - barrage: a room's danmaku, persisted so a viewer who joins sees the last ones: those sent over
 *   HTTP (api/Barrage/send; a paid style with its ledger set, unique per (sender, key)) and the
 *   members' danmaku sent over the chat socket (the chat writes them; style null, coins 0).
 *   Index (room, id desc): a room's last N.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('horn')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('sender_id', 'bigint', (column) => column.notNull().references('app_user.id'))
    .addColumn('text', 'text', (column) => column.notNull().check(sql`length(text) between 1 and 400`))
    .addColumn('level', 'integer', (column) => column.notNull().check(sql`level >= 1`))
    .addColumn('coins', 'bigint', (column) => column.notNull().check(sql`coins > 0`))
    .addColumn('balance_after', 'bigint', (column) => column.notNull().check(sql`balance_after >= 0`))
    .addColumn('idempotency_key', 'text', (column) => column.notNull())
    .addColumn('transfer_set_id', 'bigint', (column) => column.notNull().unique().references('ledger_transfer_set.id'))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('horn_key', ['sender_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('horn_sender_time').on('horn').columns(['sender_id', 'created_at desc']).execute();

  await db.schema
    .createTable('barrage_style')
    .addColumn('id', 'serial', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('color', 'text', (column) => column.notNull().check(sql`color ~ '^#[0-9a-fA-F]{6}$'`))
    .addColumn('position', 'text', (column) => column.notNull().check(sql`position in ('scroll', 'top', 'bottom')`))
    .addColumn('price', 'integer', (column) => column.notNull().check(sql`price >= 0`))
    .addColumn('min_level', 'integer', (column) => column.notNull().defaultTo(1).check(sql`min_level >= 1`))
    .addColumn('enabled', 'boolean', (column) => column.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await sql`insert into barrage_style (name, color, position, price, min_level, sort) values
    ('白色', '#ffffff', 'scroll', 0, 1, 1),
    ('天蓝', '#40a9ff', 'scroll', 0, 3, 2),
    ('玫红', '#ff4d8f', 'scroll', 5, 1, 3),
    ('金色置顶', '#ffd700', 'top', 20, 1, 4),
    ('紫色置底', '#b37feb', 'bottom', 50, 10, 5)`.execute(db);

  await db.schema
    .createTable('barrage')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('room_id', 'bigint', (column) => column.notNull().references('live_room.id'))
    .addColumn('sender_id', 'bigint', (column) => column.notNull().references('app_user.id'))
    .addColumn('text', 'text', (column) => column.notNull().check(sql`length(text) between 1 and 400`))
    .addColumn('level', 'integer', (column) => column.notNull().check(sql`level >= 1`))
    .addColumn('style_id', 'integer', (column) => column.references('barrage_style.id'))
    .addColumn('color', 'text', (column) => column.notNull())
    .addColumn('position', 'text', (column) => column.notNull().check(sql`position in ('scroll', 'top', 'bottom')`))
    .addColumn('coins', 'bigint', (column) => column.notNull().defaultTo(0).check(sql`coins >= 0`))
    .addColumn('anchor_coins', 'bigint', (column) => column.notNull().defaultTo(0).check(sql`anchor_coins >= 0`))
    .addColumn('platform_coins', 'bigint', (column) => column.notNull().defaultTo(0).check(sql`platform_coins >= 0`))
    /** The sender's coins right after a paid send (what a retry answers); null for free ones. */
    .addColumn('balance_after', 'bigint', (column) => column.check(sql`balance_after >= 0`))
    .addColumn('idempotency_key', 'text')
    .addColumn('transfer_set_id', 'bigint', (column) => column.unique().references('ledger_transfer_set.id'))
    /** The chat message id it was delivered as. */
    .addColumn('message_id', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('barrage_key', ['sender_id', 'idempotency_key'])
    .addCheckConstraint('barrage_split', sql`anchor_coins + platform_coins = coins`)
    .addCheckConstraint('barrage_paid', sql`(coins = 0) = (transfer_set_id is null)`)
    .execute();
  await db.schema.createIndex('barrage_room').on('barrage').columns(['room_id', 'id desc']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('barrage').execute();
  await db.schema.dropTable('barrage_style').execute();
  await db.schema.dropTable('horn').execute();
}

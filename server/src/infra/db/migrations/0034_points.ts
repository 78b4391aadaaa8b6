import { type Kysely, sql } from 'kysely';

/**
 * Points (积分, issue 35 section 1; server/src/points/README.md): a non-cash balance per member, on
 * the same double-entry ledger as coins but in accounts of their own unit.
 *
 * - Three ledger account kinds: `member_points` (a member's points, owned, 1 shard),
 *   `points_issued` (the system source every earned point comes from; the second account allowed
 *   below zero, like payments clearing: its balance is minus the points in circulation) and
 *   `prediction_pool` (the system escrow stakes of open predictions will sit in; unused until
 *   predictions land). Points accounts never exchange with coin accounts: wallet/ledger.ts refuses
 *   such a leg and ledger:verify reports one.
 * - points_day: a member's China day of earning (watch seconds counted by the server, watch and
 *   chat awards made, the last time the member was seen watching), one row per (member, day).
 * - points_checkin: one row per (member, China day) checked in: the streak and the points paid;
 *   the primary key is what makes a second check-in that day impossible, in the database.
 */
const COIN_SYSTEM = `'platform_revenue', 'payments_clearing', 'withdrawals_in_flight'`;
const POINTS_SYSTEM = `'points_issued', 'prediction_pool'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_account drop constraint ledger_account_kind_check`.execute(db);
  await sql`alter table ledger_account add constraint ledger_account_kind_check check (kind in ('member_coins', 'anchor_earnings', ${sql.raw(COIN_SYSTEM)}, 'member_points', ${sql.raw(POINTS_SYSTEM)}))`.execute(db);
  await sql`alter table ledger_account drop constraint ledger_account_owner`.execute(db);
  await sql`alter table ledger_account add constraint ledger_account_owner check ((owner_id is null) = (kind in (${sql.raw(COIN_SYSTEM)}, ${sql.raw(POINTS_SYSTEM)})))`.execute(db);
  await sql`alter table ledger_balance drop constraint ledger_balance_not_negative`.execute(db);
  await sql`alter table ledger_balance add constraint ledger_balance_not_negative check (balance >= 0 or kind in ('payments_clearing', 'points_issued'))`.execute(db);
  // Every award debits the issuing account: sharded like the other hot system accounts.
  await sql`insert into ledger_account (kind, owner_id, shards) values ('points_issued', null, 16), ('prediction_pool', null, 16)`.execute(db);

  await db.schema
    .createTable('points_day')
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('app_user.id'))
    /** China day. */
    .addColumn('day', 'date', (column) => column.notNull())
    /** Seconds the server saw the member in an open room's chat group (real time between two sightings, each at most two ticks). */
    .addColumn('watch_seconds', 'integer', (column) => column.notNull().defaultTo(0).check(sql`watch_seconds >= 0`))
    .addColumn('last_watch_at', 'timestamptz')
    /** Watch awards paid today (one per POINTS_WATCH_INTERVAL_SECONDS watched, capped). */
    .addColumn('watch_awards', 'integer', (column) => column.notNull().defaultTo(0).check(sql`watch_awards >= 0`))
    /** Chat messages paid today (capped). */
    .addColumn('chat_awards', 'integer', (column) => column.notNull().defaultTo(0).check(sql`chat_awards >= 0`))
    .addPrimaryKeyConstraint('points_day_pk', ['user_id', 'day'])
    .execute();

  await db.schema
    .createTable('points_checkin')
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('app_user.id'))
    .addColumn('day', 'date', (column) => column.notNull())
    /** Consecutive China days checked in, this one included. */
    .addColumn('streak', 'integer', (column) => column.notNull().check(sql`streak >= 1`))
    .addColumn('points', 'integer', (column) => column.notNull().check(sql`points > 0`))
    .addColumn('set_id', 'bigint', (column) => column.notNull().references('ledger_transfer_set.id'))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('points_checkin_pk', ['user_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('points_checkin').ifExists().execute();
  await db.schema.dropTable('points_day').ifExists().execute();
}

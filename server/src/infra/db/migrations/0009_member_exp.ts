import { type Kysely, sql } from 'kysely';

/**
 * Member levels (issue 12): what each member earned today, per source, so the daily caps hold
 * (LEVEL_WATCH_MINUTES_PER_DAY, LEVEL_CHAT_MESSAGES_PER_DAY) across nodes and restarts.
 * `app_user.exp` (0001) is the running total the level is read from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member_exp_day')
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('app_user.id').onDelete('cascade'))
    /** The day in China time (UTC+8), when the caps start again. */
    .addColumn('day', 'date', (column) => column.notNull())
    .addColumn('watch_minutes', 'integer', (column) => column.notNull().defaultTo(0).check(sql`watch_minutes >= 0`))
    .addColumn('chat_messages', 'integer', (column) => column.notNull().defaultTo(0).check(sql`chat_messages >= 0`))
    /** The last minute counted: a member on two nodes or in two tabs earns one minute a minute. */
    .addColumn('last_watch_at', 'timestamptz')
    .addPrimaryKeyConstraint('member_exp_day_pk', ['user_id', 'day'])
    .execute();
  await db.schema.alterTable('app_user').addCheckConstraint('app_user_exp_not_negative', sql`exp >= 0`).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('app_user').dropConstraint('app_user_exp_not_negative').ifExists().execute();
  await db.schema.dropTable('member_exp_day').ifExists().execute();
}

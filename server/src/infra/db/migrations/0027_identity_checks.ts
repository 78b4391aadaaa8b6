import { type Kysely, sql } from 'kysely';

/**
 * Comparisons of what a member typed with stored personal data (issue 32: a bind with a guessed
 * holder answered whether the guess was the legal name): one row per comparison, whichever way it
 * went, and per attempt a limit refused (member/identityChecks.ts).
 *
 * - kind: what was compared: the legal name (a payout account's holder), an ID number (with
 *   every verified one), the payment password.
 * - matched: whether the typed value equalled the stored one; null when the limit refused the
 *   attempt before any comparison.
 * - failed: the attempt was refused because of this comparison (a wrong name or password, an ID
 *   number another account verified): the limits count these, per member and per address.
 *
 * The rows are the audit and the limiter's memory at once: they survive restarts and every node
 * reads the same ones. Indexes serve the two counts (newest failures of a member, of an address).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identity_check')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('app_user.id'))
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('legal_name', 'id_number', 'payment_password')`))
    .addColumn('ip', 'text', (column) => column.notNull())
    .addColumn('matched', 'boolean')
    .addColumn('failed', 'boolean', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await sql`create index identity_check_user_idx on identity_check (user_id, created_at) where failed`.execute(db);
  await sql`create index identity_check_ip_idx on identity_check (ip, created_at) where failed`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('identity_check').execute();
}

import type { Kysely } from 'kysely';

/**
 * Account hardening (issue 10): failed password resets are counted per client address
 * (`reset_failure`), and failed logins are also looked up per number + address (the lock an
 * attacker's address earns must not lock the owner out), so `login_failure` gets that index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reset_failure')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('mobile', 'text', (column) => column.notNull())
    .addColumn('ip', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('reset_failure_ip_idx').on('reset_failure').columns(['ip', 'created_at']).execute();
  await db.schema.createIndex('login_failure_mobile_ip_idx').on('login_failure').columns(['mobile', 'ip', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('login_failure_mobile_ip_idx').ifExists().execute();
  await db.schema.dropTable('reset_failure').ifExists().execute();
}

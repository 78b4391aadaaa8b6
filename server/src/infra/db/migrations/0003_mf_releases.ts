import { type Kysely, sql } from 'kysely';

/**
 * Staged rollouts of remote releases: the releases the control plane checked, each remote's
 * stable and candidate, and the audit log. Telemetry learns 'loaded', the error rate's
 * denominator.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mf_release')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('remote', 'text', (column) => column.notNull())
    .addColumn('release_id', 'text', (column) => column.notNull())
    .addColumn('version', 'text', (column) => column.notNull())
    .addColumn('manifest', 'jsonb', (column) => column.notNull())
    .addColumn('created_by', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('mf_release_remote_release_unique', ['remote', 'release_id'])
    .execute();

  await db.schema
    .createTable('mf_rollout')
    .addColumn('remote', 'text', (column) => column.primaryKey())
    .addColumn('stable_release_id', 'text')
    .addColumn('candidate_release_id', 'text')
    .addColumn('candidate_percent', 'integer', (column) =>
      column.notNull().defaultTo(0).check(sql`candidate_percent between 0 and 100`),
    )
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('mf_audit')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('remote', 'text', (column) => column.notNull())
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('release_id', 'text')
    .addColumn('actor', 'text', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('detail', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('mf_audit_remote_at_idx').on('mf_audit').columns(['remote', 'at']).execute();

  // Who reported (visitor key and address): error rates count distinct visitors, a few per
  // address at most, so one client cannot halt a canary or hide its errors by repeating itself.
  await db.schema.alterTable('mf_telemetry').addColumn('visitor', 'text').addColumn('ip', 'text').execute();
  await sql`alter table mf_telemetry drop constraint if exists mf_telemetry_phase_check`.execute(db);
  await sql`alter table mf_telemetry add constraint mf_telemetry_phase_check check (phase in ('load', 'render', 'loaded'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mf_audit').execute();
  await db.schema.dropTable('mf_rollout').execute();
  await db.schema.dropTable('mf_release').execute();
}

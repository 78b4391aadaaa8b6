import { type Kysely, sql } from 'kysely';

/**
 * The platform foundation: remote telemetry, users, sessions and competitions.
 * Migrations take Kysely<unknown>: they must not depend on today's Database type.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mf_telemetry')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('remote', 'text', (column) => column.notNull())
    .addColumn('version', 'text', (column) => column.notNull())
    .addColumn('phase', 'text', (column) => column.notNull().check(sql`phase in ('load', 'render')`))
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('route', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  // The control plane will compute error rates per remote release over recent time.
  await db.schema
    .createIndex('mf_telemetry_remote_version_created_idx')
    .on('mf_telemetry')
    .columns(['remote', 'version', 'created_at'])
    .execute();

  await db.schema
    .createTable('app_user')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('mobile', 'text', (column) => column.notNull().unique())
    .addColumn('user_nickname', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('avatar', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('exp', 'integer', (column) => column.notNull().defaultTo(0).check(sql`exp >= 0`))
    // Integer money units; a negative balance is a bug the database refuses.
    .addColumn('balance', 'bigint', (column) => column.notNull().defaultTo(0).check(sql`balance >= 0`))
    .addColumn('is_anchor', 'smallint', (column) => column.notNull().defaultTo(0).check(sql`is_anchor in (0, 1)`))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('user_session')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('token_hash', 'bytea', (column) => column.notNull().unique())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  // Sign-out everywhere and password changes revoke all sessions of one user.
  await db.schema.createIndex('user_session_user_id_idx').on('user_session').column('user_id').execute();

  await db.schema
    .createTable('competition')
    .addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('sport', 'text', (column) =>
      column.notNull().check(sql`sport in ('football', 'basketball', 'esports', 'general')`),
    )
    .addColumn('name_zh', 'text', (column) => column.notNull())
    // The search box and hot list show at most 10 characters.
    .addColumn('short_name_zh', 'text', (column) => column.notNull().check(sql`char_length(short_name_zh) between 1 and 10`))
    .addColumn('hot_rank', 'integer', (column) => column.check(sql`hot_rank > 0`))
    .addUniqueConstraint('competition_sport_name_zh_key', ['sport', 'name_zh'])
    .execute();
  await db.schema
    .createIndex('competition_hot_rank_idx')
    .on('competition')
    .column('hot_rank')
    .where(sql.ref('hot_rank'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['competition', 'user_session', 'app_user', 'mf_telemetry']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

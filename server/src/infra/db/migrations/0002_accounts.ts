import { type Kysely, sql } from 'kysely';

/** What migration 0002 gives users that exist already (new users get these from the service). */
const FIRST_PRESET_AVATAR = '/static/avatars/avatar-1.svg';

/**
 * Accounts: passwords, invite codes, SMS codes and their send log (limits), failed logins,
 * used captcha solutions (replay protection across nodes) and uploads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('app_user')
    // Null: the user has no password yet (cannot log in by password).
    .addColumn('password_hash', 'text')
    // 8 of [0-9A-F] by default (the service draws from [0-9A-Z]); unique, retried on a clash.
    .addColumn('invite_code', 'text', (column) => column.notNull().defaultTo(sql`upper(substr(md5(random()::text || clock_timestamp()::text), 1, 8))`))
    .addColumn('invited_by', 'bigint', (column) => column.references('app_user.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('app_user').addUniqueConstraint('app_user_invite_code_key', ['invite_code']).execute();
  await sql`alter table app_user add constraint app_user_invite_code_format check (invite_code ~ '^[0-9A-Z]{8}$')`.execute(db);
  await sql`update app_user set avatar = ${FIRST_PRESET_AVATAR} where avatar = ''`.execute(db);
  await sql`update app_user set user_nickname = '用户' || right(mobile, 4) where user_nickname = ''`.execute(db);
  await db.schema.createIndex('app_user_invited_by_idx').on('app_user').column('invited_by').execute();

  await db.schema
    .createTable('sms_code')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('mobile', 'text', (column) => column.notNull())
    .addColumn('purpose', 'smallint', (column) => column.notNull().check(sql`purpose in (1, 2)`))
    // HMAC-SHA-256 of the code keyed by a random per-code salt: the code itself is never stored.
    .addColumn('code_hash', 'bytea', (column) => column.notNull())
    .addColumn('salt', 'bytea', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sms_code_mobile_purpose_idx').on('sms_code').columns(['mobile', 'purpose', 'id']).execute();

  await db.schema
    .createTable('sms_send_log')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('mobile', 'text', (column) => column.notNull())
    .addColumn('purpose', 'smallint', (column) => column.notNull())
    .addColumn('ip', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('sms_send_log_mobile_idx').on('sms_send_log').columns(['mobile', 'created_at']).execute();
  await db.schema.createIndex('sms_send_log_ip_idx').on('sms_send_log').columns(['ip', 'created_at']).execute();

  await db.schema
    .createTable('login_failure')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('mobile', 'text', (column) => column.notNull())
    .addColumn('ip', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('login_failure_mobile_idx').on('login_failure').columns(['mobile', 'created_at']).execute();
  await db.schema.createIndex('login_failure_ip_idx').on('login_failure').columns(['ip', 'created_at']).execute();

  await db.schema
    .createTable('captcha_used')
    .addColumn('signature', 'text', (column) => column.primaryKey())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('captcha_used_expires_idx').on('captcha_used').column('expires_at').execute();

  await db.schema
    .createTable('upload')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('token_hash', 'bytea', (column) => column.notNull().unique())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('used_at', 'timestamptz')
    // Set once the file is stored: a random name of our own, never the client's.
    .addColumn('file_name', 'text', (column) => column.unique())
    .addColumn('content_type', 'text')
    .addColumn('size_bytes', 'integer')
    .execute();
  await db.schema.createIndex('upload_user_idx').on('upload').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['upload', 'captcha_used', 'login_failure', 'sms_send_log', 'sms_code']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable('app_user').dropColumn('invited_by').dropColumn('invite_code').dropColumn('password_hash').execute();
}

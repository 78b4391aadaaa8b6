import { type Kysely, sql } from 'kysely';

/**
 * Unique chosen nicknames (issue 12): `nickname_key` is the normalised form of a name a member
 * chose (accounts/nicknames.ts normalizeName), unique across accounts; default names
 * (`用户1234`) have none, so they may repeat. `lower(user_nickname)` is indexed for the check
 * against names chosen before this column existed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('app_user').addColumn('nickname_key', 'text').execute();
  await db.schema.createIndex('app_user_nickname_key_idx').unique().on('app_user').column('nickname_key').where(sql.ref('nickname_key'), 'is not', null).execute();
  await sql`create index app_user_nickname_lower_idx on app_user (lower(user_nickname))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists app_user_nickname_lower_idx`.execute(db);
  await db.schema.dropIndex('app_user_nickname_key_idx').ifExists().execute();
  await db.schema.alterTable('app_user').dropColumn('nickname_key').execute();
}

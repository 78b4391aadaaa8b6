import { type Kysely, sql } from 'kysely';

/**
 * Moderation (issue 14; server/src/moderation/README.md).
 *
 * - sensitive_word: the one word list, stored normalised (NFKC, lower case, no separators), unique;
 *   seeded with the short default list. sensitive_word_version: one row whose version goes up in
 *   the transaction of every change; each node polls it and rebuilds its automaton when it moved.
 * - moderation_report: what members report (kind + target id: the owning domain's id as text),
 *   a reason code and optional text; open until ops act (actioned) or dismiss it. One open report
 *   per reporter and target (partial unique index). Index (state, id desc): the queue's keyset.
 * - moderation_action: the audit of every ops action (who, what, which target, detail).
 * - app_user.banned_until: a member banned by ops cannot log in or use a session until then.
 */
/** The first list, normalised (a copy of moderation/defaultWords.ts as it was: a migration never changes). */
const SEED_WORDS = [
  '傻逼',
  '煞笔',
  '操你',
  '草你妈',
  '你妈死',
  '去死',
  '尼玛',
  '脑残',
  '智障',
  'fuck',
  'shit',
  'bitch',
  'cunt',
  'nigger',
  '法轮',
  '共匪',
  '加微信',
  '加我微信',
  '加v信',
  '代开发票',
  '刷单兼职',
  '网赚兼职',
  '免费领取彩金',
  '私彩',
  '赌球网站',
  '包赢',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sensitive_word')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('word', 'text', (column) => column.notNull().unique().check(sql`length(word) between 1 and 32`))
    .addColumn('created_by', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  for (const word of SEED_WORDS) await sql`insert into sensitive_word (word, created_by) values (${word}, 'seed')`.execute(db);

  await db.schema
    .createTable('sensitive_word_version')
    .addColumn('id', 'boolean', (column) => column.primaryKey().defaultTo(true).check(sql`id`))
    .addColumn('version', 'bigint', (column) => column.notNull().defaultTo(1))
    .execute();
  await sql`insert into sensitive_word_version (id, version) values (true, 1)`.execute(db);

  await db.schema
    .createTable('moderation_report')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('reporter_id', 'bigint', (column) => column.notNull().references('app_user.id'))
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('post', 'comment', 'chat', 'user', 'headline')`))
    .addColumn('target_id', 'text', (column) => column.notNull().check(sql`length(target_id) between 1 and 64`))
    .addColumn('author_id', 'bigint', (column) => column.references('app_user.id'))
    .addColumn('reason', 'text', (column) => column.notNull().check(sql`reason in ('spam', 'abuse', 'porn', 'illegal', 'other')`))
    .addColumn('text', 'text', (column) => column.check(sql`length(text) <= 200`))
    .addColumn('state', 'text', (column) => column.notNull().defaultTo('open').check(sql`state in ('open', 'actioned', 'dismissed')`))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'text')
    .execute();
  await sql`create unique index moderation_report_open_once on moderation_report (reporter_id, kind, target_id) where state = 'open'`.execute(db);
  await db.schema.createIndex('moderation_report_state').on('moderation_report').columns(['state', 'id desc']).execute();
  await db.schema.createIndex('moderation_report_target').on('moderation_report').columns(['kind', 'target_id', 'state']).execute();
  await db.schema.createIndex('moderation_report_reporter_time').on('moderation_report').columns(['reporter_id', 'created_at desc']).execute();

  await db.schema
    .createTable('moderation_action')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('actor', 'text', (column) => column.notNull())
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('kind', 'text')
    .addColumn('target_id', 'text')
    .addColumn('detail', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('moderation_action_target').on('moderation_action').columns(['kind', 'target_id', 'id desc']).execute();

  await db.schema.alterTable('app_user').addColumn('banned_until', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('app_user').dropColumn('banned_until').execute();
  await db.schema.dropTable('moderation_action').execute();
  await db.schema.dropTable('moderation_report').execute();
  await db.schema.dropTable('sensitive_word_version').execute();
  await db.schema.dropTable('sensitive_word').execute();
}

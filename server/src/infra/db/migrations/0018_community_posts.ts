import { type Kysely, sql } from 'kysely';

/**
 * Community posts (issue 14; server/src/community/README.md).
 *
 * - post_topic: the circle's topics (seeded below; `sort` orders the tabs).
 * - post: a member's post. `text` is plain text (search builds its pg_trgm index on it, migration
 *   0021); `images` upload-store URLs (the author's own uploads, at most 9). At most one of a
 *   match and a room. `like_count` and `comment_count` (visible comments and replies) change in
 *   the transaction of the like or comment that changes them. `hot_score` =
 *   log10(likes + 2 × comments + 1) + created_at epoch / 45000 (Reddit's trick: age decays the
 *   rank without rewriting rows, each 12.5 hours newer counts as 10 × the engagement); it is
 *   recomputed with the counts. Visible = not hidden (moderation) and not deleted (soft).
 * - post_like / post_comment_like: one row per member who likes; the primary key makes a like
 *   count once.
 * - post_comment: a top comment (root_id null) or a reply (root_id the top comment, parent_id the
 *   comment it answers). `reply_count` (top comments) counts visible replies.
 *
 * Indexes follow the lists' keyset orders over visible rows: latest (id desc; ids grow with
 * time), per topic, hot (hot_score desc, id desc), per author, a post's top comments
 * (post_id, id), a thread's replies (root_id, id); and per author by time for the rate limits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('post_topic')
    .addColumn('id', 'serial', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull().unique())
    .addColumn('sort', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (column) => column.notNull().defaultTo(true))
    .execute();
  await sql`insert into post_topic (name, sort) values ('足球', 1), ('篮球', 2), ('电竞', 3), ('综合', 4), ('世界杯', 5), ('欧冠', 6), ('NBA', 7)`.execute(db);

  await db.schema
    .createTable('post')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('author_id', 'bigint', (column) => column.notNull().references('app_user.id'))
    .addColumn('text', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('images', sql`text[]`, (column) => column.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('topic_id', 'integer', (column) => column.references('post_topic.id'))
    .addColumn('match_id', 'bigint', (column) => column.references('match.id'))
    .addColumn('room_id', 'bigint', (column) => column.references('live_room.id'))
    .addColumn('like_count', 'integer', (column) => column.notNull().defaultTo(0).check(sql`like_count >= 0`))
    .addColumn('comment_count', 'integer', (column) => column.notNull().defaultTo(0).check(sql`comment_count >= 0`))
    .addColumn('hot_score', sql`double precision`, (column) => column.notNull())
    .addColumn('hidden', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('post_images_max', sql`cardinality(images) <= 9`)
    .addCheckConstraint('post_one_link', sql`match_id is null or room_id is null`)
    .execute();
  const visible = sql<boolean>`hidden = false and deleted_at is null`;
  await db.schema.createIndex('post_latest').on('post').column('id desc').where(visible).execute();
  await db.schema.createIndex('post_topic_latest').on('post').columns(['topic_id', 'id desc']).where(visible).execute();
  await db.schema.createIndex('post_hot').on('post').columns(['hot_score desc', 'id desc']).where(visible).execute();
  await db.schema.createIndex('post_topic_hot').on('post').columns(['topic_id', 'hot_score desc', 'id desc']).where(visible).execute();
  await db.schema.createIndex('post_author').on('post').columns(['author_id', 'id desc']).where(visible).execute();
  await db.schema.createIndex('post_author_time').on('post').columns(['author_id', 'created_at']).execute();

  await db.schema
    .createTable('post_like')
    .addColumn('post_id', 'bigint', (column) => column.notNull().references('post.id'))
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('app_user.id'))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('post_like_pk', ['post_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('post_comment')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('post_id', 'bigint', (column) => column.notNull().references('post.id'))
    .addColumn('author_id', 'bigint', (column) => column.notNull().references('app_user.id'))
    .addColumn('root_id', 'bigint', (column) => column.references('post_comment.id'))
    .addColumn('parent_id', 'bigint', (column) => column.references('post_comment.id'))
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('like_count', 'integer', (column) => column.notNull().defaultTo(0).check(sql`like_count >= 0`))
    .addColumn('reply_count', 'integer', (column) => column.notNull().defaultTo(0).check(sql`reply_count >= 0`))
    .addColumn('hidden', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('post_comment_thread', sql`(root_id is null) = (parent_id is null)`)
    .execute();
  await db.schema.createIndex('post_comment_top').on('post_comment').columns(['post_id', 'id']).where(sql<boolean>`root_id is null`).execute();
  await db.schema
    .createIndex('post_comment_replies')
    .on('post_comment')
    .columns(['root_id', 'id'])
    .where(sql<boolean>`root_id is not null and hidden = false and deleted_at is null`)
    .execute();
  await db.schema.createIndex('post_comment_author_time').on('post_comment').columns(['author_id', 'created_at']).execute();

  await db.schema
    .createTable('post_comment_like')
    .addColumn('comment_id', 'bigint', (column) => column.notNull().references('post_comment.id'))
    .addColumn('user_id', 'bigint', (column) => column.notNull().references('app_user.id'))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('post_comment_like_pk', ['comment_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('post_comment_like').execute();
  await db.schema.dropTable('post_comment').execute();
  await db.schema.dropTable('post_like').execute();
  await db.schema.dropTable('post').execute();
  await db.schema.dropTable('post_topic').execute();
}

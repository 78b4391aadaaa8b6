import { type Kysely, sql } from 'kysely';

/**
 * Comments on headline articles (issue 14; server/src/community/README.md, "Comment threads").
 *
 * One comment store for every commentable thing: `post_comment` (and `post_comment_like`) now
 * holds the comments of a post (`post_id`) or of a headline article (`headline_id`), exactly one
 * of the two (check `post_comment_subject`). Two nullable foreign keys rather than a
 * (kind, id) text pair, so PostgreSQL still refuses a comment on a thread that does not exist.
 * Replies, likes, rate limits (per author, whatever the thread) and moderation (target `comment`)
 * are shared as they are. The article's top comments page by keyset on (headline_id, id), as a
 * post's do on (post_id, id); a thread's replies use the existing (root_id, id) index.
 * `headline.comment_count` (0 until now) counts visible comments and replies from here on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table post_comment alter column post_id drop not null`.execute(db);
  await sql`alter table post_comment add column headline_id bigint references headline(id)`.execute(db);
  await sql`alter table post_comment add constraint post_comment_subject check ((post_id is null) <> (headline_id is null))`.execute(db);
  await sql`create index post_comment_headline_top on post_comment (headline_id, id) where root_id is null and headline_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from post_comment_like where comment_id in (select id from post_comment where headline_id is not null)`.execute(db);
  await sql`delete from post_comment where headline_id is not null and root_id is not null`.execute(db);
  await sql`delete from post_comment where headline_id is not null`.execute(db);
  await sql`update headline set comment_count = 0`.execute(db);
  await sql`drop index post_comment_headline_top`.execute(db);
  await sql`alter table post_comment drop constraint post_comment_subject`.execute(db);
  await sql`alter table post_comment drop column headline_id`.execute(db);
  await sql`alter table post_comment alter column post_id set not null`.execute(db);
}

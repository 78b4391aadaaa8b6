import {
  COMMUNITY_PAGE_SIZE_DEFAULT,
  type CommunityTopicList,
  type FeedQuery,
  type Post,
  type PostInsertRequest,
  type PostLikeRequest,
  type PostLikeResult,
  type PostPage,
  type UserPostListQuery,
  levelOf,
} from '@sports/shared/server';
import { type ExpressionBuilder, type Kysely, type RawBuilder, type Transaction, sql } from 'kysely';
import type { AccountServices } from '../../accounts/index';
import { containsPattern } from '../../infra/db/likePattern';
import type { Database } from '../../infra/db/schema';
import type { CheckResult } from '../../moderation/index';
import { errors } from '../../infra/http/errorCatalogue';
import { tellMembersSelect } from '../../messages/index';
import { isOwnUpload } from '../../uploads/index';
import { decodeHotCursor, decodeIdCursor, encodeHotCursor, encodeIdCursor } from './cursor';
import type { CommunityConfig } from './postsConfig';

/** The one sensitive-word filter (app.moderation.check). */
export type TextCheck = (text: string) => CheckResult;

export interface PostServiceDeps {
  db: Kysely<Database>;
  accounts: AccountServices;
  config: CommunityConfig;
  checkText: TextCheck;
}

/**
 * The hot score (migration 0018): log10(likes + 2 × comments + 1) + created_at epoch / 45000.
 * Written with the counts it depends on: `likeDelta`/`commentDelta` are the change the same
 * UPDATE applies (its right-hand sides read the old values).
 */
export function hotScoreAfter(likeDelta: number, commentDelta: number): RawBuilder<number> {
  return sql<number>`log(greatest(like_count + ${sql.lit(likeDelta)} + 2 * (comment_count + ${sql.lit(commentDelta)}) + 1, 1)::float8) + extract(epoch from created_at)::float8 / 45000`;
}

/** Visible posts: not hidden by moderation, not deleted by their author. */
export function visiblePost(eb: ExpressionBuilder<Database, 'post'>) {
  return eb.and([eb('post.hidden', '=', false), eb('post.deleted_at', 'is', null)]);
}

function pageSizeOf(pageSize: number | undefined): number {
  return pageSize ?? COMMUNITY_PAGE_SIZE_DEFAULT;
}

/** The post rows with everything a view shows (author, topic, match with teams, room with its anchor). */
function postRows(db: Kysely<Database> | Transaction<Database>) {
  return db
    .selectFrom('post')
    .innerJoin('app_user as author', 'author.id', 'post.author_id')
    .leftJoin('post_topic as topic', 'topic.id', 'post.topic_id')
    .leftJoin('match', 'match.id', 'post.match_id')
    .leftJoin('team as home', 'home.id', 'match.home_team_id')
    .leftJoin('team as away', 'away.id', 'match.away_team_id')
    .leftJoin('live_room as room', 'room.id', 'post.room_id')
    .leftJoin('app_user as room_owner', 'room_owner.id', 'room.owner_id')
    .select([
      'post.id',
      'post.author_id',
      'author.user_nickname as author_nickname',
      'author.avatar as author_avatar',
      'author.exp as author_exp',
      'post.text',
      'post.images',
      'post.topic_id',
      'topic.name as topic_name',
      'post.match_id',
      'home.short_name_zh as home_team',
      'away.short_name_zh as away_team',
      'match.home_score',
      'match.away_score',
      'match.kickoff_at',
      'post.room_id',
      'room.title as room_title',
      'room_owner.user_nickname as room_anchor',
      'post.like_count',
      'post.comment_count',
      'post.hot_score',
      'post.created_at',
    ]);
}

type PostRow = Awaited<ReturnType<ReturnType<typeof postRows>['execute']>>[number];

async function likedPostIds(db: Kysely<Database>, viewerId: number | null, postIds: number[]): Promise<Set<number>> {
  if (viewerId === null || postIds.length === 0) return new Set();
  const rows = await db.selectFrom('post_like').select('post_id').where('user_id', '=', viewerId).where('post_id', 'in', postIds).execute();
  return new Set(rows.map((row) => Number(row.post_id)));
}

function viewOf(row: PostRow, liked: Set<number>, viewerId: number | null): Post {
  const id = Number(row.id);
  return {
    id,
    author: { id: Number(row.author_id), nickname: row.author_nickname, avatar: row.author_avatar, level: levelOf(row.author_exp) },
    text: row.text,
    images: row.images,
    topic: row.topic_id !== null && row.topic_name !== null ? { id: row.topic_id, name: row.topic_name } : null,
    match:
      row.match_id !== null && row.kickoff_at !== null
        ? {
            id: Number(row.match_id),
            home_team: row.home_team ?? '',
            away_team: row.away_team ?? '',
            home_score: row.home_score ?? 0,
            away_score: row.away_score ?? 0,
            kickoff_at: row.kickoff_at.toISOString(),
          }
        : null,
    room: row.room_id !== null && row.room_title !== null ? { id: Number(row.room_id), title: row.room_title, anchor_nickname: row.room_anchor ?? '' } : null,
    like_count: row.like_count,
    comment_count: row.comment_count,
    liked_by_me: liked.has(id),
    is_mine: viewerId !== null && Number(row.author_id) === viewerId,
    created_at: row.created_at.toISOString(),
  };
}

async function viewsOf(db: Kysely<Database>, rows: PostRow[], viewerId: number | null): Promise<Post[]> {
  const liked = await likedPostIds(
    db,
    viewerId,
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row) => viewOf(row, liked, viewerId));
}

/** `api/anchor_dynamics/topics`: the enabled topics in tab order. */
export async function listTopics(db: Kysely<Database>): Promise<CommunityTopicList> {
  return db.selectFrom('post_topic').select(['id', 'name']).where('enabled', '=', true).orderBy('sort').orderBy('id').execute();
}

/** Refuses a text the sensitive-word filter refuses; answers the text to store. */
export function checkedText(checkText: TextCheck, text: string): string {
  if (text === '') return text;
  const verdict = checkText(text);
  if (!verdict.ok) throw errors.COMMUNITY_TEXT_REFUSED();
  return verdict.text;
}

/**
 * How many rows of `table` this member wrote in the last minute, counted after taking a lock on
 * the member (so two requests at once take turns and a limit cannot be raced past).
 */
export async function lockAndCountRecent(trx: Transaction<Database>, table: 'post' | 'post_comment', authorId: number, now: Date): Promise<number> {
  await sql`select pg_advisory_xact_lock(${table === 'post' ? 180_001 : 180_002}::int, (${authorId}::bigint % 2147483647)::int)`.execute(trx);
  const since = new Date(now.getTime() - 60_000);
  const row = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('author_id', '=', authorId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** `POST api/anchor_dynamics_user/insert`: checks everything, then writes the post; answers its view. */
export async function insertPost(deps: PostServiceDeps, authorId: number, request: PostInsertRequest): Promise<Post> {
  const { db } = deps;
  const text = request.text.trim();
  const images = request.images ?? [];
  if (text === '' && images.length === 0) throw errors.COMMUNITY_POST_EMPTY();
  if (new Set(images).size !== images.length) throw errors.COMMUNITY_IMAGE_DUPLICATE();
  if (request.match_id !== undefined && request.room_id !== undefined) throw errors.COMMUNITY_ONE_LINK();
  const stored = checkedText(deps.checkText, text);
  for (const image of images) {
    if (!(await isOwnUpload(db, deps.accounts, authorId, image))) throw errors.COMMUNITY_IMAGE_NOT_OURS();
  }
  if (request.topic_id !== undefined) {
    const topic = await db.selectFrom('post_topic').select('id').where('id', '=', request.topic_id).where('enabled', '=', true).executeTakeFirst();
    if (topic === undefined) throw errors.COMMUNITY_TOPIC_NOT_FOUND();
  }
  if (request.match_id !== undefined) {
    const match = await db.selectFrom('match').select('id').where('id', '=', request.match_id).executeTakeFirst();
    if (match === undefined) throw errors.COMMUNITY_MATCH_NOT_FOUND();
  }
  if (request.room_id !== undefined) {
    const room = await db.selectFrom('live_room').select('id').where('id', '=', request.room_id).executeTakeFirst();
    if (room === undefined) throw errors.COMMUNITY_ROOM_NOT_FOUND();
  }
  const now = deps.accounts.clock();
  const id = await db.transaction().execute(async (trx) => {
    if ((await lockAndCountRecent(trx, 'post', authorId, now)) >= deps.config.postsPerMinute) throw errors.COMMUNITY_POSTING_TOO_FAST(deps.config.postsPerMinute);
    const row = await trx
      .insertInto('post')
      .values({
        author_id: authorId,
        text: stored,
        images,
        topic_id: request.topic_id ?? null,
        match_id: request.match_id ?? null,
        room_id: request.room_id ?? null,
        hot_score: sql<number>`extract(epoch from ${now}::timestamptz)::float8 / 45000`,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
  return postInfo(db, authorId, id);
}

/** `api/anchor_dynamics/info`: one visible post (hidden or deleted: not found). */
export async function postInfo(db: Kysely<Database>, viewerId: number | null, postId: number): Promise<Post> {
  const row = await postRows(db).where('post.id', '=', postId).where(visiblePost).executeTakeFirst();
  if (row === undefined) throw errors.COMMUNITY_POST_NOT_FOUND();
  return (await viewsOf(db, [row], viewerId))[0] as Post;
}

/** `api/anchor_dynamics/list`: the circle's feed (latest, hot, following), optionally of one topic. */
export async function listFeed(db: Kysely<Database>, viewerId: number | null, query: FeedQuery): Promise<PostPage> {
  const view = query.view ?? 'latest';
  if (view === 'following' && viewerId === null) throw errors.LOGIN_REQUIRED();
  const size = pageSizeOf(query.page_size);
  let rows = postRows(db).where(visiblePost);
  if (query.topic_id !== undefined) rows = rows.where('post.topic_id', '=', query.topic_id);
  if (view === 'following' && viewerId !== null) {
    rows = rows.where('post.author_id', 'in', db.selectFrom('user_follow').select('anchor_id').where('follower_id', '=', viewerId));
  }
  if (view === 'hot') {
    const cursor = decodeHotCursor(query.cursor);
    if (cursor !== null) rows = rows.where(sql<boolean>`(post.hot_score, post.id) < (${cursor.score}::float8, ${cursor.id}::bigint)`);
    const found = await rows.orderBy('post.hot_score', 'desc').orderBy('post.id', 'desc').limit(size + 1).execute();
    const page = found.slice(0, size);
    const last = page.at(-1);
    return { list: await viewsOf(db, page, viewerId), next_cursor: found.length > size && last !== undefined ? encodeHotCursor(last.hot_score, Number(last.id)) : null };
  }
  const cursor = decodeIdCursor(query.cursor);
  if (cursor !== null) rows = rows.where('post.id', '<', cursor);
  return idPage(db, await rows.orderBy('post.id', 'desc').limit(size + 1).execute(), size, viewerId);
}

async function idPage(db: Kysely<Database>, found: PostRow[], size: number, viewerId: number | null): Promise<PostPage> {
  const page = found.slice(0, size);
  const last = page.at(-1);
  return { list: await viewsOf(db, page, viewerId), next_cursor: found.length > size && last !== undefined ? encodeIdCursor(Number(last.id)) : null };
}

/** `api/anchor_dynamics/userPostList`: a user's visible posts, newest first. */
export async function userPostList(db: Kysely<Database>, viewerId: number | null, query: UserPostListQuery): Promise<PostPage> {
  const userId = query.user_id ?? viewerId;
  if (userId === null) throw errors.LOGIN_REQUIRED();
  const user = await db.selectFrom('app_user').select('id').where('id', '=', userId).executeTakeFirst();
  if (user === undefined) throw errors.COMMUNITY_USER_NOT_FOUND();
  const size = pageSizeOf(query.page_size);
  let rows = postRows(db).where('post.author_id', '=', userId).where(visiblePost);
  const cursor = decodeIdCursor(query.cursor);
  if (cursor !== null) rows = rows.where('post.id', '<', cursor);
  return idPage(db, await rows.orderBy('post.id', 'desc').limit(size + 1).execute(), size, viewerId);
}

/**
 * `api/anchor_dynamics_user/likes`: like (1), unlike (0) or toggle. The like row and the count
 * change in one transaction, the count only when a row was inserted or deleted, so any number of
 * members liking at once count exactly.
 */
export async function likePost(db: Kysely<Database>, userId: number, request: PostLikeRequest): Promise<PostLikeResult> {
  return db.transaction().execute(async (trx) => {
    const post = await trx.selectFrom('post').select('id').where('id', '=', request.post_id).where(visiblePost).executeTakeFirst();
    if (post === undefined) throw errors.COMMUNITY_POST_NOT_FOUND();
    const postId = Number(post.id);
    let delta = 0;
    let liked: boolean;
    const remove = async () => (await trx.deleteFrom('post_like').where('post_id', '=', postId).where('user_id', '=', userId).returning('post_id').execute()).length > 0;
    const add = async () =>
      (await trx.insertInto('post_like').values({ post_id: postId, user_id: userId }).onConflict((conflict) => conflict.doNothing()).returning('post_id').execute()).length > 0;
    if (request.like === 0) {
      delta = (await remove()) ? -1 : 0;
      liked = false;
    } else if (request.like === 1) {
      delta = (await add()) ? 1 : 0;
      liked = true;
    } else if (await remove()) {
      delta = -1;
      liked = false;
    } else {
      // Not liked (or a twin toggle of the same member is liking right now: then it stays liked).
      delta = (await add()) ? 1 : 0;
      liked = true;
    }
    const row =
      delta === 0
        ? await trx.selectFrom('post').select('like_count').where('id', '=', postId).executeTakeFirstOrThrow()
        : await trx
            .updateTable('post')
            .set({ like_count: sql`like_count + ${sql.lit(delta)}`, hot_score: hotScoreAfter(delta, 0) })
            .where('id', '=', postId)
            .returning('like_count')
            .executeTakeFirstOrThrow();
    // The author's 互动 message (message centre): one per member and post, however often re-liked; never oneself.
    if (delta > 0) {
      await tellMembersSelect(trx, sql`
        select p.author_id, 'interaction', 'post_like', '收到点赞', u.user_nickname || ' 赞了你的帖子：' || left(p.text, 40), '#/circle-detail?id=' || p.id, 'post_like:' || p.id || ':' || u.id
        from post p join app_user u on u.id = ${userId} where p.id = ${postId} and p.author_id <> u.id`);
    }
    return { post_id: postId, liked, like_count: row.like_count };
  });
}

/** `api/anchor_dynamics_user/delete`: the author deletes their post (soft: it leaves every list and `info`). */
export async function deletePost(db: Kysely<Database>, userId: number, postId: number, now: Date): Promise<{ id: number }> {
  const post = await db.selectFrom('post').select(['id', 'author_id']).where('id', '=', postId).where('deleted_at', 'is', null).executeTakeFirst();
  if (post === undefined) throw errors.COMMUNITY_POST_NOT_FOUND();
  if (Number(post.author_id) !== userId) throw errors.COMMUNITY_NOT_AUTHOR();
  await removePost(db, postId, now);
  return { id: postId };
}

/** Soft-deletes a post (its author, or moderation's remove): true when it was not deleted yet. */
export async function removePost(db: Kysely<Database>, postId: number, now: Date): Promise<boolean> {
  const result = await db.updateTable('post').set({ deleted_at: now }).where('id', '=', postId).where('deleted_at', 'is', null).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Moderation: hide or show a post again (hidden posts leave every list; their rows stay). */
export async function setPostHidden(db: Kysely<Database>, postId: number, hidden: boolean): Promise<void> {
  await db.updateTable('post').set({ hidden }).where('id', '=', postId).execute();
}

/** Moderation: who wrote the post and an excerpt of it (hidden ones too; deleted or unknown: null). */
export async function describePost(db: Kysely<Database>, postId: number): Promise<{ authorId: number; excerpt: string; hidden: boolean } | null> {
  const row = await db.selectFrom('post').select(['author_id', 'text', 'images', 'hidden']).where('id', '=', postId).where('deleted_at', 'is', null).executeTakeFirst();
  if (row === undefined) return null;
  const excerpt = row.text !== '' ? row.text.slice(0, 100) : `[图片 ×${row.images.length}]`;
  return { authorId: Number(row.author_id), excerpt, hidden: row.hidden };
}

/**
 * For search (search/ through community/index.ts): visible posts whose text contains `q`
 * (case-insensitive substring; a pg_trgm GIN index on post.text, migration 0021, serves it),
 * newest first, by keyset (`cursor` = the last page's `next_cursor`).
 */
export async function searchPosts(db: Kysely<Database>, query: { q: string; cursor?: string; pageSize?: number; viewerId?: number | null }): Promise<PostPage> {
  const size = pageSizeOf(query.pageSize);
  let rows = postRows(db).where(visiblePost).where(sql<boolean>`post.text ilike ${containsPattern(query.q)} escape '\\'`);
  const cursor = decodeIdCursor(query.cursor);
  if (cursor !== null) rows = rows.where('post.id', '<', cursor);
  return idPage(db, await rows.orderBy('post.id', 'desc').limit(size + 1).execute(), size, query.viewerId ?? null);
}

import {
  COMMENT_REMOVED_TEXT,
  COMMUNITY_PAGE_SIZE_DEFAULT,
  type CommentLikeRequest,
  type CommentLikeResult,
  type CommentListRequest,
  type CommentRequest,
  FOLDED_REPLIES,
  type PostComment,
  type PostCommentPage,
  type PostCommentReply,
  levelOf,
} from '@sports/shared/server';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../infra/db/schema';
import { errors } from '../../infra/http/errorCatalogue';
import { decodeIdCursor, encodeIdCursor } from './cursor';
import { type PostServiceDeps, checkedText, hotScoreAfter, lockAndCountRecent, visiblePost } from './posts';

/**
 * Comments and replies. A top comment has root_id null; a reply has root_id (its thread's top
 * comment) and parent_id (the comment it answers, top or reply). Counts: `post.comment_count`
 * counts visible comments and replies, `reply_count` a top comment's visible replies; each
 * changes in the transaction of the write that changes visibility (comment, delete, hide, unhide).
 * A deleted or hidden top comment that still has visible replies stays in the list as a
 * placeholder (COMMENT_REMOVED_TEXT, no author) so its replies keep their thread; without
 * replies it is gone.
 */

type Db = Kysely<Database> | Transaction<Database>;

function commentRows(db: Db) {
  return db
    .selectFrom('post_comment as c')
    .innerJoin('app_user as author', 'author.id', 'c.author_id')
    .leftJoin('post_comment as parent', 'parent.id', 'c.parent_id')
    .leftJoin('app_user as parent_author', 'parent_author.id', 'parent.author_id')
    .select([
      'c.id',
      'c.post_id',
      'c.root_id',
      'c.parent_id',
      'c.author_id',
      'author.user_nickname as author_nickname',
      'author.avatar as author_avatar',
      'author.exp as author_exp',
      'parent_author.user_nickname as parent_nickname',
      'parent.hidden as parent_hidden',
      'parent.deleted_at as parent_deleted_at',
      'c.text',
      'c.like_count',
      'c.reply_count',
      'c.hidden',
      'c.deleted_at',
      'c.created_at',
    ]);
}

type CommentRow = Awaited<ReturnType<ReturnType<typeof commentRows>['execute']>>[number];

function replyView(row: CommentRow, liked: Set<number>, viewerId: number | null): PostCommentReply {
  const id = Number(row.id);
  const removed = row.hidden || row.deleted_at !== null;
  return {
    id,
    post_id: Number(row.post_id),
    root_id: row.root_id === null ? null : Number(row.root_id),
    // A removed comment's author is not named, not even as whom a reply answers.
    reply_to: row.parent_id === null ? null : { comment_id: Number(row.parent_id), nickname: row.parent_hidden === true || row.parent_deleted_at !== null ? '' : (row.parent_nickname ?? '') },
    author: removed ? null : { id: Number(row.author_id), nickname: row.author_nickname, avatar: row.author_avatar, level: levelOf(row.author_exp) },
    text: removed ? COMMENT_REMOVED_TEXT : row.text,
    removed,
    like_count: row.like_count,
    liked_by_me: liked.has(id),
    is_mine: !removed && viewerId !== null && Number(row.author_id) === viewerId,
    created_at: row.created_at.toISOString(),
  };
}

async function likedCommentIds(db: Db, viewerId: number | null, ids: number[]): Promise<Set<number>> {
  if (viewerId === null || ids.length === 0) return new Set();
  const rows = await db.selectFrom('post_comment_like').select('comment_id').where('user_id', '=', viewerId).where('comment_id', 'in', ids).execute();
  return new Set(rows.map((row) => Number(row.comment_id)));
}

async function visiblePostOrThrow(db: Db, postId: number): Promise<{ id: number; comment_count: number }> {
  const post = await db.selectFrom('post').select(['id', 'comment_count']).where('id', '=', postId).where(visiblePost).executeTakeFirst();
  if (post === undefined) throw errors.COMMUNITY_POST_NOT_FOUND();
  return { id: Number(post.id), comment_count: post.comment_count };
}

/** `POST api/anchor_dynamics_user/comment`: a comment, or a reply (`reply_to`), on a visible post. */
export async function addComment(deps: PostServiceDeps, authorId: number, request: CommentRequest): Promise<PostComment> {
  const { db } = deps;
  const text = request.text.trim();
  if (text === '') throw errors.COMMUNITY_TEXT_BLANK();
  const stored = checkedText(deps.checkText, text);
  const now = deps.accounts.clock();
  const id = await db.transaction().execute(async (trx) => {
    if ((await lockAndCountRecent(trx, 'post_comment', authorId, now)) >= deps.config.commentsPerMinute) {
      throw errors.COMMUNITY_COMMENTING_TOO_FAST(deps.config.commentsPerMinute);
    }
    let rootId: number | null = null;
    if (request.reply_to !== undefined) {
      const parent = await trx
        .selectFrom('post_comment')
        .select(['id', 'root_id'])
        .where('id', '=', request.reply_to)
        .where('post_id', '=', request.post_id)
        .where('hidden', '=', false)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (parent === undefined) throw errors.COMMUNITY_COMMENT_NOT_FOUND();
      rootId = parent.root_id === null ? Number(parent.id) : Number(parent.root_id);
    }
    // The post's row lock (this UPDATE) orders every count change of the post; a post deleted or
    // hidden meanwhile matches nothing and the comment is refused.
    const post = await trx
      .updateTable('post')
      .set({ comment_count: sql`comment_count + 1`, hot_score: hotScoreAfter(0, 1) })
      .where('id', '=', request.post_id)
      .where(visiblePost)
      .returning('id')
      .executeTakeFirst();
    if (post === undefined) throw errors.COMMUNITY_POST_NOT_FOUND();
    if (rootId !== null) await trx.updateTable('post_comment').set({ reply_count: sql`reply_count + 1` }).where('id', '=', rootId).execute();
    const row = await trx
      .insertInto('post_comment')
      .values({ post_id: request.post_id, author_id: authorId, root_id: rootId, parent_id: request.reply_to ?? null, text: stored, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
  const row = await commentRows(db).where('c.id', '=', id).executeTakeFirstOrThrow();
  return { ...replyView(row, new Set(), authorId), reply_count: 0, replies: [] };
}

/**
 * `POST api/anchor_dynamics/commentList`: top comments oldest first, each with its first
 * FOLDED_REPLIES visible replies; with `root_id`, that thread's visible replies.
 */
export async function listComments(db: Kysely<Database>, viewerId: number | null, request: CommentListRequest): Promise<PostCommentPage> {
  const post = await visiblePostOrThrow(db, request.post_id);
  const size = request.page_size ?? COMMUNITY_PAGE_SIZE_DEFAULT;
  const cursor = decodeIdCursor(request.cursor);

  if (request.root_id !== undefined) {
    const root = await db.selectFrom('post_comment').select('id').where('id', '=', request.root_id).where('post_id', '=', post.id).where('root_id', 'is', null).executeTakeFirst();
    if (root === undefined) throw errors.COMMUNITY_COMMENT_NOT_FOUND();
    let rows = commentRows(db).where('c.root_id', '=', request.root_id).where('c.hidden', '=', false).where('c.deleted_at', 'is', null);
    if (cursor !== null) rows = rows.where('c.id', '>', cursor);
    const found = await rows.orderBy('c.id').limit(size + 1).execute();
    const page = found.slice(0, size);
    const liked = await likedCommentIds(
      db,
      viewerId,
      page.map((row) => Number(row.id)),
    );
    const last = page.at(-1);
    return {
      list: page.map((row) => ({ ...replyView(row, liked, viewerId), reply_count: 0, replies: [] })),
      next_cursor: found.length > size && last !== undefined ? encodeIdCursor(Number(last.id)) : null,
      comment_count: post.comment_count,
    };
  }

  let rows = commentRows(db)
    .where('c.post_id', '=', post.id)
    .where('c.root_id', 'is', null)
    .where((eb) => eb.or([eb.and([eb('c.hidden', '=', false), eb('c.deleted_at', 'is', null)]), eb('c.reply_count', '>', 0)]));
  if (cursor !== null) rows = rows.where('c.id', '>', cursor);
  const found = await rows.orderBy('c.id').limit(size + 1).execute();
  const page = found.slice(0, size);
  const rootIds = page.map((row) => Number(row.id));
  // The first replies of each thread on the page: one index range (root_id, id) per thread.
  const replyIds =
    rootIds.length === 0
      ? []
      : (
          await sql<{ id: string }>`select r.id from unnest(${sql.val(rootIds)}::bigint[]) as root(id)
            cross join lateral (select c.id from post_comment c where c.root_id = root.id and c.hidden = false and c.deleted_at is null order by c.id limit ${sql.lit(FOLDED_REPLIES)}) r`.execute(db)
        ).rows.map((row) => Number(row.id));
  const replies = replyIds.length === 0 ? [] : await commentRows(db).where('c.id', 'in', replyIds).orderBy('c.id').execute();
  const liked = await likedCommentIds(db, viewerId, [...rootIds, ...replyIds]);
  const last = page.at(-1);
  return {
    list: page.map((row) => ({
      ...replyView(row, liked, viewerId),
      reply_count: row.reply_count,
      replies: replies.filter((reply) => Number(reply.root_id) === Number(row.id)).map((reply) => replyView(reply, liked, viewerId)),
    })),
    next_cursor: found.length > size && last !== undefined ? encodeIdCursor(Number(last.id)) : null,
    comment_count: post.comment_count,
  };
}

/** `POST api/anchor_dynamics_user/commentLikes`: as post likes, on a visible comment of a visible post. */
export async function likeComment(db: Kysely<Database>, userId: number, request: CommentLikeRequest): Promise<CommentLikeResult> {
  return db.transaction().execute(async (trx) => {
    const comment = await trx
      .selectFrom('post_comment')
      .innerJoin('post', 'post.id', 'post_comment.post_id')
      .select('post_comment.id')
      .where('post_comment.id', '=', request.comment_id)
      .where('post_comment.hidden', '=', false)
      .where('post_comment.deleted_at', 'is', null)
      .where(visiblePost)
      .executeTakeFirst();
    if (comment === undefined) throw errors.COMMUNITY_COMMENT_NOT_FOUND();
    const commentId = Number(comment.id);
    const remove = async () => (await trx.deleteFrom('post_comment_like').where('comment_id', '=', commentId).where('user_id', '=', userId).returning('comment_id').execute()).length > 0;
    const add = async () =>
      (await trx.insertInto('post_comment_like').values({ comment_id: commentId, user_id: userId }).onConflict((conflict) => conflict.doNothing()).returning('comment_id').execute()).length > 0;
    let delta = 0;
    let liked: boolean;
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
      delta = (await add()) ? 1 : 0;
      liked = true;
    }
    const row =
      delta === 0
        ? await trx.selectFrom('post_comment').select('like_count').where('id', '=', commentId).executeTakeFirstOrThrow()
        : await trx.updateTable('post_comment').set({ like_count: sql`like_count + ${sql.lit(delta)}` }).where('id', '=', commentId).returning('like_count').executeTakeFirstOrThrow();
    return { comment_id: commentId, liked, like_count: row.like_count };
  });
}

/** `POST api/anchor_dynamics_user/deleteComment`: the author deletes their comment; answers the post's comment count after. */
export async function deleteComment(db: Kysely<Database>, userId: number, commentId: number, now: Date): Promise<{ id: number; comment_count: number }> {
  const comment = await db.selectFrom('post_comment').select(['id', 'author_id', 'post_id']).where('id', '=', commentId).where('deleted_at', 'is', null).executeTakeFirst();
  if (comment === undefined) throw errors.COMMUNITY_COMMENT_NOT_FOUND();
  if (Number(comment.author_id) !== userId) throw errors.COMMUNITY_NOT_AUTHOR();
  await changeCommentVisibility(db, commentId, { deletedAt: now });
  const post = await db.selectFrom('post').select('comment_count').where('id', '=', comment.post_id).executeTakeFirstOrThrow();
  return { id: commentId, comment_count: post.comment_count };
}

/**
 * Deletes (soft), hides or unhides a comment, adjusting the counts in the same transaction when
 * its visibility changes: post.comment_count, and the thread's reply_count for a reply. Locks
 * the post row first (as a new comment's count update does), then the comment.
 */
export async function changeCommentVisibility(db: Kysely<Database>, commentId: number, change: { deletedAt: Date } | { hidden: boolean }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const head = await trx.selectFrom('post_comment').select('post_id').where('id', '=', commentId).executeTakeFirst();
    if (head === undefined) return false;
    await trx.selectFrom('post').select('id').where('id', '=', head.post_id).forUpdate().execute();
    const comment = await trx.selectFrom('post_comment').select(['id', 'post_id', 'root_id', 'hidden', 'deleted_at']).where('id', '=', commentId).forUpdate().executeTakeFirstOrThrow();
    if (comment.deleted_at !== null) return false;
    const wasVisible = !comment.hidden;
    let isVisible: boolean;
    if ('deletedAt' in change) {
      await trx.updateTable('post_comment').set({ deleted_at: change.deletedAt }).where('id', '=', commentId).execute();
      isVisible = false;
    } else {
      if (comment.hidden === change.hidden) return false;
      await trx.updateTable('post_comment').set({ hidden: change.hidden }).where('id', '=', commentId).execute();
      isVisible = !change.hidden;
    }
    if (wasVisible !== isVisible) {
      const delta = isVisible ? 1 : -1;
      await trx
        .updateTable('post')
        .set({ comment_count: sql`comment_count + ${sql.lit(delta)}`, hot_score: hotScoreAfter(0, delta) })
        .where('id', '=', comment.post_id)
        .execute();
      if (comment.root_id !== null) await trx.updateTable('post_comment').set({ reply_count: sql`reply_count + ${sql.lit(delta)}` }).where('id', '=', comment.root_id).execute();
    }
    return true;
  });
}

/** Moderation: who wrote the comment and an excerpt (hidden ones too; deleted or unknown: null). */
export async function describeComment(db: Kysely<Database>, commentId: number): Promise<{ authorId: number; excerpt: string; hidden: boolean } | null> {
  const row = await db.selectFrom('post_comment').select(['author_id', 'text', 'hidden']).where('id', '=', commentId).where('deleted_at', 'is', null).executeTakeFirst();
  return row === undefined ? null : { authorId: Number(row.author_id), excerpt: row.text.slice(0, 100), hidden: row.hidden };
}

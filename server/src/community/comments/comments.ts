import {
  COMMENT_REMOVED_TEXT,
  COMMUNITY_PAGE_SIZE_DEFAULT,
  type CommentLikeRequest,
  type CommentLikeResult,
  FOLDED_REPLIES,
  type PostCommentReply,
  levelOf,
} from '@sports/shared/server';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../infra/db/schema';
import { errors } from '../../infra/http/errorCatalogue';
import { tellMembersSelect } from '../../messages/index';
import { decodeIdCursor, encodeIdCursor } from '../posts/cursor';
import { type PostServiceDeps, checkedText, lockAndCountRecent } from '../posts/posts';
import {
  type CommentSubject,
  type CommentSubjectKind,
  SUBJECT_COLUMN,
  bumpCommentCount,
  lockSubject,
  subjectCount,
  subjectNotFound,
  subjectOfRow,
  visibleSubjectCount,
} from './commentSubjects';

/**
 * Comment threads on a subject (a post or a headline article: commentSubjects.ts). A top comment
 * has root_id null; a reply has root_id (its thread's top comment) and parent_id (the comment it
 * answers, top or reply). Counts: the subject's `comment_count` counts visible comments and
 * replies, `reply_count` a top comment's visible replies; each changes in the transaction of the
 * write that changes visibility (comment, delete, hide, unhide), under the subject's row lock.
 * A deleted or hidden top comment that still has visible replies stays in the list as a
 * placeholder (COMMENT_REMOVED_TEXT, no author) so its replies keep their thread; without
 * replies it is gone. Views carry no subject id: `withSubjectId` adds the one each API names.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** A comment or reply as every subject shows it (the API adds `post_id` or `headline_id`). */
export type ThreadReply = Omit<PostCommentReply, 'post_id'>;
export type ThreadComment = ThreadReply & { reply_count: number; replies: ThreadReply[] };
export interface ThreadPage {
  list: ThreadComment[];
  next_cursor: string | null;
  comment_count: number;
}

/** What a comment is written with; the subject is named by the route. */
export interface ThreadCommentRequest {
  text: string;
  reply_to?: number;
}

export interface ThreadListRequest {
  root_id?: number;
  cursor?: string;
  page_size?: number;
}

function commentRows(db: Db) {
  return db
    .selectFrom('post_comment as c')
    .innerJoin('app_user as author', 'author.id', 'c.author_id')
    .leftJoin('post_comment as parent', 'parent.id', 'c.parent_id')
    .leftJoin('app_user as parent_author', 'parent_author.id', 'parent.author_id')
    .select([
      'c.id',
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

function replyView(row: CommentRow, liked: Set<number>, viewerId: number | null): ThreadReply {
  const id = Number(row.id);
  const removed = row.hidden || row.deleted_at !== null;
  return {
    id,
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

/** The views with the subject's id under the name its API uses (`post_id`, `headline_id`). */
export function withSubjectId<K extends string>(key: K, id: number) {
  const reply = (view: ThreadReply) => ({ ...view, [key]: id }) as ThreadReply & Record<K, number>;
  const comment = (view: ThreadComment) => ({ ...reply(view), reply_count: view.reply_count, replies: view.replies.map(reply) });
  return { comment, page: (page: ThreadPage) => ({ ...page, list: page.list.map(comment) }) };
}

async function likedCommentIds(db: Db, viewerId: number | null, ids: number[]): Promise<Set<number>> {
  if (viewerId === null || ids.length === 0) return new Set();
  const rows = await db.selectFrom('post_comment_like').select('comment_id').where('user_id', '=', viewerId).where('comment_id', 'in', ids).execute();
  return new Set(rows.map((row) => Number(row.comment_id)));
}

/** A comment, or a reply (`reply_to`, a visible comment of the same subject), on a subject readers see. */
export async function addComment(deps: PostServiceDeps, authorId: number, subject: CommentSubject, request: ThreadCommentRequest): Promise<ThreadComment> {
  const { db } = deps;
  const column = SUBJECT_COLUMN[subject.kind];
  const text = request.text.trim();
  if (text === '') throw errors.COMMUNITY_TEXT_BLANK();
  const stored = checkedText(deps.checkText, text);
  const now = deps.accounts.clock();
  const id = await db.transaction().execute(async (trx) => {
    // One rate for every thread: the member's comments on posts and articles together.
    if ((await lockAndCountRecent(trx, 'post_comment', authorId, now)) >= deps.config.commentsPerMinute) {
      throw errors.COMMUNITY_COMMENTING_TOO_FAST(deps.config.commentsPerMinute);
    }
    let rootId: number | null = null;
    if (request.reply_to !== undefined) {
      const parent = await trx
        .selectFrom('post_comment')
        .select(['id', 'root_id'])
        .where('id', '=', request.reply_to)
        .where(column, '=', subject.id)
        .where('hidden', '=', false)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (parent === undefined) throw errors.COMMUNITY_COMMENT_NOT_FOUND();
      rootId = parent.root_id === null ? Number(parent.id) : Number(parent.root_id);
    }
    // The subject's row lock orders every count change of it; a subject hidden, deleted or
    // unpublished meanwhile matches nothing and the comment is refused.
    if (!(await bumpCommentCount(trx, subject, 1, true))) throw subjectNotFound(subject.kind);
    if (rootId !== null) await trx.updateTable('post_comment').set({ reply_count: sql`reply_count + 1` }).where('id', '=', rootId).execute();
    const row = await trx
      .insertInto('post_comment')
      .values({ ...(subject.kind === 'post' ? { post_id: subject.id } : { headline_id: subject.id }), author_id: authorId, root_id: rootId, parent_id: request.reply_to ?? null, text: stored, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tellOfComment(trx, Number(row.id), subject, request.reply_to ?? null);
    return Number(row.id);
  });
  const row = await commentRows(db).where('c.id', '=', id).executeTakeFirstOrThrow();
  return { ...replyView(row, new Set(), authorId), reply_count: 0, replies: [] };
}

/**
 * A subject's top comments oldest first, each with its first FOLDED_REPLIES visible replies;
 * with `root_id`, that thread's visible replies. Keyset on id, never OFFSET.
 */
export async function listComments(db: Kysely<Database>, viewerId: number | null, subject: CommentSubject, request: ThreadListRequest): Promise<ThreadPage> {
  const commentCount = await visibleSubjectCount(db, subject);
  if (commentCount === null) throw subjectNotFound(subject.kind);
  const column = SUBJECT_COLUMN[subject.kind];
  const size = request.page_size ?? COMMUNITY_PAGE_SIZE_DEFAULT;
  const cursor = decodeIdCursor(request.cursor);

  if (request.root_id !== undefined) {
    const root = await db.selectFrom('post_comment').select('id').where('id', '=', request.root_id).where(column, '=', subject.id).where('root_id', 'is', null).executeTakeFirst();
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
      comment_count: commentCount,
    };
  }

  let rows = commentRows(db)
    .where(`c.${column}`, '=', subject.id)
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
    comment_count: commentCount,
  };
}

/**
 * A like toggle (`like` 1/0 sets, absent toggles) on a visible comment of a visible subject of
 * `kind` (a route for post comments does not like an article's, and the other way round).
 */
export async function likeComment(db: Kysely<Database>, userId: number, kind: CommentSubjectKind, request: CommentLikeRequest): Promise<CommentLikeResult> {
  return db.transaction().execute(async (trx) => {
    const comment = await trx
      .selectFrom('post_comment')
      .select(['id', 'post_id', 'headline_id'])
      .where('id', '=', request.comment_id)
      .where(SUBJECT_COLUMN[kind], 'is not', null)
      .where('hidden', '=', false)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (comment === undefined || (await visibleSubjectCount(trx, subjectOfRow(comment))) === null) throw errors.COMMUNITY_COMMENT_NOT_FOUND();
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
    if (delta > 0) {
      await tellMembersSelect(trx, sql`
        select c.author_id, 'interaction', 'comment_like', '收到点赞', u.user_nickname || ' 赞了你的评论：' || left(c.text, 40),
               ${kind === 'post' ? sql`'#/circle-detail?id=' || c.post_id` : sql`'#/detail?id=' || c.headline_id`}, 'comment_like:' || c.id || ':' || u.id
        from post_comment c join app_user u on u.id = ${userId} where c.id = ${commentId} and c.author_id <> u.id`);
    }
    return { comment_id: commentId, liked, like_count: row.like_count };
  });
}

/**
 * The message centre's 互动 (messages/README.md): a reply tells the author of the comment replied
 * to; a comment on a post tells the post's author. Never oneself; in the comment's transaction.
 */
async function tellOfComment(trx: Transaction<Database>, commentId: number, subject: CommentSubject, replyTo: number | null): Promise<void> {
  const link = subject.kind === 'post' ? `#/circle-detail?id=${subject.id}` : `#/detail?id=${subject.id}`;
  const recipient =
    replyTo !== null
      ? sql`select author_id, '回复了你的评论' as what from post_comment where id = ${replyTo}`
      : subject.kind === 'post'
        ? sql`select author_id, '评论了你的帖子' as what from post where id = ${subject.id}`
        : null;
  if (recipient === null) return;
  await tellMembersSelect(trx, sql`
    select r.author_id, 'interaction', 'reply', '收到回复', u.user_nickname || ' ' || r.what || '：' || left(c.text, 100), ${link}, 'comment:' || c.id
    from (${recipient}) r, post_comment c join app_user u on u.id = c.author_id
    where c.id = ${commentId} and r.author_id <> c.author_id`);
}

/** The author deletes their comment (on a subject of `kind`); answers the subject's comment count after. */
export async function deleteComment(db: Kysely<Database>, userId: number, kind: CommentSubjectKind, commentId: number, now: Date): Promise<{ id: number; comment_count: number }> {
  const comment = await db
    .selectFrom('post_comment')
    .select(['id', 'author_id', 'post_id', 'headline_id'])
    .where('id', '=', commentId)
    .where(SUBJECT_COLUMN[kind], 'is not', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (comment === undefined) throw errors.COMMUNITY_COMMENT_NOT_FOUND();
  if (Number(comment.author_id) !== userId) throw errors.COMMUNITY_NOT_AUTHOR();
  await changeCommentVisibility(db, commentId, { deletedAt: now });
  return { id: commentId, comment_count: await subjectCount(db, subjectOfRow(comment)) };
}

/**
 * Deletes (soft), hides or unhides a comment, adjusting the counts in the same transaction when
 * its visibility changes: the subject's comment_count, and the thread's reply_count for a reply.
 * Locks the subject row first (as a new comment's count update does), then the comment.
 */
export async function changeCommentVisibility(db: Kysely<Database>, commentId: number, change: { deletedAt: Date } | { hidden: boolean }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const head = await trx.selectFrom('post_comment').select(['post_id', 'headline_id']).where('id', '=', commentId).executeTakeFirst();
    if (head === undefined) return false;
    const subject = subjectOfRow(head);
    await lockSubject(trx, subject);
    const comment = await trx.selectFrom('post_comment').select(['id', 'root_id', 'hidden', 'deleted_at']).where('id', '=', commentId).forUpdate().executeTakeFirstOrThrow();
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
      await bumpCommentCount(trx, subject, delta, false);
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

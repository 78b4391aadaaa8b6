import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../infra/db/schema';
import { errors } from '../../infra/http/errorCatalogue';
import { hotScoreAfter } from '../posts/posts';

/**
 * What a comment thread hangs on: a circle post or a headline article (migration 0023: a
 * comment row has exactly one of `post_id` and `headline_id`). Everything the shared comment code
 * needs to know about a subject is here: its column, whether readers see it, and how its
 * `comment_count` moves (a post's hot score moves with it). A new commentable kind is a column
 * (a migration), a member of SUBJECT_COLUMN and a branch in each function below.
 */
export type CommentSubjectKind = 'post' | 'headline';

export interface CommentSubject {
  kind: CommentSubjectKind;
  id: number;
}

export const SUBJECT_COLUMN = { post: 'post_id', headline: 'headline_id' } as const satisfies Record<CommentSubjectKind, string>;

type Db = Kysely<Database> | Transaction<Database>;

export function subjectNotFound(kind: CommentSubjectKind): Error {
  return kind === 'post' ? errors.COMMUNITY_POST_NOT_FOUND() : errors.HEADLINE_NOT_FOUND();
}

/** The subject of a comment row. */
export function subjectOfRow(row: { post_id: number | string | null; headline_id: number | string | null }): CommentSubject {
  return row.post_id !== null ? { kind: 'post', id: Number(row.post_id) } : { kind: 'headline', id: Number(row.headline_id) };
}

/** The subject's comment count when readers see it (a visible post, a published article), else null. */
export async function visibleSubjectCount(db: Db, subject: CommentSubject): Promise<number | null> {
  if (subject.kind === 'post') {
    const row = await db.selectFrom('post').select('comment_count').where('id', '=', subject.id).where('hidden', '=', false).where('deleted_at', 'is', null).executeTakeFirst();
    return row === undefined ? null : row.comment_count;
  }
  const row = await db.selectFrom('headline').select('comment_count').where('id', '=', subject.id).where('state', '=', 'published').executeTakeFirst();
  return row === undefined ? null : Number(row.comment_count);
}

/** The subject's comment count whatever its state (after a delete). */
export async function subjectCount(db: Db, subject: CommentSubject): Promise<number> {
  if (subject.kind === 'post') return (await db.selectFrom('post').select('comment_count').where('id', '=', subject.id).executeTakeFirstOrThrow()).comment_count;
  return Number((await db.selectFrom('headline').select('comment_count').where('id', '=', subject.id).executeTakeFirstOrThrow()).comment_count);
}

/**
 * Moves the subject's comment_count by `delta` in `trx`. Its row lock (this UPDATE) orders every
 * count change of the subject. `visibleOnly` (a new comment): only while readers see the
 * subject; answers false when nothing matched (hidden, deleted, unpublished meanwhile).
 */
export async function bumpCommentCount(trx: Transaction<Database>, subject: CommentSubject, delta: number, visibleOnly: boolean): Promise<boolean> {
  if (subject.kind === 'post') {
    let update = trx
      .updateTable('post')
      .set({ comment_count: sql`comment_count + ${sql.lit(delta)}`, hot_score: hotScoreAfter(0, delta) })
      .where('id', '=', subject.id);
    if (visibleOnly) update = update.where('hidden', '=', false).where('deleted_at', 'is', null);
    return (await update.returning('id').executeTakeFirst()) !== undefined;
  }
  let update = trx
    .updateTable('headline')
    .set({ comment_count: sql`comment_count + ${sql.lit(delta)}` })
    .where('id', '=', subject.id);
  if (visibleOnly) update = update.where('state', '=', 'published');
  return (await update.returning('id').executeTakeFirst()) !== undefined;
}

/** Takes the subject's row lock (before a comment's, as bumpCommentCount does for a new comment). */
export async function lockSubject(trx: Transaction<Database>, subject: CommentSubject): Promise<void> {
  if (subject.kind === 'post') await trx.selectFrom('post').select('id').where('id', '=', subject.id).forUpdate().execute();
  else await trx.selectFrom('headline').select('id').where('id', '=', subject.id).forUpdate().execute();
}

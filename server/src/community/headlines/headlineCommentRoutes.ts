import {
  CommentDeleteRequestSchema,
  CommentLikeRequestSchema,
  CommentLikeResultSchema,
  CommunityDeleteResultSchema,
  Envelope,
  HeadlineCommentListRequestSchema,
  HeadlineCommentPageSchema,
  HeadlineCommentRequestSchema,
  HeadlineCommentSchema,
} from '@sports/shared/server';
import { sessionOf } from '../../accounts/index';
import { ok } from '../../infra/http/envelope';
import type { App } from '../../infra/http/types';
import { optionalViewerId } from '../../live/index';
import { addComment, deleteComment, likeComment, listComments, withSubjectId } from '../comments/comments';
import type { PostServiceDeps } from '../posts/posts';

/**
 * Comments on headline articles (headlines/README.md, "Comments"): the circle's comment threads
 * (community/comments/) on subject `headline`. Reads are open (a signed-in reader also gets
 * `liked_by_me` and `is_mine`); writing, likes and deletes need a login. The article must be
 * published (else HEADLINE_NOT_FOUND).
 */
export async function headlineCommentRoutes(app: App, deps: PostServiceDeps): Promise<void> {
  const login = { preHandler: app.requireLogin };
  const { db } = deps;

  app.post('/api/Headlines/commentList', { schema: { body: HeadlineCommentListRequestSchema, response: { 200: Envelope(HeadlineCommentPageSchema) } } }, async (request) => {
    const { headline_id: headlineId, ...rest } = request.body;
    const viewerId = await optionalViewerId(db, deps.accounts.clock, request);
    return ok(withSubjectId('headline_id', headlineId).page(await listComments(db, viewerId, { kind: 'headline', id: headlineId }, rest)));
  });

  app.post('/api/Headlines_user/comment', { ...login, schema: { body: HeadlineCommentRequestSchema, response: { 200: Envelope(HeadlineCommentSchema) } } }, async (request) => {
    const { headline_id: headlineId, ...rest } = request.body;
    return ok(withSubjectId('headline_id', headlineId).comment(await addComment(deps, sessionOf(request).user.id, { kind: 'headline', id: headlineId }, rest)));
  });

  app.post('/api/Headlines_user/commentLikes', { ...login, schema: { body: CommentLikeRequestSchema, response: { 200: Envelope(CommentLikeResultSchema) } } }, async (request) =>
    ok(await likeComment(db, sessionOf(request).user.id, 'headline', request.body)),
  );

  app.post('/api/Headlines_user/deleteComment', { ...login, schema: { body: CommentDeleteRequestSchema, response: { 200: Envelope(CommunityDeleteResultSchema) } } }, async (request) =>
    ok(await deleteComment(db, sessionOf(request).user.id, 'headline', request.body.comment_id, deps.accounts.clock())),
  );
}

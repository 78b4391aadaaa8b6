import {
  CommentDeleteRequestSchema,
  CommentLikeRequestSchema,
  CommentLikeResultSchema,
  CommentListRequestSchema,
  CommentRequestSchema,
  CommunityDeleteResultSchema,
  CommunityTopicListSchema,
  Envelope,
  FeedQuerySchema,
  PostCommentPageSchema,
  PostCommentSchema,
  PostDeleteRequestSchema,
  PostInfoQuerySchema,
  PostInsertRequestSchema,
  PostLikeRequestSchema,
  PostLikeResultSchema,
  PostPageSchema,
  PostSchema,
  UserPostListQuerySchema,
} from '@sports/shared/server';
import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../../accounts/index';
import { ok } from '../../infra/http/envelope';
import type { App } from '../../infra/http/types';
import { optionalViewerId } from '../../live/index';
import { addComment, deleteComment, likeComment, listComments, withSubjectId } from '../comments/comments';
import { type PostServiceDeps, deletePost, insertPost, likePost, listFeed, listTopics, postInfo, userPostList } from './posts';

export type PostDeps = PostServiceDeps;

/**
 * `api/anchor_dynamics_user/*` (login: write) and `api/anchor_dynamics/*` (anyone: read; a
 * signed-in reader also gets `liked_by_me` and `is_mine`). See community/README.md.
 */
export async function postRoutes(app: App, deps: PostDeps): Promise<void> {
  const login = { preHandler: app.requireLogin };
  const { db } = deps;
  const viewer = (request: FastifyRequest) => optionalViewerId(db, deps.accounts.clock, request);

  app.get('/api/anchor_dynamics/topics', { schema: { response: { 200: Envelope(CommunityTopicListSchema) } } }, async () => ok(await listTopics(db)));

  app.get('/api/anchor_dynamics/list', { schema: { querystring: FeedQuerySchema, response: { 200: Envelope(PostPageSchema) } } }, async (request) =>
    ok(await listFeed(db, await viewer(request), request.query)),
  );

  app.get('/api/anchor_dynamics/info', { schema: { querystring: PostInfoQuerySchema, response: { 200: Envelope(PostSchema) } } }, async (request) =>
    ok(await postInfo(db, await viewer(request), request.query.id)),
  );

  app.get('/api/anchor_dynamics/userPostList', { schema: { querystring: UserPostListQuerySchema, response: { 200: Envelope(PostPageSchema) } } }, async (request) =>
    ok(await userPostList(db, await viewer(request), request.query)),
  );

  app.post('/api/anchor_dynamics/commentList', { schema: { body: CommentListRequestSchema, response: { 200: Envelope(PostCommentPageSchema) } } }, async (request) =>
    {
      const { post_id: postId, ...rest } = request.body;
      return ok(withSubjectId('post_id', postId).page(await listComments(db, await viewer(request), { kind: 'post', id: postId }, rest)));
    },
  );

  app.post('/api/anchor_dynamics_user/insert', { ...login, schema: { body: PostInsertRequestSchema, response: { 200: Envelope(PostSchema) } } }, async (request) =>
    ok(await insertPost(deps, sessionOf(request).user.id, request.body)),
  );

  app.post('/api/anchor_dynamics_user/likes', { ...login, schema: { body: PostLikeRequestSchema, response: { 200: Envelope(PostLikeResultSchema) } } }, async (request) =>
    ok(await likePost(db, sessionOf(request).user.id, request.body)),
  );

  app.post('/api/anchor_dynamics_user/comment', { ...login, schema: { body: CommentRequestSchema, response: { 200: Envelope(PostCommentSchema) } } }, async (request) =>
    {
      const { post_id: postId, ...rest } = request.body;
      return ok(withSubjectId('post_id', postId).comment(await addComment(deps, sessionOf(request).user.id, { kind: 'post', id: postId }, rest)));
    },
  );

  app.post('/api/anchor_dynamics_user/commentLikes', { ...login, schema: { body: CommentLikeRequestSchema, response: { 200: Envelope(CommentLikeResultSchema) } } }, async (request) =>
    ok(await likeComment(db, sessionOf(request).user.id, 'post', request.body)),
  );

  app.post('/api/anchor_dynamics_user/delete', { ...login, schema: { body: PostDeleteRequestSchema, response: { 200: Envelope(CommunityDeleteResultSchema) } } }, async (request) =>
    ok(await deletePost(db, sessionOf(request).user.id, request.body.post_id, deps.accounts.clock())),
  );

  app.post('/api/anchor_dynamics_user/deleteComment', { ...login, schema: { body: CommentDeleteRequestSchema, response: { 200: Envelope(CommunityDeleteResultSchema) } } }, async (request) =>
    ok(await deleteComment(db, sessionOf(request).user.id, 'post', request.body.comment_id, deps.accounts.clock())),
  );
}

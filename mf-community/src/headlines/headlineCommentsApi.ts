import type { ApiClient, CommentLikeResult, CommunityDeleteResult, HeadlineComment, HeadlineCommentPage } from '@sports/shared';
import { COMMENTS_PAGE_SIZE, REPLIES_PAGE_SIZE } from '../api/communityApi';
import type { CommentThreadApi } from '../community/commentThread';

/** An article's comment calls (server/src/community/headlines/README.md, "Comments"; shapes as the circle's with `headline_id`). */
export const HEADLINE_COMMENT_PATHS = {
  comments: 'api/Headlines/commentList',
  comment: 'api/Headlines_user/comment',
  commentLike: 'api/Headlines_user/commentLikes',
  removeComment: 'api/Headlines_user/deleteComment',
} as const;

function withCursor(cursor: string | undefined): { cursor?: string } {
  return cursor === undefined ? {} : { cursor };
}

/** A headline article's comment thread for `CommentsSection` (the circle's component, the article's calls). */
export function headlineCommentThread(api: ApiClient, headlineId: number): CommentThreadApi {
  return {
    key: `headline:${headlineId}`,
    comments: (cursor) => api.post<HeadlineCommentPage>(HEADLINE_COMMENT_PATHS.comments, { headline_id: headlineId, page_size: COMMENTS_PAGE_SIZE, ...withCursor(cursor) }),
    replies: (rootId, cursor) =>
      api.post<HeadlineCommentPage>(HEADLINE_COMMENT_PATHS.comments, { headline_id: headlineId, root_id: rootId, page_size: REPLIES_PAGE_SIZE, ...withCursor(cursor) }),
    comment: (text, replyTo) => api.post<HeadlineComment>(HEADLINE_COMMENT_PATHS.comment, { headline_id: headlineId, text, ...(replyTo === undefined ? {} : { reply_to: replyTo }) }),
    commentLike: (commentId, like) => api.post<CommentLikeResult>(HEADLINE_COMMENT_PATHS.commentLike, { comment_id: commentId, like }),
    removeComment: (commentId) => api.post<CommunityDeleteResult>(HEADLINE_COMMENT_PATHS.removeComment, { comment_id: commentId }),
  };
}

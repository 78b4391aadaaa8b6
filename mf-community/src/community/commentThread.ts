import type { ApiClient, CommentLikeResult, CommunityDeleteResult, PostCommentReply } from '@sports/shared';
import { communityApi } from '../api/communityApi';

/** A comment or reply as every thread shows it (a post's carries `post_id`, an article's `headline_id`). */
export type ThreadReply = Omit<PostCommentReply, 'post_id'>;
export type ThreadComment = ThreadReply & { reply_count: number; replies: ThreadReply[] };
export interface ThreadPage<Comment extends ThreadComment = ThreadComment> {
  list: Comment[];
  next_cursor: string | null;
  comment_count: number;
}

/**
 * The calls of one comment thread (a circle post's: `postCommentThread` in ../api/communityApi.ts;
 * a headline article's: `headlineCommentThread` in ../api/headlinesApi.ts). `CommentsSection`
 * renders any thread through this; a new commentable kind is one more adapter.
 */
export interface CommentThreadApi {
  /** Names the thread in list caches (e.g. `post:12`). */
  key: string;
  /** Top comments oldest first with their first replies folded in. */
  comments(cursor?: string): Promise<ThreadPage>;
  /** One thread's replies oldest first (展开更多回复). */
  replies(rootId: number, cursor?: string): Promise<ThreadPage>;
  /** A comment, or a reply to `replyTo`. */
  comment(text: string, replyTo?: number): Promise<ThreadComment>;
  /** Sets my like (1) or removes it (0). */
  commentLike(commentId: number, like: 0 | 1): Promise<CommentLikeResult>;
  /** Deletes my comment; answers the thread's comment count after. */
  removeComment(commentId: number): Promise<CommunityDeleteResult>;
}

/** A circle post's thread (`api/anchor_dynamics/commentList`, `api/anchor_dynamics_user/comment*`). */
export function postCommentThread(api: ApiClient, postId: number): CommentThreadApi {
  const calls = communityApi(api);
  return {
    key: `post:${postId}`,
    comments: (cursor) => calls.comments(postId, cursor),
    replies: (rootId, cursor) => calls.replies(postId, rootId, cursor),
    comment: (text, replyTo) => calls.comment(postId, text, replyTo),
    commentLike: calls.commentLike,
    removeComment: calls.removeComment,
  };
}

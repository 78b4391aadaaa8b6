import type {
  ApiClient,
  CommentLikeResult,
  CommunityDeleteResult,
  CommunityTopicList,
  FeedView,
  Post,
  PostComment,
  PostCommentPage,
  PostInsertRequest,
  PostLikeResult,
  PostPage,
  ReportReason,
  ReportResult,
  UploadResult,
  UploadToken,
} from '@sports/shared';

/** The community endpoints the circle screens call (server/src/community/README.md; schemas in shared/src/schemas/community.ts). */
export const COMMUNITY_PATHS = {
  topics: 'api/anchor_dynamics/topics',
  feed: 'api/anchor_dynamics/list',
  info: 'api/anchor_dynamics/info',
  userPosts: 'api/anchor_dynamics/userPostList',
  comments: 'api/anchor_dynamics/commentList',
  insert: 'api/anchor_dynamics_user/insert',
  like: 'api/anchor_dynamics_user/likes',
  comment: 'api/anchor_dynamics_user/comment',
  commentLike: 'api/anchor_dynamics_user/commentLikes',
  remove: 'api/anchor_dynamics_user/delete',
  removeComment: 'api/anchor_dynamics_user/deleteComment',
  report: 'api/moderation/report',
  /** The upload store, as the avatar upload in mf-member uses it: a token, then multipart to its `uploadUrl`. */
  uploadToken: 'api/Member/getQiniuToken',
} as const;

/** Posts per page of the feed (加载更多 follows `next_cursor`). */
export const FEED_PAGE_SIZE = 10;
/** Top comments per page of a post's comments. */
export const COMMENTS_PAGE_SIZE = 10;
/** Replies per page when a thread is unfolded (展开更多回复). */
export const REPLIES_PAGE_SIZE = 20;

function withCursor(cursor: string | undefined): { cursor?: string } {
  return cursor === undefined ? {} : { cursor };
}

/** Typed calls of the circle screens over the page's API client (it applies SPEC.md section 8 to every answer). */
export function communityApi(api: ApiClient) {
  return {
    topics: () => api.get<CommunityTopicList>(COMMUNITY_PATHS.topics),
    feed: (view: FeedView, topicId: number | null, cursor?: string) =>
      api.get<PostPage>(COMMUNITY_PATHS.feed, { view, page_size: FEED_PAGE_SIZE, ...(topicId === null ? {} : { topic_id: topicId }), ...withCursor(cursor) }),
    info: (id: number) => api.get<Post>(COMMUNITY_PATHS.info, { id }),
    /** A user's posts newest first; no `userId`: mine (login). */
    userPosts: (userId: number | null, cursor?: string) =>
      api.get<PostPage>(COMMUNITY_PATHS.userPosts, { page_size: FEED_PAGE_SIZE, ...(userId === null ? {} : { user_id: userId }), ...withCursor(cursor) }),
    /** Top comments oldest first with their first replies folded in. */
    comments: (postId: number, cursor?: string) => api.post<PostCommentPage>(COMMUNITY_PATHS.comments, { post_id: postId, page_size: COMMENTS_PAGE_SIZE, ...withCursor(cursor) }),
    /** One thread's replies oldest first (展开更多回复). */
    replies: (postId: number, rootId: number, cursor?: string) =>
      api.post<PostCommentPage>(COMMUNITY_PATHS.comments, { post_id: postId, root_id: rootId, page_size: REPLIES_PAGE_SIZE, ...withCursor(cursor) }),
    insert: (request: PostInsertRequest) => api.post<Post>(COMMUNITY_PATHS.insert, request),
    /** Sets my like (1) or removes it (0); answers the state after it and the exact count. */
    like: (postId: number, like: 0 | 1) => api.post<PostLikeResult>(COMMUNITY_PATHS.like, { post_id: postId, like }),
    comment: (postId: number, text: string, replyTo?: number) =>
      api.post<PostComment>(COMMUNITY_PATHS.comment, { post_id: postId, text, ...(replyTo === undefined ? {} : { reply_to: replyTo }) }),
    commentLike: (commentId: number, like: 0 | 1) => api.post<CommentLikeResult>(COMMUNITY_PATHS.commentLike, { comment_id: commentId, like }),
    remove: (postId: number) => api.post<CommunityDeleteResult>(COMMUNITY_PATHS.remove, { post_id: postId }),
    removeComment: (commentId: number) => api.post<CommunityDeleteResult>(COMMUNITY_PATHS.removeComment, { comment_id: commentId }),
    report: (kind: 'post' | 'comment' | 'headline', targetId: number, reason: ReportReason) =>
      api.post<ReportResult>(COMMUNITY_PATHS.report, { kind, target_id: String(targetId), reason }),
    uploadToken: () => api.post<UploadToken>(COMMUNITY_PATHS.uploadToken),
    /** Multipart `token` + `file` to the address the token names (`/api/upload`); answers the stored `url`. */
    upload: (token: UploadToken, file: Blob) => {
      const form = new FormData();
      form.append('token', token.token);
      form.append('file', file);
      return api.post<UploadResult>(token.uploadUrl.replace(/^\/+/, ''), form);
    },
  };
}

export type CommunityApi = ReturnType<typeof communityApi>;

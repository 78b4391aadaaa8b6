import type { ApiClient, CommunityDeleteResult, PostPage } from '@sports/shared';

/** The community calls my space and about-user make (server/src/community/README.md). */
export const POSTS_PATHS = {
  userPosts: 'api/anchor_dynamics/userPostList',
  remove: 'api/anchor_dynamics_user/delete',
} as const;

export const USER_POSTS_PAGE_SIZE = 10;

export function postsApi(api: ApiClient) {
  return {
    /** A user's visible posts newest first; `userId` null: mine (login). */
    userPosts: (userId: number | null, cursor?: string) =>
      api.get<PostPage>(POSTS_PATHS.userPosts, { page_size: USER_POSTS_PAGE_SIZE, ...(userId === null ? {} : { user_id: userId }), ...(cursor === undefined ? {} : { cursor }) }),
    remove: (postId: number) => api.post<CommunityDeleteResult>(POSTS_PATHS.remove, { post_id: postId }),
  };
}

/** Every string of the follow star (zh-CN). */
export const followCopy = {
  follow: (name: string) => `关注 ${name}`,
  unfollow: (name: string) => `取消关注 ${name}`,
  followed: (name: string) => `已关注 ${name}`,
  unfollowed: (name: string) => `已取消关注 ${name}`,
  /** A follow that got no answer (the API client shows a toast only for answered failures). */
  failed: '操作失败，请检查网络后重试',
} as const;

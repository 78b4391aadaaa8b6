/** How fast members may write (per member, a sliding minute): bounded, with clear messages. */
export interface CommunityConfig {
  postsPerMinute: number;
  commentsPerMinute: number;
}

export function defaultCommunityConfig(): CommunityConfig {
  return { postsPerMinute: 5, commentsPerMinute: 20 };
}

import type { HeadlineItem, PortalFeed, PortalFeedEntry, Post } from '@sports/shared/server';

/** The post fields the portal shows (read from the circle's hot feed). */
export interface PortalPost {
  id: number;
  text: string;
  images: string[];
  user_id: number;
  user_nickname: string;
  user_avatar: string;
  like_count: number;
  comment_count: number;
  created_at: string;
}

/** Reads the `limit` hottest visible posts. */
export type HotPostsReader = (limit: number) => Promise<PortalPost[]>;

/** A circle post as the portal shows it: an excerpt of its text, its first three images. */
export function toPortalPost(post: Post): PortalPost {
  return {
    id: post.id,
    text: postExcerpt(post.text),
    images: post.images.slice(0, 3),
    user_id: post.author.id,
    user_nickname: post.author.nickname,
    user_avatar: post.author.avatar,
    like_count: post.like_count,
    comment_count: post.comment_count,
    created_at: post.created_at,
  };
}

/** Post text in the portal: the first 60 characters, line breaks folded (rendered as text). */
export const PORTAL_POST_EXCERPT = 60;

export function postExcerpt(text: string): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  const chars = [...folded];
  return chars.length <= PORTAL_POST_EXCERPT ? folded : `${chars.slice(0, PORTAL_POST_EXCERPT - 1).join('')}…`;
}

/**
 * The portal feed: headlines and hot posts interleaved two to one (h, h, p, h, h, p, …) up to
 * `limit`; when one kind runs out the other fills the rest.
 */
export function interleave(headlines: readonly HeadlineItem[], posts: readonly PortalPost[], limit: number): PortalFeed {
  const list: PortalFeedEntry[] = [];
  let h = 0;
  let p = 0;
  while (list.length < limit && (h < headlines.length || p < posts.length)) {
    const postTurn = list.length % 3 === 2;
    if ((postTurn && p < posts.length) || h >= headlines.length) list.push({ kind: 'post', post: posts[p++] as PortalPost });
    else list.push({ kind: 'headline', headline: headlines[h++] as HeadlineItem });
  }
  return { list };
}

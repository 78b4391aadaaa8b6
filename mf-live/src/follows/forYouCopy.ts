import type { RecommendReason } from '@sports/shared';

/** Copy of the 为你推荐 row (zh-CN), apart from 我的关注's: the home page's first visit loads only this. */
export const forYouCopy = {
  title: '为你推荐',
  more: '更多直播',
  loading: '加载中…',
  failed: '推荐加载失败',
  reasons: {
    followed_anchor: '你关注的主播',
    followed_team: '你关注的球队',
    followed_league: '你关注的赛事',
    watched_anchor: '你看过',
    watched_sport: '你常看',
    popular: '热门',
  } satisfies Record<RecommendReason, string>,
} as const;

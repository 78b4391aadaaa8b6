import type { RecommendReason } from '@sports/shared';

/** Copy of 我的关注, its empty states' suggestions and the 为你推荐 row (zh-CN). */
export const followsCopy = {
  title: '我的关注',
  tabs: '关注类型',
  tabAnchor: '主播',
  tabTeam: '球队',
  tabLeague: '赛事',
  tabPlayer: '球员',
  emptyTeam: '你还没有关注球队',
  emptyLeague: '你还没有关注赛事',
  emptyPlayer: '你还没有关注球员',
  failed: '关注列表加载失败',
  unfollow: (name: string) => `取消关注 ${name}`,
  follow: (name: string) => `关注 ${name}`,
  followed: '已关注',
  tabFollow: '关注',
  live: '进行中',
  next: '下一场',
  noMatch: '暂无赛程',
  team: (name: string) => `所属球队：${name}`,
  suggestions: '推荐关注',
  suggestedTeams: '推荐球队',
  suggestedLeagues: '推荐赛事',
  suggestedAnchors: '正在直播的主播',
  viewed: '看过',
  popular: '热门',
  noSuggestions: '暂时没有可推荐的内容',
  suggestionsFailed: '推荐加载失败',
} as const;

/** The 为你推荐 row. */
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

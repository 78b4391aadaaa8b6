import type { RemoteName } from '@sports/shared';

/** Who renders a route: the host itself or one of the remotes. */
export type RouteOwner = 'host' | RemoteName;

export interface RouteDefinition {
  /** Hash path without the leading slash: '#/base-football' has path 'base-football'. */
  path: string;
  /** Route title; document.title = title + the site title suffix of the system config. */
  title: string;
  /** Which top-nav item is highlighted (SPEC.md section 2); null where none is. */
  navIndex: number | null;
  owner: RouteOwner;
  /** The header hides when scrolled beyond 60 px on these pages (SPEC.md section 2). */
  hidesHeaderOnScroll?: boolean;
}

/**
 * Every route of SPEC.md section 2, in one table: title, nav index and owning remote
 * (DESIGN.md section 2 assigns the domains). The host renders the layout around each.
 */
export const ROUTES: readonly RouteDefinition[] = [
  { path: 'main', title: '首页', navIndex: 0, owner: 'host', hidesHeaderOnScroll: true },
  { path: 'login', title: '登录', navIndex: null, owner: 'host' },
  { path: 'basketball', title: '篮球', navIndex: 1, owner: 'mf_scores', hidesHeaderOnScroll: true },
  { path: 'football', title: '足球', navIndex: 1, owner: 'mf_scores', hidesHeaderOnScroll: true },
  { path: 'anchor', title: '直播', navIndex: 2, owner: 'mf_live' },
  { path: 'schedule', title: '赛程', navIndex: 3, owner: 'mf_scores' },
  { path: 'rank', title: '排行榜', navIndex: 2, owner: 'mf_live' },
  { path: 'attention', title: '关注', navIndex: 2, owner: 'mf_live' },
  { path: 'reserve', title: '预约', navIndex: 2, owner: 'mf_live' },
  { path: 'foresight', title: '情报中心', navIndex: 9, owner: 'mf_scores' },
  { path: 'news', title: '头条', navIndex: 4, owner: 'mf_community' },
  { path: 'base-football', title: '足球资料库', navIndex: 6, owner: 'mf_community' },
  { path: 'base-basketball', title: '篮球资料库', navIndex: 6, owner: 'mf_community' },
  { path: 'circle', title: '社区', navIndex: 5, owner: 'mf_community' },
  { path: 'circle-detail', title: '帖子详情', navIndex: null, owner: 'mf_community' },
  { path: 'downLoad', title: '下载', navIndex: 7, owner: 'mf_community' },
  { path: 'bifen', title: '比分', navIndex: null, owner: 'mf_scores' },
  { path: 'live', title: '直播间', navIndex: 2, owner: 'mf_live' },
  { path: 'score-live', title: '比赛直播', navIndex: 1, owner: 'mf_live' },
  { path: 'score-detail', title: '比赛详情', navIndex: 1, owner: 'mf_scores' },
  { path: 'search', title: '搜索', navIndex: null, owner: 'mf_community' },
  { path: 'member', title: '个人中心', navIndex: null, owner: 'mf_member' },
  { path: 'persona', title: '我的空间', navIndex: null, owner: 'mf_member' },
  { path: 'detail', title: '详情', navIndex: null, owner: 'mf_community' },
  { path: 'comment', title: '评论', navIndex: null, owner: 'mf_community' },
  { path: 'about-user', title: '用户主页', navIndex: null, owner: 'mf_member' },
  { path: 'dome', title: '测试页', navIndex: null, owner: 'host' },
  { path: 'demo', title: '测试页', navIndex: null, owner: 'host' },
  { path: 'new_file', title: '测试页', navIndex: null, owner: 'host' },
  { path: 'trophy/home', title: '世界杯', navIndex: null, owner: 'mf_scores' },
  { path: 'ops', title: '发布管理', navIndex: null, owner: 'host' },
  { path: '404', title: '页面不存在', navIndex: null, owner: 'host' },
];

const routesByPath = new Map(ROUTES.map((route) => [route.path, route]));

export const NOT_FOUND_ROUTE = routesByPath.get('404') as RouteDefinition;

export function findRoute(path: string): RouteDefinition | undefined {
  return routesByPath.get(path);
}

/** Nav index 2 or 3 shows the left menu; every other page shows the footer. */
export function showsLeftMenu(route: RouteDefinition): boolean {
  return route.navIndex === 2 || route.navIndex === 3;
}

export function routesOwnedBy(owner: RouteOwner): RouteDefinition[] {
  return ROUTES.filter((route) => route.owner === owner);
}

import type { RemoteAssignment, RemoteName, RouteMeta, WidgetMeta } from '@sports/shared';
import type { RouteDefinition } from '../routeDefinition';
import { mergeSiteRoutes } from '../mergeSiteRoutes';

/**
 * The four remotes' route manifests as their stable releases declare them (each remote's
 * src/routeManifest.json; the host may not import remote source, so they are written out here):
 * SPEC.md section 2's routes and the home widgets.
 */
const MANIFESTS: Record<RemoteName, { routes: RouteMeta[]; widgets: WidgetMeta[] }> = {
  mf_live: {
    routes: [
      { path: 'anchor', title: '直播', navIndex: 2 },
      { path: 'live', title: '直播间', navIndex: 2, immersiveOnPhone: true },
      { path: 'score-live', title: '比赛直播', navIndex: 1 },
      { path: 'rank', title: '排行榜', navIndex: 2 },
      { path: 'attention', title: '关注', navIndex: 2, requiresLogin: true },
      { path: 'reserve', title: '预约', navIndex: 2, requiresLogin: true },
      { path: 'clip', title: '回放', navIndex: 2 },
    ],
    widgets: [{ id: 'liveRecommend', slot: 'home', order: 20 }],
  },
  mf_scores: {
    routes: [
      { path: 'football', title: '足球', navIndex: 1, hidesHeaderOnScroll: true },
      { path: 'basketball', title: '篮球', navIndex: 1, hidesHeaderOnScroll: true },
      { path: 'bifen', title: '比分', navIndex: null },
      { path: 'score-detail', title: '比赛详情', navIndex: 1 },
      { path: 'schedule', title: '赛程', navIndex: 3 },
      { path: 'foresight', title: '情报中心', navIndex: 9 },
      { path: 'trophy/home', title: '世界杯', navIndex: null },
    ],
    widgets: [{ id: 'hotMatches', slot: 'home', order: 10 }],
  },
  mf_community: {
    routes: [
      { path: 'news', title: '头条', navIndex: 4 },
      { path: 'circle', title: '社区', navIndex: 5 },
      { path: 'circle-detail', title: '帖子详情', navIndex: null },
      { path: 'base-football', title: '足球资料库', navIndex: 6 },
      { path: 'base-basketball', title: '篮球资料库', navIndex: 6 },
      { path: 'downLoad', title: '下载', navIndex: 7 },
      { path: 'search', title: '搜索', navIndex: null },
      { path: 'detail', title: '详情', navIndex: null },
      { path: 'comment', title: '评论', navIndex: null },
    ],
    widgets: [{ id: 'headlines', slot: 'home', order: 30 }],
  },
  mf_member: {
    routes: [
      { path: 'member', title: '个人中心', navIndex: null, requiresLogin: true },
      { path: 'persona', title: '我的空间', navIndex: null, requiresLogin: true },
      { path: 'about-user', title: '用户主页', navIndex: null },
    ],
    widgets: [],
  },
};

export type TestAssignmentOverrides = Partial<Omit<RemoteAssignment, 'widgets'>> & { widgets?: WidgetMeta[] };

/** One remote's stable assignment, with its manifest (or the routes and widgets given). */
export function testAssignment(name: RemoteName, overrides: TestAssignmentOverrides = {}): RemoteAssignment {
  return {
    name,
    version: '0.1.0-test',
    manifestUrl: `/web/releases/${name}/0.1.0-test/mf-manifest.json`,
    channel: 'stable' as const,
    ...MANIFESTS[name],
    ...overrides,
  };
}

/** What `GET /api/mf/remotes` answers a visitor on the stable releases of all four remotes. */
export const TEST_ASSIGNMENTS: RemoteAssignment[] = (['mf_live', 'mf_scores', 'mf_community', 'mf_member'] as const).map((name) =>
  testAssignment(name),
);

/** A route of the site as the stable releases declare it (throws for an unknown path). */
export function siteRoute(path: string): RouteDefinition {
  const route = mergeSiteRoutes(TEST_ASSIGNMENTS).routes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return route;
}

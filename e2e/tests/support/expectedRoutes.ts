/**
 * SPEC.md section 2's routes as the site must show them, written out independently of the
 * host's route table so the journeys check the site against the spec, not against itself.
 */
export interface ExpectedRoute {
  path: string;
  title: string;
  navIndex: number | null;
  /** Folder of the remote that renders the page, or 'host'. */
  owner: 'host' | 'mf-live' | 'mf-scores' | 'mf-community' | 'mf-member';
}

export const SITE_TITLE_SUFFIX = ' - 体育直播';

export const EXPECTED_ROUTES: ExpectedRoute[] = [
  { path: 'main', title: '首页', navIndex: 0, owner: 'host' },
  { path: 'login', title: '登录', navIndex: null, owner: 'host' },
  { path: 'basketball', title: '篮球', navIndex: 1, owner: 'mf-scores' },
  { path: 'football', title: '足球', navIndex: 1, owner: 'mf-scores' },
  { path: 'anchor', title: '直播', navIndex: 2, owner: 'mf-live' },
  { path: 'schedule', title: '赛程', navIndex: 3, owner: 'mf-scores' },
  { path: 'rank', title: '排行榜', navIndex: 2, owner: 'mf-live' },
  { path: 'attention', title: '关注', navIndex: 2, owner: 'mf-live' },
  { path: 'reserve', title: '预约', navIndex: 2, owner: 'mf-live' },
  { path: 'foresight', title: '情报中心', navIndex: 9, owner: 'mf-scores' },
  { path: 'news', title: '头条', navIndex: 4, owner: 'mf-community' },
  { path: 'base-football', title: '足球资料库', navIndex: 6, owner: 'mf-community' },
  { path: 'base-basketball', title: '篮球资料库', navIndex: 6, owner: 'mf-community' },
  { path: 'circle', title: '社区', navIndex: 5, owner: 'mf-community' },
  { path: 'circle-detail', title: '帖子详情', navIndex: null, owner: 'mf-community' },
  { path: 'downLoad', title: '下载', navIndex: 7, owner: 'mf-community' },
  { path: 'bifen', title: '比分', navIndex: null, owner: 'mf-scores' },
  { path: 'live', title: '直播间', navIndex: 2, owner: 'mf-live' },
  { path: 'score-live', title: '比赛直播', navIndex: 1, owner: 'mf-live' },
  { path: 'score-detail', title: '比赛详情', navIndex: 1, owner: 'mf-scores' },
  { path: 'search', title: '搜索', navIndex: null, owner: 'mf-community' },
  { path: 'member', title: '个人中心', navIndex: null, owner: 'mf-member' },
  { path: 'persona', title: '我的空间', navIndex: null, owner: 'mf-member' },
  { path: 'detail', title: '详情', navIndex: null, owner: 'mf-community' },
  { path: 'comment', title: '评论', navIndex: null, owner: 'mf-community' },
  { path: 'about-user', title: '用户主页', navIndex: null, owner: 'mf-member' },
  { path: 'dome', title: '测试页', navIndex: null, owner: 'host' },
  { path: 'demo', title: '测试页', navIndex: null, owner: 'host' },
  { path: 'new_file', title: '测试页', navIndex: null, owner: 'host' },
  { path: 'trophy/home', title: '世界杯', navIndex: null, owner: 'mf-scores' },
  { path: '404', title: '页面不存在', navIndex: null, owner: 'host' },
  // The footer's pages (issue 33): the host's own, static.
  { path: 'about', title: '关于我们', navIndex: null, owner: 'host' },
  { path: 'contact', title: '联系我们', navIndex: null, owner: 'host' },
  { path: 'terms', title: '用户协议', navIndex: null, owner: 'host' },
  { path: 'privacy', title: '隐私政策', navIndex: null, owner: 'host' },
];

export const REMOTES = [
  { name: 'mf_live', folder: 'mf-live', route: 'anchor', otherRoute: 'news', otherFolder: 'mf-community', widget: 'liveRecommend' },
  { name: 'mf_scores', folder: 'mf-scores', route: 'football', otherRoute: 'anchor', otherFolder: 'mf-live', widget: 'hotMatches' },
  { name: 'mf_community', folder: 'mf-community', route: 'news', otherRoute: 'football', otherFolder: 'mf-scores', widget: 'headlines' },
  // about-user: #/member requires login (its manifest), so a guest there gets the login modal over the page.
  { name: 'mf_member', folder: 'mf-member', route: 'about-user', otherRoute: 'anchor', otherFolder: 'mf-live', widget: null },
] as const;

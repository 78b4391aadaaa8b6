import type { HostRoutePath } from '@sports/shared';
import type { RouteDefinition } from './routeDefinition';

interface HostRouteDefinition extends RouteDefinition {
  path: HostRoutePath;
  owner: 'host';
}

/**
 * The routes the host renders itself: exactly HOST_ROUTE_PATHS of @sports/shared (the control
 * plane refuses a remote release that claims one). Every other route is a remote's, declared in
 * its release's route manifest and handed over with the visitor's assignments (README.md here).
 */
export const HOST_ROUTES: readonly HostRouteDefinition[] = [
  { path: 'main', title: '首页', navIndex: 0, owner: 'host', hidesHeaderOnScroll: true },
  { path: 'login', title: '登录', navIndex: null, owner: 'host' },
  { path: 'dome', title: '测试页', navIndex: null, owner: 'host' },
  { path: 'demo', title: '测试页', navIndex: null, owner: 'host' },
  { path: 'new_file', title: '测试页', navIndex: null, owner: 'host' },
  { path: 'ops', title: '发布管理', navIndex: null, owner: 'host' },
  { path: '404', title: '页面不存在', navIndex: null, owner: 'host' },
  // The footer's pages (pages/InfoPages.tsx): static, the site's details from pages/siteInfo.ts.
  { path: 'about', title: '关于我们', navIndex: null, owner: 'host' },
  { path: 'contact', title: '联系我们', navIndex: null, owner: 'host' },
  { path: 'terms', title: '用户协议', navIndex: null, owner: 'host' },
  { path: 'privacy', title: '隐私政策', navIndex: null, owner: 'host' },
  // The message centre (messages/MessagesPage.tsx, issue 39): signed-in members only.
  { path: 'messages', title: '消息中心', navIndex: null, owner: 'host', requiresLogin: true },
];

/** Where an address nobody claims is sent, once the assignments say so. */
export const NOT_FOUND_PATH = '/404';

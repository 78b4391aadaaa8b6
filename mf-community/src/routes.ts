import type { RemoteRouteDefinition } from '@sports/shared';

// Pages whose domain issue has not landed share one 'coming soon' page; each route keeps
// its own entry so a page can be swapped for its real one without touching the others.
const loadComingSoonPage = () => import('./pages/ComingSoonRoutePage');
// The knowledge bases of both sports are one page. Chunks are named `route-<path>` (a page of
// several routes `route-<path>.<path>`): main.js fetches the route's scripts before the
// shell asks (host/src/federation/firstScreenScripts.ts).
const loadKnowledgePage = () => import(/* webpackChunkName: "route-base-football.base-basketball" */ './knowledge/KnowledgePage');

/** The routes mf-community owns (DESIGN.md section 2); exposed as `mf_community/routes`. */
export const routes: RemoteRouteDefinition[] = [
  { path: 'news', load: () => import(/* webpackChunkName: "route-news" */ './headlines/NewsPage') },
  { path: 'circle', load: () => import(/* webpackChunkName: "route-circle" */ './community/CircleFeedPage') },
  { path: 'circle-detail', load: () => import(/* webpackChunkName: "route-circle-detail" */ './community/PostDetailPage') },
  { path: 'base-football', load: loadKnowledgePage },
  { path: 'base-basketball', load: loadKnowledgePage },
  { path: 'downLoad', load: () => import(/* webpackChunkName: "route-downLoad" */ './download/DownloadPage') },
  { path: 'search', load: () => import(/* webpackChunkName: "route-search" */ './search/SearchPage') },
  { path: 'detail', load: () => import(/* webpackChunkName: "route-detail" */ './headlines/DetailPage') },
  { path: 'comment', load: () => import(/* webpackChunkName: "route-comment" */ './community/CommentPage') },
];

import type { RemoteRouteDefinition } from '@sports/shared';

// Pages whose domain issue has not landed share one 'coming soon' page; each route keeps
// its own entry so a page can be swapped for its real one without touching the others.
const loadComingSoonPage = () => import('./pages/ComingSoonRoutePage');

/** The routes mf-community owns (DESIGN.md section 2); exposed as `mf_community/routes`. */
export const routes: RemoteRouteDefinition[] = [
  { path: 'news', load: () => import('./headlines/NewsPage') },
  { path: 'circle', load: () => import('./community/CircleFeedPage') },
  { path: 'circle-detail', load: () => import('./community/PostDetailPage') },
  { path: 'base-football', load: () => import('./knowledge/KnowledgePage') },
  { path: 'base-basketball', load: () => import('./knowledge/KnowledgePage') },
  { path: 'downLoad', load: () => import('./download/DownloadPage') },
  { path: 'search', load: () => import('./search/SearchPage') },
  { path: 'detail', load: () => import('./headlines/DetailPage') },
  { path: 'comment', load: () => import('./community/CommentPage') },
];

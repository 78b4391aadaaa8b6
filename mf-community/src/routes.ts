import type { RemoteRouteDefinition } from '@sports/shared';
import { withPhoneStyle } from './phone/PhoneStyle';

// Pages whose domain issue has not landed share one 'coming soon' page; each route keeps
// its own entry so a page can be swapped for its real one without touching the others.
const loadComingSoonPage = withPhoneStyle(() => import('./pages/ComingSoonRoutePage'));

/** The routes mf-community owns (DESIGN.md section 2); exposed as `mf_community/routes`. */
export const routes: RemoteRouteDefinition[] = [
  { path: 'news', load: withPhoneStyle(() => import('./headlines/NewsPage')) },
  { path: 'circle', load: withPhoneStyle(() => import('./community/CircleFeedPage')) },
  { path: 'circle-detail', load: withPhoneStyle(() => import('./community/PostDetailPage')) },
  { path: 'base-football', load: withPhoneStyle(() => import('./knowledge/KnowledgePage')) },
  { path: 'base-basketball', load: withPhoneStyle(() => import('./knowledge/KnowledgePage')) },
  { path: 'downLoad', load: withPhoneStyle(() => import('./download/DownloadPage')) },
  { path: 'search', load: withPhoneStyle(() => import('./search/SearchPage')) },
  { path: 'detail', load: withPhoneStyle(() => import('./headlines/DetailPage')) },
  { path: 'comment', load: withPhoneStyle(() => import('./community/CommentPage')) },
];

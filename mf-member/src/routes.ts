import type { RemoteRouteDefinition } from '@sports/shared';

// Pages whose domain issue has not landed share one 'coming soon' page; each route keeps
// its own entry so a page can be swapped for its real one without touching the others.
const loadComingSoonPage = () => import('./pages/ComingSoonRoutePage');

/** The routes mf-member owns (DESIGN.md section 2); exposed as `mf_member/routes`. */
export const routes: RemoteRouteDefinition[] = [
  { path: 'member', load: loadComingSoonPage },
  { path: 'persona', load: loadComingSoonPage },
  { path: 'about-user', load: loadComingSoonPage },
];

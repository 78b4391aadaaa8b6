import type { RemoteRouteDefinition } from '@sports/shared';

// Pages whose domain issue has not landed share one 'coming soon' page; each route keeps
// its own entry so a page can be swapped for its real one without touching the others.
const loadComingSoonPage = () => import('./pages/ComingSoonRoutePage');

/** The routes mf-live owns (DESIGN.md section 2); exposed as `mf_live/routes`. */
export const routes: RemoteRouteDefinition[] = [
  { path: 'anchor', load: loadComingSoonPage },
  { path: 'live', load: loadComingSoonPage },
  { path: 'score-live', load: loadComingSoonPage },
  { path: 'rank', load: loadComingSoonPage },
  { path: 'attention', load: loadComingSoonPage },
  { path: 'reserve', load: loadComingSoonPage },
];

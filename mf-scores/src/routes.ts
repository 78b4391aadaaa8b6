import type { RemoteRouteDefinition } from '@sports/shared';

// Pages whose domain issue has not landed share one 'coming soon' page; each route keeps
// its own entry so a page can be swapped for its real one without touching the others.
const loadComingSoonPage = () => import('./pages/ComingSoonRoutePage');

/** The routes mf-scores owns (DESIGN.md section 2); exposed as `mf_scores/routes`. */
export const routes: RemoteRouteDefinition[] = [
  { path: 'football', load: loadComingSoonPage },
  { path: 'basketball', load: loadComingSoonPage },
  { path: 'bifen', load: loadComingSoonPage },
  { path: 'score-detail', load: loadComingSoonPage },
  { path: 'schedule', load: loadComingSoonPage },
  { path: 'foresight', load: loadComingSoonPage },
  { path: 'trophy/home', load: loadComingSoonPage },
];

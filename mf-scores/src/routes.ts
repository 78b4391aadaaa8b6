import type { RemoteRouteDefinition } from '@sports/shared';

// football, basketball and bifen are one page (the scores board) over different sports.
const loadScoresPage = () => import('./pages/ScoresPage');

/** The routes mf-scores owns (DESIGN.md section 2); exposed as `mf_scores/routes`. */
export const routes: RemoteRouteDefinition[] = [
  { path: 'football', load: loadScoresPage },
  { path: 'basketball', load: loadScoresPage },
  { path: 'bifen', load: loadScoresPage },
  { path: 'score-detail', load: () => import('./pages/ScoreDetailPage') },
  { path: 'schedule', load: () => import('./pages/SchedulePage') },
  { path: 'foresight', load: () => import('./pages/ForesightPage') },
  { path: 'trophy/home', load: () => import('./pages/TrophyPage') },
];

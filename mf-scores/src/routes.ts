import type { RemoteRouteDefinition } from '@sports/shared';

// football, basketball and bifen are one page (the scores board) over different sports.
const loadScoresPage = () => import(/* webpackChunkName: "route-football.basketball.bifen" */ './pages/ScoresPage');

/**
 * The routes mf-scores owns (DESIGN.md section 2); exposed as `mf_scores/routes`. Each page's
 * chunk is named `route-<path>` (`/` as `_`; a page of several routes `route-<path>.<path>`), so
 * main.js fetches the route's scripts before the shell asks (host/src/federation/firstScreenScripts.ts).
 */
export const routes: RemoteRouteDefinition[] = [
  { path: 'football', load: loadScoresPage },
  { path: 'basketball', load: loadScoresPage },
  { path: 'bifen', load: loadScoresPage },
  { path: 'score-detail', load: () => import(/* webpackChunkName: "route-score-detail" */ './pages/ScoreDetailPage') },
  { path: 'schedule', load: () => import(/* webpackChunkName: "route-schedule" */ './pages/SchedulePage') },
  { path: 'foresight', load: () => import(/* webpackChunkName: "route-foresight" */ './pages/ForesightPage') },
  { path: 'trophy/home', load: () => import(/* webpackChunkName: "route-trophy_home" */ './pages/TrophyPage') },
  // Issue 36: the match centre's player and team pages (reached from the lineups and box scores).
  { path: 'player', load: () => import(/* webpackChunkName: "route-player" */ './pages/PlayerPage') },
  { path: 'team', load: () => import(/* webpackChunkName: "route-team" */ './pages/TeamPage') },
];

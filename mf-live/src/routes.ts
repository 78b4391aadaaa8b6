import type { RemoteRouteDefinition } from '@sports/shared';

/**
 * The routes mf-live owns (DESIGN.md section 2); exposed as `mf_live/routes`. Each page is its own
 * chunk, named `route-<path>` (routes sharing a page: `route-<path>.<path>`), so main.js
 * fetches the route's scripts before the shell asks (host/src/federation/firstScreenScripts.ts).
 */
export const routes: RemoteRouteDefinition[] = [
  { path: 'anchor', load: () => import(/* webpackChunkName: "route-anchor" */ './pages/AnchorListPage') },
  { path: 'live', load: () => import(/* webpackChunkName: "route-live" */ './pages/LiveRoomPage') },
  { path: 'score-live', load: () => import(/* webpackChunkName: "route-score-live" */ './pages/ScoreLivePage') },
  { path: 'rank', load: () => import(/* webpackChunkName: "route-rank" */ './pages/RankPage') },
  { path: 'attention', load: () => import(/* webpackChunkName: "route-attention" */ './pages/AttentionPage') },
  { path: 'reserve', load: () => import(/* webpackChunkName: "route-reserve" */ './pages/ReservePage') },
  { path: 'clip', load: () => import(/* webpackChunkName: "route-clip" */ './pages/ClipPage') },
];

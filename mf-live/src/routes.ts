import type { RemoteRouteDefinition } from '@sports/shared';

/** The routes mf-live owns (DESIGN.md section 2); exposed as `mf_live/routes`. Each page is its own chunk. */
export const routes: RemoteRouteDefinition[] = [
  { path: 'anchor', load: () => import('./pages/AnchorListPage') },
  { path: 'live', load: () => import('./pages/LiveRoomPage') },
  { path: 'score-live', load: () => import('./pages/ScoreLivePage') },
  { path: 'rank', load: () => import('./pages/RankPage') },
  { path: 'attention', load: () => import('./pages/AttentionPage') },
  { path: 'reserve', load: () => import('./pages/ReservePage') },
];

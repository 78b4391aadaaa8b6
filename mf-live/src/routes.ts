import type { RemoteRouteDefinition } from '@sports/shared';
import { withPhoneStyle } from './phone/PhoneStyle';

/** The routes mf-live owns (DESIGN.md section 2); exposed as `mf_live/routes`. Each page is its own chunk. */
export const routes: RemoteRouteDefinition[] = [
  { path: 'anchor', load: withPhoneStyle(() => import('./pages/AnchorListPage')) },
  { path: 'live', load: withPhoneStyle(() => import('./pages/LiveRoomPage')) },
  { path: 'score-live', load: withPhoneStyle(() => import('./pages/ScoreLivePage')) },
  { path: 'rank', load: withPhoneStyle(() => import('./pages/RankPage')) },
  { path: 'attention', load: withPhoneStyle(() => import('./pages/AttentionPage')) },
  { path: 'reserve', load: withPhoneStyle(() => import('./pages/ReservePage')) },
];

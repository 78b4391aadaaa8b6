import type { RemoteRouteDefinition } from '@sports/shared';
import { withPhoneStyle } from './phone/PhoneStyle';

// football, basketball and bifen are one page (the scores board) over different sports.
const loadScoresPage = withPhoneStyle(() => import('./pages/ScoresPage'));

/** The routes mf-scores owns (DESIGN.md section 2); exposed as `mf_scores/routes`. */
export const routes: RemoteRouteDefinition[] = [
  { path: 'football', load: loadScoresPage },
  { path: 'basketball', load: loadScoresPage },
  { path: 'bifen', load: loadScoresPage },
  { path: 'score-detail', load: withPhoneStyle(() => import('./pages/ScoreDetailPage')) },
  { path: 'schedule', load: withPhoneStyle(() => import('./pages/SchedulePage')) },
  { path: 'foresight', load: withPhoneStyle(() => import('./pages/ForesightPage')) },
  { path: 'trophy/home', load: withPhoneStyle(() => import('./pages/TrophyPage')) },
];

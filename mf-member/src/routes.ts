import type { RemoteRouteDefinition } from '@sports/shared';
import { withPhoneStyle } from './phone/PhoneStyle';

/** The routes mf-member owns (DESIGN.md section 2); exposed as `mf_member/routes`. Each page is its own chunk. */
export const routes: RemoteRouteDefinition[] = [
  { path: 'member', load: withPhoneStyle(() => import('./pages/MemberPage')) },
  { path: 'persona', load: withPhoneStyle(() => import('./pages/PersonaPage')) },
  { path: 'about-user', load: withPhoneStyle(() => import('./pages/AboutUserPage')) },
];

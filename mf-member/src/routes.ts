import type { RemoteRouteDefinition } from '@sports/shared';

/** The routes mf-member owns (DESIGN.md section 2); exposed as `mf_member/routes`. Each page is its own chunk. */
export const routes: RemoteRouteDefinition[] = [
  { path: 'member', load: () => import(/* webpackChunkName: "route-member" */ './pages/MemberPage') },
  { path: 'persona', load: () => import(/* webpackChunkName: "route-persona" */ './pages/PersonaPage') },
  { path: 'about-user', load: () => import(/* webpackChunkName: "route-about-user" */ './pages/AboutUserPage') },
];

import type { RemoteName, RouteMeta } from '@sports/shared';

/** Who renders a route: the host itself or one of the remotes. */
export type RouteOwner = 'host' | RemoteName;

/**
 * One route of the site as the router and the layout see it: the manifest's meta (path, title,
 * nav index, header and login rules) and who renders the page. The host's own routes are written
 * in routeTable.ts; a remote's come from its release's route manifest (mergeSiteRoutes.ts).
 */
export interface RouteDefinition extends RouteMeta {
  owner: RouteOwner;
}

/** Nav index 2 or 3 shows the left menu; every other page shows the footer (SPEC.md section 2). */
export function showsLeftMenu(route: RouteMeta): boolean {
  return route.navIndex === 2 || route.navIndex === 3;
}

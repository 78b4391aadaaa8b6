import { REMOTE_NAMES, type RemoteAssignment } from '@sports/shared';
import { routeKey } from '@sports/shared/routePaths';
import type { RouteDefinition, RouteOwner } from './routeDefinition';
import { HOST_ROUTES } from './routeTable';

/** A path claimed more than once: who keeps it and whose claim is dropped. */
export interface RouteClaimConflict {
  path: string;
  keptBy: RouteOwner;
  droppedFrom: RouteOwner;
}

export interface SiteRouteTable {
  routes: RouteDefinition[];
  conflicts: RouteClaimConflict[];
}

/** REMOTE_NAMES order, whatever order the control plane answered in. */
function inRemoteOrder(remotes: readonly RemoteAssignment[]): RemoteAssignment[] {
  const rank = (assignment: RemoteAssignment) => (REMOTE_NAMES as readonly string[]).indexOf(assignment.name);
  return remotes.filter((assignment) => rank(assignment) >= 0).sort((a, b) => rank(a) - rank(b));
}

/**
 * The site's routes for this visitor: the host's own, then every assigned release's manifest
 * routes (owner = that remote). The control plane refuses a release whose paths clash, but a
 * clash must still never make a page ambiguous: the host's route wins, else the first remote in
 * REMOTE_NAMES order; each dropped claim is returned so the caller can say so. Paths compare by
 * the control plane's rule (@sports/shared/routePaths: without regard to case, as the router
 * matches them), so 'downLoad' and 'download' are one claim.
 */
export function mergeSiteRoutes(remotes: readonly RemoteAssignment[], hostRoutes: readonly RouteDefinition[] = HOST_ROUTES): SiteRouteTable {
  const byPath = new Map<string, RouteDefinition>();
  const conflicts: RouteClaimConflict[] = [];
  const claim = (route: RouteDefinition) => {
    const holder = byPath.get(routeKey(route.path));
    if (holder) conflicts.push({ path: route.path, keptBy: holder.owner, droppedFrom: route.owner });
    else byPath.set(routeKey(route.path), route);
  };
  for (const route of hostRoutes) claim(route);
  for (const assignment of inRemoteOrder(remotes)) {
    // An answer without routes (an older control plane) claims nothing rather than breaking the page.
    for (const meta of Array.isArray(assignment.routes) ? assignment.routes : []) {
      claim({ ...meta, owner: assignment.name });
    }
  }
  return { routes: [...byPath.values()], conflicts };
}

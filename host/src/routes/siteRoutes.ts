import type { AssignmentsState } from '../federation/remoteAssignments';
import { mergeSiteRoutes } from './mergeSiteRoutes';
import type { RouteDefinition } from './routeDefinition';
import { HOST_ROUTES } from './routeTable';

/**
 * The routes the router knows now. 'loading' and 'unavailable' (the control plane could not be
 * asked) know only the host's own routes: an address not among them may still be a remote's, so
 * it must not be called unknown yet. 'ready': every route this visitor's releases declare.
 */
export type SiteRoutes =
  | { status: 'loading'; routes: readonly RouteDefinition[] }
  | { status: 'unavailable'; routes: readonly RouteDefinition[] }
  | { status: 'ready'; routes: readonly RouteDefinition[] };

const LOADING: SiteRoutes = { status: 'loading', routes: HOST_ROUTES };
const UNAVAILABLE: SiteRoutes = { status: 'unavailable', routes: HOST_ROUTES };

// One merge per answer: the same routes object for every render, and a clash warned about once.
const mergedByAnswer = new WeakMap<AssignmentsState, SiteRoutes>();

export function siteRoutesOf(assignments: AssignmentsState): SiteRoutes {
  if (assignments.status === 'loading') return LOADING;
  if (assignments.status === 'failed') return UNAVAILABLE;
  let merged = mergedByAnswer.get(assignments);
  if (!merged) {
    const { routes, conflicts } = mergeSiteRoutes(assignments.remotes);
    for (const { path, keptBy, droppedFrom } of conflicts) {
      console.warn(`route #/${path} is claimed twice: ${keptBy} keeps it, the claim of ${droppedFrom} is ignored`);
    }
    merged = { status: 'ready', routes };
    mergedByAnswer.set(assignments, merged);
  }
  return merged;
}

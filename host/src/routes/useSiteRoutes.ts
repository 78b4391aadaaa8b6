import { useRemoteAssignments } from '../remotes/RemoteAssignmentsContext';
import { siteRoutesOf, type SiteRoutes } from './siteRoutes';

/** The site's routes as the visitor's assignments stand, and the retry of a failed ask. */
export function useSiteRoutes(): SiteRoutes & { retry: () => Promise<void> } {
  const { state, retry } = useRemoteAssignments();
  return { ...siteRoutesOf(state), retry };
}

import { onDemand } from '../app/onDemand';
import { useRemoteAssignments } from '../remotes/RemoteAssignmentsContext';
import { devAssignmentsOf } from './devRemoteOverride';

/** The banner's code, its own chunk (issue 38: the first visit's bytes): only a dev override shows it. */
const banner = onDemand(() => import(/* webpackChunkName: "dev-override-banner" */ './DevOverrideBanner'));

/**
 * Where App mounts the dev override banner (DevOverrideBanner.tsx): fetched and shown only while
 * a remote comes from a dev server (`pnpm dev:remote`); nothing, and nothing fetched, on an
 * ordinary page. The banner is fixed at the bottom: arriving later moves nothing.
 */
export function DevOverrideBannerSlot() {
  const { state } = useRemoteAssignments();
  const used = devAssignmentsOf(state.status === 'loaded' ? state.remotes : null).length > 0;
  const Banner = banner.useLoaded(used)?.DevOverrideBanner;
  return used && Banner ? <Banner /> : null;
}

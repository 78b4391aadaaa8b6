import { Redirect } from 'wouter';
import { PageLoading } from '@sports/shared';
import { AppLayout } from '../layout/AppLayout';
import { hostMessages } from '../messages';
import { AssignmentsUnavailable } from '../remotes/AssignmentsUnavailable';
import type { RouteDefinition } from '../routes/routeDefinition';
import { NOT_FOUND_PATH } from '../routes/routeTable';
import type { SiteRoutes } from '../routes/siteRoutes';

const text = hostMessages.assignments;

// The frame shown around an address whose owner is not known yet: no nav highlight, the footer.
const LOADING_ROUTE: RouteDefinition = { path: '', title: text.loadingTitle, navIndex: null, owner: 'host' };
const UNAVAILABLE_ROUTE: RouteDefinition = { path: '', title: text.unavailablePageTitle, navIndex: null, owner: 'host' };

export interface UnclaimedPathScreenProps {
  status: SiteRoutes['status'];
  retry: () => Promise<void>;
}

/**
 * An address no known route matches. Only once the assignments are in is it truly unknown (no
 * release this visitor gets claims it, e.g. a canary's route after a rollback): then /404. Before
 * that it may be a remote's route, so a deep link waits in the shell (loading), or, when the
 * control plane cannot be reached, shows a contained error whose retry asks again.
 */
export function UnclaimedPathScreen({ status, retry }: UnclaimedPathScreenProps) {
  if (status === 'ready') return <Redirect to={NOT_FOUND_PATH} replace />;
  if (status === 'loading') {
    return (
      <AppLayout route={LOADING_ROUTE}>
        <div data-testid="site-routes-loading">
          <PageLoading />
        </div>
      </AppLayout>
    );
  }
  return (
    <AppLayout route={UNAVAILABLE_ROUTE}>
      <AssignmentsUnavailable onRetry={retry} />
    </AppLayout>
  );
}

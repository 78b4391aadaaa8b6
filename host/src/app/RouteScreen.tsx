import { useLoginPromptOnArrival } from '../account/useLoginPromptOnArrival';
import { AppLayout } from '../layout/AppLayout';
import { hostPages } from '../pages/hostPages';
import { RemotePage } from '../remotes/RemotePage';
import type { RouteDefinition } from '../routes/routeDefinition';

/**
 * One route: the layout around the page of whoever owns it. The layout (title, nav highlight,
 * left menu or footer, header rule) comes from the route's meta, so it is right before a remote's
 * code arrives; so is the login prompt of a route that requires login.
 */
export function RouteScreen({ route }: { route: RouteDefinition }) {
  useLoginPromptOnArrival(route.path, route.requiresLogin === true);
  const HostPage = route.owner === 'host' ? hostPages[route.path] : undefined;
  return (
    <AppLayout route={route}>
      {route.owner === 'host' ? HostPage && <HostPage /> : <RemotePage remote={route.owner} path={route.path} />}
    </AppLayout>
  );
}

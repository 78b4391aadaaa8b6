import { AppLayout } from '../layout/AppLayout';
import { hostPages } from '../pages/hostPages';
import { RemotePage } from '../remotes/RemotePage';
import type { RouteDefinition } from '../routes/routeTable';

/** One route: the layout around the page of whoever owns it. */
export function RouteScreen({ route }: { route: RouteDefinition }) {
  const HostPage = route.owner === 'host' ? hostPages[route.path] : undefined;
  return (
    <AppLayout route={route}>
      {route.owner === 'host' ? HostPage && <HostPage /> : <RemotePage remote={route.owner} path={route.path} />}
    </AppLayout>
  );
}

import { useSearch } from 'wouter';
import { RoutePageOutlet, type RemoteName, type RemoteRoutesModule } from '@sports/shared';
import { useHostServices } from '../app/hostServices';
import { useDevRemoteUpdates } from '../federation/useDevRemoteUpdates';
import { RemoteArea } from './RemoteArea';

/** A route owned by a remote: its `routes` module renders the page for this path. */
export function RemotePage({ remote, path }: { remote: RemoteName; path: string }) {
  const services = useHostServices();
  // `pnpm dev:remote`: a hot update of this remote's pages renders the new page in place.
  useDevRemoteUpdates(remote);
  const search = useSearch();
  const location = { path, query: Object.fromEntries(new URLSearchParams(search)) };
  return (
    <RemoteArea<RemoteRoutesModule> remote={remote} exposed="routes">
      {(module) => <RoutePageOutlet routes={module.routes} location={location} context={services} />}
    </RemoteArea>
  );
}

import type { RemoteContext, RemoteRouteDefinition, RouteLocation } from '../contract/remoteContract';
import { useLoadedComponent } from './loadedComponent';
import { PageLoading } from './PageLoading';

export interface RoutePageOutletProps {
  routes: RemoteRouteDefinition[];
  location: RouteLocation;
  context: RemoteContext;
}

/** Renders the page of `routes` that matches `location.path` (used by the host and by parcels). */
export function RoutePageOutlet({ routes, location, context }: RoutePageOutletProps) {
  const definition = routes.find((route) => route.path === location.path);
  if (!definition) {
    return <p role="alert">No page for “{location.path}” in this remote.</p>;
  }
  return <RoutePage definition={definition} location={location} context={context} />;
}

function RoutePage({ definition, location, context }: { definition: RemoteRouteDefinition; location: RouteLocation; context: RemoteContext }) {
  const Page = useLoadedComponent(definition.load);
  return Page ? <Page context={context} location={location} /> : <PageLoading />;
}

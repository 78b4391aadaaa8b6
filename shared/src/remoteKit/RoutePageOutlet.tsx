import { Suspense } from 'react';
import type { RemoteContext, RemoteRouteDefinition, RouteLocation } from '../contract/remoteContract';
import { lazyOnce } from './lazyPage';
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
  const Page = lazyOnce(definition.load);
  return (
    <Suspense fallback={<PageLoading />}>
      <Page context={context} location={location} />
    </Suspense>
  );
}

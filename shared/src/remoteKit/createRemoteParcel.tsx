import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { RemoteParcelModule, RemoteParcelProps, RemoteRouteDefinition } from '../contract/remoteContract';
import { RemoteRoot } from './RemoteRoot';
import { RoutePageOutlet } from './RoutePageOutlet';

function ParcelError({ error }: { error: Error }) {
  return (
    <div role="alert" data-testid="parcel-error">
      {error.message}
    </div>
  );
}

/**
 * single-spa lifecycles for a remote: mounts its pages in their own React root with an error
 * boundary, so a squad can mount the remote alone (its harness) or the host can mount it as a
 * parcel. Everything the pages need arrives in props.
 */
export function createRemoteParcel(routes: RemoteRouteDefinition[]): RemoteParcelModule {
  function ParcelRoot(props: RemoteParcelProps) {
    return (
      <RemoteRoot context={props.context}>
        <RoutePageOutlet routes={routes} location={props.location} context={props.context} />
      </RemoteRoot>
    );
  }
  const lifecycles = singleSpaReact<RemoteParcelProps>({
    React,
    ReactDOMClient,
    rootComponent: ParcelRoot,
    errorBoundary: (error) => <ParcelError error={error} />,
  });
  return lifecycles as unknown as RemoteParcelModule;
}

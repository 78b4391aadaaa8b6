import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
// The page singleton by its name, never by a relative path: this file ships in each remote's
// `./parcel` chunk (`@sports/shared/parcel`), and a copy of RemoteRoot would be a second jotai
// Provider and theme beside the ones the remote's pages use.
import { RemoteRoot, RoutePageOutlet, type RemoteParcelModule, type RemoteParcelProps, type RemoteRouteDefinition } from '@sports/shared';

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

import { mountRootParcel, type Parcel, type ParcelConfig } from 'single-spa';
// The page singleton by its name (see createRemoteParcel.tsx): the harness's store is the one
// whose atoms the remote's pages read.
import {
  createApiClient,
  createEventBus,
  createSportsStore,
  parseHashLocation,
  type RemoteContext,
  type RemoteParcelModule,
  type RemoteRouteDefinition,
} from '@sports/shared';

export interface RemoteHarnessOptions {
  parcel: RemoteParcelModule;
  routes: RemoteRouteDefinition[];
  mountElement: HTMLElement;
}

/**
 * A squad's own page for its remote (`pnpm --filter mf-live dev`): mounts the remote's parcel
 * alone, against the running site's real API (the dev server proxies /api and /ws), with its
 * own store and bus. Toasts go to the console and the page's status line.
 */
export function startRemoteHarness({ parcel, routes, mountElement }: RemoteHarnessOptions): Parcel {
  const store = createSportsStore();
  const eventBus = createEventBus();
  eventBus.on('toast', (toast) => console.info(`[toast:${toast.kind}] ${toast.message}`));
  const api = createApiClient({ baseURL: '/', eventBus, store });
  const firstPath = routes[0]?.path ?? '';
  const context: RemoteContext = {
    store,
    eventBus,
    api,
    navigate: (to, options) => {
      if (options?.newTab) window.open(`#${to}`, '_blank', 'noopener');
      else window.location.hash = to;
    },
  };
  const currentProps = () => ({ context, location: parseHashLocation(window.location.hash, firstPath), domElement: mountElement });
  const mounted = mountRootParcel(parcel as unknown as ParcelConfig, currentProps());
  window.addEventListener('hashchange', () => void mounted.update?.(currentProps()));
  return mounted;
}

import { mountRootParcel, type ParcelConfig } from 'single-spa';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../api/createApiClient';
import type { RemoteContext, RemoteRouteDefinition } from '../contract/remoteContract';
import { createEventBus } from '../events/eventBus';
import { createSportsStore } from '../store/createSportsStore';
import { createRemoteParcel } from './createRemoteParcel';

function context(): RemoteContext {
  const store = createSportsStore();
  const eventBus = createEventBus();
  return { store, eventBus, api: createApiClient({ baseURL: 'http://127.0.0.1:9', eventBus, store }), navigate: () => undefined };
}

const routes: RemoteRouteDefinition[] = [
  { path: 'one', load: async () => ({ default: () => <h1>page one</h1> }) },
  { path: 'boom', load: async () => ({ default: () => { throw new Error('page exploded'); } }) },
];

afterEach(() => (document.body.innerHTML = ''));

async function waitForText(element: HTMLElement, text: string) {
  for (let attempt = 0; attempt < 50 && !element.textContent?.includes(text); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(element.textContent).toContain(text);
}

describe('createRemoteParcel', () => {
  it('mounts the page for its location in its own root, updates and unmounts', async () => {
    const domElement = document.createElement('div');
    document.body.append(domElement);
    const parcel = createRemoteParcel(routes);
    const props = { context: context(), location: { path: 'one', query: {} }, domElement };
    const mounted = mountRootParcel(parcel as unknown as ParcelConfig, props);
    await mounted.mountPromise;
    await waitForText(domElement, 'page one');

    await mounted.update?.({ ...props, location: { path: 'missing', query: {} } });
    await waitForText(domElement, 'No page for');

    await mounted.unmount();
    expect(domElement.textContent).toBe('');
  });

  it('contains a page that throws inside the parcel', async () => {
    const domElement = document.createElement('div');
    document.body.append(domElement);
    const mounted = mountRootParcel(createRemoteParcel(routes) as unknown as ParcelConfig, {
      context: context(),
      location: { path: 'boom', query: {} },
      domElement,
    });
    await mounted.mountPromise;
    await waitForText(domElement, 'page exploded');
  });
});

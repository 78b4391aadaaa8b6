import { describe, expect, it, vi } from 'vitest';
import type { RemoteAssignment } from '@sports/shared';
import { createFakeApi } from '../layout/testing/fakeApi';
import { DEV_UPDATE_EVENT, devRoutesApi, exitDevOverrideAddress, onDevUpdate, withDevRouteManifests } from './devRemoteOverride';

const DEV_MANIFEST = 'http://127.0.0.1:41234/mf-manifest.json';
const dev: RemoteAssignment = { name: 'mf_community', version: 'dev', manifestUrl: DEV_MANIFEST, channel: 'dev', routes: [{ path: 'news', title: '头条', navIndex: 4 }], widgets: [] };
const stable: RemoteAssignment = { name: 'mf_live', version: '0.1.0-aaaaaaaaaa', manifestUrl: '/web/releases/mf-live/0.1.0-aaaaaaaaaa/mf-manifest.json', channel: 'stable', routes: [], widgets: [] };

const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('dev remote override (host)', () => {
  it("reads a dev remote's routes and widgets from its dev server, leaving the others alone", async () => {
    const fetchImpl = vi.fn(async () =>
      answer({ schemaVersion: 1, remote: 'mf_community', routes: [{ path: 'news', title: '头条', navIndex: 4 }, { path: 'brand-new', title: '新页面', navIndex: null }], widgets: [{ id: 'hot', slot: 'home', order: 1 }] }),
    );
    const [live, community] = await withDevRouteManifests([stable, dev], fetchImpl as unknown as typeof fetch);
    expect(live).toBe(stable);
    expect(community?.routes.map((route) => route.path)).toEqual(['news', 'brand-new']);
    expect(community?.widgets).toEqual([{ id: 'hot', slot: 'home', order: 1 }]);
    expect(fetchImpl).toHaveBeenCalledWith('http://127.0.0.1:41234/route-manifest.json', { cache: 'no-store' });
  });

  it('keeps the routes the server sent when the dev server does not answer or answers another remote', async () => {
    for (const fetchImpl of [
      async () => {
        throw new TypeError('Failed to fetch');
      },
      async () => answer({}, 404),
      async () => answer({ remote: 'mf_live', routes: [], widgets: [] }),
      async () => new Response('not json'),
    ]) {
      expect(await withDevRouteManifests([dev], fetchImpl as unknown as typeof fetch)).toEqual([dev]);
    }
  });

  it("gives the control plane's answer with the dev routes, and every other call as it is", async () => {
    const { api } = createFakeApi({ get: { 'api/mf/remotes': { remotes: [stable, dev] }, 'api/other': { ok: 1 } } });
    const fetchImpl = vi.fn(async () => answer({ remote: 'mf_community', routes: [{ path: 'brand-new', title: '新页面', navIndex: null }], widgets: [] }));
    const wrapped = devRoutesApi(api, fetchImpl as unknown as typeof fetch);
    const { remotes } = await wrapped.get<{ remotes: RemoteAssignment[] }>('api/mf/remotes');
    expect(remotes.map((remote) => remote.routes.map((route) => route.path))).toEqual([[], ['brand-new']]);
    expect(await wrapped.get('api/other')).toEqual({ ok: 1 });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it("hears only its own remote's hot updates", () => {
    const target = new EventTarget();
    const listener = vi.fn();
    const stop = onDevUpdate('mf_community', listener, target);
    target.dispatchEvent(new CustomEvent(DEV_UPDATE_EVENT, { detail: { remote: 'mf_live' } }));
    target.dispatchEvent(new CustomEvent(DEV_UPDATE_EVENT, { detail: { remote: 'mf_community' } }));
    stop();
    target.dispatchEvent(new CustomEvent(DEV_UPDATE_EVENT, { detail: { remote: 'mf_community' } }));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('exits to the same page and route with the override cleared', () => {
    expect(exitDevOverrideAddress({ pathname: '/web/', hash: '#/news?x=1' })).toBe('/web/?mf_dev=#/news?x=1');
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi } from '../layout/testing/fakeApi';
import { testAssignment } from '../routes/testing/siteRoutesFixture';
import { RemoteAssignments } from './remoteAssignments';
import { RemoteModuleLoader } from './remoteModuleLoader';

// The Module Federation runtime main.js and the loader share: what each asks of it is recorded.
const runtime = vi.hoisted(() => ({
  registered: [] as Array<{ name: string; entry: string; force: boolean }>,
  loadRemote: vi.fn<(id: string) => Promise<unknown>>(),
}));
vi.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: (remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }) =>
    remotes.forEach((remote) => runtime.registered.push({ ...remote, force: options?.force ?? false })),
  loadRemote: (id: string) => runtime.loadRemote(id),
}));

const { startRouteModules } = await import('./startRouteModules');

const page = () => Promise.resolve({ default: () => null });

beforeEach(() => {
  vi.resetModules();
  runtime.registered.length = 0;
  runtime.loadRemote.mockReset();
});

describe('startRouteModules (main.js)', () => {
  it("starts the route owner's ./routes and then that route's page, and no other page", async () => {
    const live = vi.fn(page);
    const anchor = vi.fn(page);
    runtime.loadRemote.mockResolvedValue({ routes: [{ path: 'anchor', load: anchor }, { path: 'live', load: live }] });
    startRouteModules([testAssignment('mf_live', { manifestUrl: '/r/live-a/mf-manifest.json' })], '#/live?id=3');
    await vi.waitFor(() => expect(live).toHaveBeenCalledTimes(1));
    expect(anchor).not.toHaveBeenCalled();
    expect(runtime.loadRemote.mock.calls).toEqual([['mf_live/routes']]);
    expect(runtime.registered).toEqual([{ name: 'mf_live', entry: '/r/live-a/mf-manifest.json', force: false }]);
  });

  it("on the home page starts each remote's ./widgets and its home widgets", async () => {
    const hotMatches = vi.fn(page);
    const other = vi.fn(page);
    runtime.loadRemote.mockResolvedValue({ widgets: [{ id: 'hotMatches', load: hotMatches }, { id: 'notOnHome', load: other }] });
    startRouteModules([testAssignment('mf_scores', { manifestUrl: '/r/scores-b/mf-manifest.json' })], '#/main');
    await vi.waitFor(() => expect(hotMatches).toHaveBeenCalledTimes(1));
    expect(other).not.toHaveBeenCalled();
    expect(runtime.loadRemote.mock.calls).toEqual([['mf_scores/widgets']]);
  });
});

describe('RemoteModuleLoader after main.js started a remote', () => {
  const loaderFor = (manifestUrl: string) => {
    const assignment = testAssignment('mf_live', { manifestUrl });
    const assignments = new RemoteAssignments(createFakeApi().api, () => '', [assignment]);
    return new RemoteModuleLoader(assignments);
  };

  it('takes the started load over: the runtime is asked once, and the remote is not registered again', async () => {
    const routesModule = { routes: [] };
    runtime.loadRemote.mockResolvedValue(routesModule);
    startRouteModules([testAssignment('mf_live', { manifestUrl: '/r/live-c/mf-manifest.json' })], '#/live');
    const loader = loaderFor('/r/live-c/mf-manifest.json');
    await expect(loader.load('mf_live', 'routes')).resolves.toBe(routesModule);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    expect(runtime.registered).toHaveLength(1);
    // Another module of the remote loads from the same registration.
    runtime.loadRemote.mockResolvedValue({ widgets: [] });
    await loader.load('mf_live', 'widgets');
    expect(runtime.registered).toHaveLength(1);
  });

  it('a started load that failed is tried again, forced, as the loader\'s second attempt', async () => {
    runtime.loadRemote.mockRejectedValueOnce(new Error('remoteEntry.js failed'));
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{}'))));
    startRouteModules([testAssignment('mf_live', { manifestUrl: '/r/live-d/mf-manifest.json' })], '#/live');
    const loader = loaderFor('/r/live-d/mf-manifest.json');
    const routesModule = { routes: [] };
    runtime.loadRemote.mockResolvedValueOnce(routesModule);
    await expect(loader.load('mf_live', 'routes')).resolves.toBe(routesModule);
    expect(runtime.registered.at(-1)).toEqual({ name: 'mf_live', entry: '/r/live-d/mf-manifest.json', force: true });
    vi.unstubAllGlobals();
  });

  it('a release other than the one main.js started is registered and loaded by the loader', async () => {
    runtime.loadRemote.mockResolvedValue({ routes: [] });
    startRouteModules([testAssignment('mf_live', { manifestUrl: '/r/live-e/mf-manifest.json' })], '#/live');
    const loader = loaderFor('/r/live-f/mf-manifest.json');
    await loader.load('mf_live', 'routes');
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
    expect(runtime.registered.at(-1)).toEqual({ name: 'mf_live', entry: '/r/live-f/mf-manifest.json', force: false });
  });
});

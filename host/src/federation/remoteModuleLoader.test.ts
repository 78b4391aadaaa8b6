import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi } from '../layout/testing/fakeApi';
import { siteRoutesOf } from '../routes/siteRoutes';
import { testAssignment } from '../routes/testing/siteRoutesFixture';
import { RemoteAssignments } from './remoteAssignments';
import { RemoteModuleLoader } from './remoteModuleLoader';

// The Module Federation runtime (a library, not our server): which release is registered, and a
// load that fails while the candidate's entry is registered.
const runtime = vi.hoisted(() => ({ entry: '', failing: new Set<string>() }));
vi.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: (remotes: Array<{ entry: string }>) => {
    runtime.entry = remotes[0]?.entry ?? '';
  },
  loadRemote: async (id: string) => {
    if (runtime.failing.has(runtime.entry)) throw new Error(`${runtime.entry} is unreachable`);
    return { id, from: runtime.entry };
  },
}));
vi.mock('./reportRemoteTelemetry', () => ({ reportRemoteTelemetry: () => undefined }));

const STABLE_URL = '/web/releases/mf-live/1.0.0-stable0001/mf-manifest.json';
const CANDIDATE_URL = '/web/releases/mf-live/2.0.0-candidate01/mf-manifest.json';
const stableRoutes = testAssignment('mf_live').routes;
const candidate = testAssignment('mf_live', {
  version: '2.0.0-candidate01',
  manifestUrl: CANDIDATE_URL,
  channel: 'candidate',
  routes: [...stableRoutes.filter((route) => route.path !== 'rank'), { path: 'worldcup', title: '世界杯', navIndex: 2 }],
  fallback: { version: '1.0.0-stable0001', manifestUrl: STABLE_URL, routes: stableRoutes, widgets: testAssignment('mf_live').widgets },
});
const livePaths = (assignments: RemoteAssignments) => siteRoutesOf(assignments.state()).routes.filter((route) => route.owner === 'mf_live').map((route) => route.path);

afterEach(() => {
  runtime.failing.clear();
  runtime.entry = '';
});

describe('RemoteModuleLoader: a fallback owns its routes', () => {
  it("a candidate that loads keeps its routes", async () => {
    const assignments = new RemoteAssignments(createFakeApi({}).api, () => '', [candidate]);
    const loader = new RemoteModuleLoader(assignments);
    expect(await loader.load('mf_live', 'routes')).toEqual({ id: 'mf_live/routes', from: CANDIDATE_URL });
    expect(livePaths(assignments)).toContain('worldcup');
    expect(assignments.get('mf_live')?.channel).toBe('candidate');
  });

  it("a candidate that fails falls back to the stable, and the site's routes of that remote become the stable's", async () => {
    runtime.failing.add(CANDIDATE_URL);
    const assignments = new RemoteAssignments(createFakeApi({}).api, () => '', [candidate]);
    const loader = new RemoteModuleLoader(assignments);
    expect(await loader.load('mf_live', 'routes')).toEqual({ id: 'mf_live/routes', from: STABLE_URL });
    expect(assignments.get('mf_live')).toMatchObject({ version: '1.0.0-stable0001', channel: 'stable', routes: stableRoutes });
    expect(livePaths(assignments)).toContain('rank');
    expect(livePaths(assignments)).not.toContain('worldcup');
    expect(loader.versionOf('mf_live')).toBe('1.0.0-stable0001');
    // The remote's other modules come from the stable too.
    expect(await loader.load('mf_live', 'widgets')).toEqual({ id: 'mf_live/widgets', from: STABLE_URL });
  });
});

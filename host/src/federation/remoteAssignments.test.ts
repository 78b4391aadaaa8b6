import { describe, expect, it, vi } from 'vitest';
import { createFakeApi } from '../layout/testing/fakeApi';
import { siteRoutesOf } from '../routes/siteRoutes';
import { TEST_ASSIGNMENTS, testAssignment } from '../routes/testing/siteRoutesFixture';
import { RemoteAssignments } from './remoteAssignments';

function setUp(answer: unknown, search = '') {
  const { api, get } = createFakeApi({ get: { 'api/mf/remotes': answer } });
  const assignments = new RemoteAssignments(api, () => search);
  const seen: string[] = [];
  assignments.subscribe(() => seen.push(assignments.state().status));
  return { assignments, get, seen };
}

describe('RemoteAssignments', () => {
  it('is loading until the answer, then loaded with the remotes; asked once', async () => {
    const { assignments, get, seen } = setUp({ remotes: TEST_ASSIGNMENTS });
    expect(assignments.state()).toEqual({ status: 'loading' });
    await Promise.all([assignments.ensureLoaded(), assignments.ensureLoaded()]);
    expect(assignments.state()).toEqual({ status: 'loaded', remotes: TEST_ASSIGNMENTS });
    expect(assignments.get('mf_scores')?.routes.map((route) => route.path)).toContain('football');
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('api/mf/remotes', undefined);
    expect(seen).toEqual(['loaded']);
  });

  it("starts from the page's inlined answer: loaded at once, not asked; a retry asks", async () => {
    const { api, get } = createFakeApi({ get: { 'api/mf/remotes': { remotes: [] } } });
    const assignments = new RemoteAssignments(api, () => '', TEST_ASSIGNMENTS);
    expect(assignments.state()).toEqual({ status: 'loaded', remotes: TEST_ASSIGNMENTS });
    expect(assignments.get('mf_live')?.name).toBe('mf_live');
    await assignments.ensureLoaded();
    expect(get).not.toHaveBeenCalled();
    await assignments.refresh();
    expect(get).toHaveBeenCalledTimes(1);
    expect(assignments.state()).toEqual({ status: 'loaded', remotes: [] });
  });

  it('forwards a QA override of the page address', async () => {
    const { assignments, get } = setUp({ remotes: [] }, '?mf_override=abc.def');
    await assignments.ensureLoaded();
    expect(get).toHaveBeenCalledWith('api/mf/remotes', { override: 'abc.def' });
  });

  it('is failed when the control plane cannot be reached; a retry goes through loading to loaded', async () => {
    const answer = vi.fn().mockRejectedValueOnce(new Error('Network Error')).mockResolvedValue({ remotes: TEST_ASSIGNMENTS });
    const { assignments, seen } = setUp(answer);
    await expect(assignments.ensureLoaded()).rejects.toThrow('Network Error');
    expect(assignments.state()).toMatchObject({ status: 'failed', error: expect.objectContaining({ message: 'Network Error' }) });
    await assignments.ensureLoaded();
    expect(assignments.state().status).toBe('loaded');
    expect(seen).toEqual(['failed', 'loading', 'loaded']);
  });

  it('keeps an answer it has while asking again, and after a failed second ask', async () => {
    const answer = vi.fn().mockResolvedValueOnce({ remotes: TEST_ASSIGNMENTS }).mockRejectedValue(new Error('Network Error'));
    const { assignments, seen } = setUp(answer);
    await assignments.ensureLoaded();
    const loaded = assignments.state();
    await expect(assignments.refresh()).rejects.toThrow();
    expect(assignments.state()).toBe(loaded);
    expect(seen).toEqual(['loaded']);
  });

  it('stops calling a listener once unsubscribed', async () => {
    const { api } = createFakeApi({ get: { 'api/mf/remotes': { remotes: [] } } });
    const assignments = new RemoteAssignments(api, () => '');
    const listener = vi.fn();
    const unsubscribe = assignments.subscribe(listener);
    unsubscribe();
    await assignments.ensureLoaded();
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('RemoteAssignments.fellBack: the fallback owns its routes', () => {
  const stableRoutes = testAssignment('mf_live').routes;
  const candidate = testAssignment('mf_live', {
    version: '2.0.0-candidate01',
    manifestUrl: '/web/releases/mf-live/2.0.0-candidate01/mf-manifest.json',
    channel: 'candidate',
    // The candidate adds #/worldcup and drops #/rank.
    routes: [...stableRoutes.filter((route) => route.path !== 'rank'), { path: 'worldcup', title: '世界杯', navIndex: 2 }],
    widgets: [],
    fallback: { version: '1.0.0-stable0001', manifestUrl: '/web/releases/mf-live/1.0.0-stable0001/mf-manifest.json', routes: stableRoutes, widgets: testAssignment('mf_live').widgets },
  });
  const pathsOf = (assignments: RemoteAssignments) => siteRoutesOf(assignments.state()).routes.filter((route) => route.owner === 'mf_live').map((route) => route.path);

  it("becomes the stable release with the fallback's routes and widgets; the router follows", () => {
    const assignments = new RemoteAssignments(createFakeApi({}).api, () => '', [candidate, testAssignment('mf_scores')]);
    const seen = vi.fn();
    assignments.subscribe(seen);
    expect(pathsOf(assignments)).toContain('worldcup');
    expect(pathsOf(assignments)).not.toContain('rank');

    assignments.fellBack('mf_live');
    expect(assignments.get('mf_live')).toEqual({
      name: 'mf_live',
      version: '1.0.0-stable0001',
      manifestUrl: '/web/releases/mf-live/1.0.0-stable0001/mf-manifest.json',
      channel: 'stable',
      routes: stableRoutes,
      widgets: testAssignment('mf_live').widgets,
    });
    expect(seen).toHaveBeenCalledTimes(1);
    expect(pathsOf(assignments)).toContain('rank');
    expect(pathsOf(assignments)).not.toContain('worldcup');
    // The other remotes are untouched.
    expect(assignments.get('mf_scores')).toEqual(testAssignment('mf_scores'));
  });

  it('does nothing without a fallback; a fallback without routes (an older control plane) keeps the routes it had', () => {
    const assignments = new RemoteAssignments(createFakeApi({}).api, () => '', [testAssignment('mf_scores')]);
    const seen = vi.fn();
    assignments.subscribe(seen);
    assignments.fellBack('mf_scores');
    assignments.fellBack('mf_member');
    expect(seen).not.toHaveBeenCalled();

    const older = { ...candidate, fallback: { version: '1.0.0-stable0001', manifestUrl: '/web/releases/mf-live/1.0.0-stable0001/mf-manifest.json' } };
    const withOlder = new RemoteAssignments(createFakeApi({}).api, () => '', [older]);
    withOlder.fellBack('mf_live');
    expect(withOlder.get('mf_live')).toMatchObject({ version: '1.0.0-stable0001', channel: 'stable', routes: candidate.routes, widgets: [] });
  });
});


import { describe, expect, it, vi } from 'vitest';
import { createFakeApi } from '../layout/testing/fakeApi';
import { TEST_ASSIGNMENTS } from '../routes/testing/siteRoutesFixture';
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

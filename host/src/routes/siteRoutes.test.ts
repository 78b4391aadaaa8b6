import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssignmentsState } from '../federation/remoteAssignments';
import { siteRoutesOf } from './siteRoutes';
import { HOST_ROUTES } from './routeTable';
import { TEST_ASSIGNMENTS, testAssignment } from './testing/siteRoutesFixture';

afterEach(() => vi.restoreAllMocks());

describe('siteRoutesOf', () => {
  it("knows only the host's routes while loading and when the control plane is unavailable", () => {
    expect(siteRoutesOf({ status: 'loading' })).toEqual({ status: 'loading', routes: HOST_ROUTES });
    expect(siteRoutesOf({ status: 'failed', error: new Error('down') })).toEqual({ status: 'unavailable', routes: HOST_ROUTES });
  });

  it('is ready with every route of the answer, the same object for the same answer', () => {
    const answer: AssignmentsState = { status: 'loaded', remotes: TEST_ASSIGNMENTS };
    const first = siteRoutesOf(answer);
    expect(first.status).toBe('ready');
    expect(first.routes.map((route) => route.path)).toEqual(expect.arrayContaining(['main', 'football', 'anchor', 'news', 'member']));
    expect(siteRoutesOf(answer)).toBe(first);
  });

  it('warns once about a path claimed twice, however often it is asked', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answer: AssignmentsState = {
      status: 'loaded',
      remotes: [testAssignment('mf_community', { routes: [{ path: 'anchor', title: '主播', navIndex: 4 }] }), testAssignment('mf_live')],
    };
    const routes = siteRoutesOf(answer).routes;
    siteRoutesOf(answer);
    siteRoutesOf(answer);
    expect(routes.find((route) => route.path === 'anchor')?.owner).toBe('mf_live');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('route #/anchor is claimed twice: mf_live keeps it, the claim of mf_community is ignored');
  });
});

import { describe, expect, it } from 'vitest';
import type { RemoteAssignment } from '@sports/shared';
import { mergeSiteRoutes } from './mergeSiteRoutes';
import { HOST_ROUTES } from './routeTable';
import { TEST_ASSIGNMENTS, testAssignment } from './testing/siteRoutesFixture';

const owners = (routes: { path: string; owner: string }[]) => Object.fromEntries(routes.map((route) => [route.path, route.owner]));

describe('mergeSiteRoutes', () => {
  it("is the host's routes alone when no remote is assigned", () => {
    expect(mergeSiteRoutes([])).toEqual({ routes: [...HOST_ROUTES], conflicts: [] });
  });

  it("adds every assigned release's routes, owned by that remote, with their manifest meta", () => {
    const { routes, conflicts } = mergeSiteRoutes(TEST_ASSIGNMENTS);
    expect(conflicts).toEqual([]);
    expect(routes).toHaveLength(HOST_ROUTES.length + 26);
    expect(owners(routes)).toMatchObject({ main: 'host', '404': 'host', anchor: 'mf_live', football: 'mf_scores', news: 'mf_community', member: 'mf_member', 'trophy/home': 'mf_scores', clip: 'mf_live' });
    expect(routes.find((route) => route.path === 'football')).toEqual({ path: 'football', title: '足球', navIndex: 1, hidesHeaderOnScroll: true, owner: 'mf_scores' });
    expect(routes.find((route) => route.path === 'attention')).toEqual({ path: 'attention', title: '关注', navIndex: 2, requiresLogin: true, owner: 'mf_live' });
  });

  it('gets only the routes of the releases assigned: a canary route comes and goes with its release', () => {
    const canary = testAssignment('mf_scores', { channel: 'candidate', routes: [...testAssignment('mf_scores').routes, { path: 'worldcup', title: '世界杯专题', navIndex: null }] });
    expect(owners(mergeSiteRoutes([canary]).routes).worldcup).toBe('mf_scores');
    expect(owners(mergeSiteRoutes([testAssignment('mf_scores')]).routes).worldcup).toBeUndefined();
  });

  it("keeps the host's route when a remote claims one of its paths", () => {
    const greedy = testAssignment('mf_live', { routes: [{ path: 'main', title: '直播首页', navIndex: 2 }, { path: 'anchor', title: '直播', navIndex: 2 }] });
    const { routes, conflicts } = mergeSiteRoutes([greedy]);
    expect(routes.find((route) => route.path === 'main')).toMatchObject({ owner: 'host', title: '首页', navIndex: 0 });
    expect(owners(routes).anchor).toBe('mf_live');
    expect(conflicts).toEqual([{ path: 'main', keptBy: 'host', droppedFrom: 'mf_live' }]);
  });

  it('gives a path two remotes claim to the first in REMOTE_NAMES order, whatever the answer order', () => {
    const community = testAssignment('mf_community', { routes: [{ path: 'news', title: '头条', navIndex: 4 }] });
    const live = testAssignment('mf_live', { routes: [{ path: 'news', title: '直播头条', navIndex: 2 }] });
    const { routes, conflicts } = mergeSiteRoutes([community, live]);
    expect(routes.find((route) => route.path === 'news')).toMatchObject({ owner: 'mf_live', title: '直播头条' });
    expect(conflicts).toEqual([{ path: 'news', keptBy: 'mf_live', droppedFrom: 'mf_community' }]);
  });

  it('compares paths as the control plane does, without regard to case: a claim of DownLoad is a claim of downLoad', () => {
    const community = testAssignment('mf_community', { routes: [{ path: 'downLoad', title: '下载', navIndex: null }] });
    const live = testAssignment('mf_live', { routes: [{ path: 'Download', title: '直播下载', navIndex: 2 }, { path: 'MAIN', title: '直播首页', navIndex: 2 }] });
    const { routes, conflicts } = mergeSiteRoutes([community, live]);
    expect(routes.filter((route) => route.path.toLowerCase() === 'download')).toEqual([{ path: 'Download', title: '直播下载', navIndex: 2, owner: 'mf_live' }]);
    expect(routes.filter((route) => route.path.toLowerCase() === 'main')).toMatchObject([{ path: 'main', owner: 'host' }]);
    expect(conflicts).toEqual([
      { path: 'MAIN', keptBy: 'host', droppedFrom: 'mf_live' },
      { path: 'downLoad', keptBy: 'mf_live', droppedFrom: 'mf_community' },
    ]);
  });

  it('keeps the first of a path one release lists twice', () => {
    const twice = testAssignment('mf_member', { routes: [{ path: 'member', title: '个人中心', navIndex: null }, { path: 'member', title: '另一个', navIndex: 1 }] });
    const { routes, conflicts } = mergeSiteRoutes([twice]);
    expect(routes.filter((route) => route.path === 'member')).toEqual([{ path: 'member', title: '个人中心', navIndex: null, owner: 'mf_member' }]);
    expect(conflicts).toEqual([{ path: 'member', keptBy: 'mf_member', droppedFrom: 'mf_member' }]);
  });

  it('ignores an assignment without routes or of an unknown remote', () => {
    const withoutRoutes = { ...testAssignment('mf_live'), routes: undefined } as unknown as RemoteAssignment;
    const stranger = { ...testAssignment('mf_live'), name: 'mf_other' } as unknown as RemoteAssignment;
    expect(mergeSiteRoutes([withoutRoutes, stranger]).routes).toEqual([...HOST_ROUTES]);
  });
});

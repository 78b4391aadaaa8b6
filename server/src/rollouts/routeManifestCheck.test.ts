import { describe, expect, it } from 'vitest';
import { checkRouteManifest, routeManifestMessages } from './routeManifestCheck';

const valid = {
  schemaVersion: 1,
  remote: 'mf_scores',
  routes: [
    { path: 'football', title: '足球', navIndex: 1, hidesHeaderOnScroll: true },
    { path: 'trophy/home', title: '奖杯', navIndex: null },
    { path: 'downLoad', title: '下载', navIndex: null, requiresLogin: false },
  ],
  widgets: [{ id: 'hotMatches', slot: 'home', order: 10 }],
};

const check = (manifest: unknown) => checkRouteManifest(typeof manifest === 'string' ? manifest : JSON.stringify(manifest), 'mf_scores');
const withRoutes = (...routes: object[]) => ({ ...valid, routes: [...valid.routes, ...routes] });

describe('checkRouteManifest', () => {
  it('accepts a sound manifest and returns it', () => {
    expect(check(valid)).toEqual({ problems: [], manifest: valid });
    expect(check({ ...valid, routes: [], widgets: [] }).problems).toEqual([]);
  });

  it('refuses a release without the file, or with one that is not JSON', () => {
    expect(checkRouteManifest(null, 'mf_scores')).toEqual({ problems: [routeManifestMessages.missing], manifest: null });
    expect(check('{"routes": [')).toEqual({ problems: [routeManifestMessages.unreadable], manifest: null });
    for (const notObject of ['[]', 'null', '"routes"']) expect(check(notObject).problems).toEqual([routeManifestMessages.notObject]);
  });

  it.each([
    [{ ...valid, schemaVersion: 2 }, 'schemaVersion 取值无效'],
    [{ ...valid, remote: 'mf_evil' }, 'remote 取值无效'],
    [{ schemaVersion: 1, remote: 'mf_scores', widgets: [] }, '缺少参数 routes'],
    [withRoutes({ path: 'rank', title: '排行', navIndex: 12 }), 'routes.3.navIndex 取值无效'],
    [withRoutes({ path: '/rank', title: '排行', navIndex: 2 }), 'routes.3.path 格式错误'],
    [withRoutes({ path: 'rank', title: '', navIndex: 2 }), 'routes.3.title 不能为空'],
    [withRoutes({ path: 'rank', title: '排行', navIndex: 2, component: 'x' }), '不支持的参数 routes.3.component'],
    [{ ...valid, widgets: [{ id: 'hotMatches', slot: 'sidebar', order: 1 }] }, 'widgets.0.slot 取值无效'],
  ])('refuses a manifest the schema refuses, naming the field: %j', (manifest, detail) => {
    const { problems, manifest: accepted } = check(manifest);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toBe(routeManifestMessages.invalid(detail));
    expect(accepted).toBeNull();
  });

  it('accepts first-screen data of routes and widgets, and refuses a call the page must not make, naming it', () => {
    const room = { path: 'live', title: '直播间', navIndex: 2, firstScreenData: [{ path: 'api/Live_streaming/getRoomInfo', query: { room_id: ':id' } }] };
    const hot = { id: 'hotMatches', slot: 'home', order: 10, firstScreenData: [{ path: 'api/hot_match/all_match', method: 'POST', body: { status: 'live', page: 1 } }] };
    expect(check({ ...withRoutes(room), widgets: [hot] }).problems).toEqual([]);
    // The schema: another site, a path outside the API, too many calls, an object as a value.
    const firstScreen = (calls: unknown[]) => withRoutes({ path: 'rank', title: '排行', navIndex: 2, firstScreenData: calls });
    expect(check(firstScreen([{ path: 'https://evil.example/api/x' }])).problems).toEqual([routeManifestMessages.invalid('routes.3.firstScreenData.0.path 格式错误')]);
    expect(check(firstScreen([{ path: 'api/../admin' }])).problems).toHaveLength(1);
    expect(check(firstScreen(Array.from({ length: 5 }, () => ({ path: 'api/x' })))).problems).toHaveLength(1);
    expect(check(firstScreen([{ path: 'api/x', query: { q: { nested: 1 } } }])).problems).toHaveLength(1);
    expect(check(firstScreen([{ path: 'api/x', method: 'DELETE' }])).problems).toHaveLength(1);
    // The rules the schema cannot say.
    expect(check(firstScreen([{ path: 'api/x', body: { a: 1 } }])).problems).toEqual([routeManifestMessages.firstScreenGetBody('#/rank', 'api/x')]);
    expect(check({ ...valid, widgets: [{ ...hot, firstScreenData: [{ path: 'api/Live_streaming/getRoomInfo', query: { room_id: ':id' } }] }] }).problems).toEqual([
      routeManifestMessages.firstScreenWidgetParam('hotMatches', 'api/Live_streaming/getRoomInfo'),
    ]);
  });

  it('accepts a widget loaded near the screen, and refuses one that also declares first-screen data', () => {
    const clips = { id: 'goalClips', slot: 'home', order: 35, loadNearScreen: true };
    expect(check({ ...valid, widgets: [...valid.widgets, clips] }).problems).toEqual([]);
    expect(check({ ...valid, widgets: [...valid.widgets, { ...clips, firstScreenData: [{ path: 'api/Clip/list' }] }] }).problems).toEqual([
      routeManifestMessages.nearScreenFirstScreenData('goalClips'),
    ]);
    expect(check({ ...valid, widgets: [...valid.widgets, { ...clips, loadNearScreen: 'yes' }] }).problems).toHaveLength(1);
  });

  it("refuses another remote's manifest", () => {
    expect(check({ ...valid, remote: 'mf_live' }).problems).toEqual([routeManifestMessages.otherRemote('mf_live', 'mf_scores')]);
  });

  it('refuses a path declared twice, in any case (the router matches without case), and a widget declared twice', () => {
    expect(check(withRoutes({ path: 'football', title: '足球2', navIndex: 1 })).problems).toEqual([routeManifestMessages.duplicatePath('football')]);
    expect(check(withRoutes({ path: 'Football', title: '足球2', navIndex: 1 })).problems).toEqual([routeManifestMessages.duplicatePath('Football')]);
    expect(check({ ...valid, widgets: [...valid.widgets, { id: 'hotMatches', slot: 'home', order: 11 }] }).problems).toEqual([routeManifestMessages.duplicateWidget('hotMatches')]);
  });

  it('refuses a title that is blank once trimmed', () => {
    expect(check(withRoutes({ path: 'rank', title: ' \u3000 ', navIndex: 2 })).problems).toEqual([routeManifestMessages.blankTitle('rank')]);
  });

  it("refuses each of the host's own paths, in any case", () => {
    for (const path of ['main', 'login', 'dome', 'demo', 'new_file', 'ops', '404', 'Main']) {
      expect(check(withRoutes({ path, title: '抢占', navIndex: 0 })).problems, path).toEqual([routeManifestMessages.hostPath(path)]);
    }
  });

  it('lists every problem at once', () => {
    const manifest = { ...withRoutes({ path: 'login', title: ' ', navIndex: 0 }, { path: 'football', title: '再来', navIndex: 1 }), remote: 'mf_live' };
    expect(check(manifest).problems).toEqual([
      routeManifestMessages.otherRemote('mf_live', 'mf_scores'),
      routeManifestMessages.blankTitle('login'),
      routeManifestMessages.hostPath('login'),
      routeManifestMessages.duplicatePath('football'),
    ]);
  });
});

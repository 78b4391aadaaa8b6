import { describe, expect, it } from 'vitest';
import { testAssignment } from '../routes/testing/siteRoutesFixture';
import { chunkSlugOf, firstScreenScripts } from './firstScreenScripts';

const base = (remote: string) => new URL(`/web/releases/${remote}/1.0.0-stable0001/`, document.baseURI).href;
const manifestUrl = (remote: string) => `${base(remote)}mf-manifest.json`;
const exposes = [
  { name: 'routes', assets: { js: { sync: ['__federation_expose_routes.1.js'] } } },
  { name: 'widgets', assets: { js: { sync: ['__federation_expose_widgets.2.js'] } } },
];

describe('the scripts a route shows first, fetched early by main.js', () => {
  it("a room: the remote's ./routes and its page's chunks, the shared one once", () => {
    const live = testAssignment('mf_live', { routes: [{ path: 'live', title: '直播间', navIndex: 2 }, { path: 'rank', title: '排行榜', navIndex: 2 }] });
    const release = {
      manifest: { metaData: { publicPath: 'auto' }, exposes },
      scripts: { 'route-live': ['162.a.js', 'route-live.b.js'], 'route-score-live': ['162.a.js', 'route-live.b.js', 'route-score-live.c.js'], 'route-rank': ['route-rank.d.js'] },
    };
    expect(firstScreenScripts(live, release, manifestUrl('mf-live'), '#/live?id=1')).toEqual(['__federation_expose_routes.1.js', '162.a.js', 'route-live.b.js'].map((file) => base('mf-live') + file));
  });

  it('a page several routes share (route-<path>.<path>), and a path with a slash', () => {
    const scores = testAssignment('mf_scores', { routes: [{ path: 'football', title: '足球', navIndex: 1 }, { path: 'basketball', title: '篮球', navIndex: 1 }, { path: 'trophy/home', title: '世界杯', navIndex: null }] });
    const release = { manifest: { exposes }, scripts: { 'route-football.basketball.bifen': ['498.e.js', 'route-football.basketball.bifen.f.js'], 'route-trophy_home': ['route-trophy_home.g.js'] } };
    expect(firstScreenScripts(scores, release, manifestUrl('mf-scores'), '#/basketball').slice(1)).toEqual(['498.e.js', 'route-football.basketball.bifen.f.js'].map((file) => base('mf-scores') + file));
    expect(firstScreenScripts(scores, release, manifestUrl('mf-scores'), '#/trophy/home').slice(1)).toEqual([`${base('mf-scores')}route-trophy_home.g.js`]);
    expect(chunkSlugOf('trophy/home')).toBe('trophy_home');
  });

  it("the home page: the remote's ./widgets and each of its widgets' chunks", () => {
    const scores = testAssignment('mf_scores', { widgets: [{ id: 'hotMatches', slot: 'home', order: 10 }] });
    const release = { manifest: { exposes }, scripts: { 'widget-hotMatches': ['widget-hotMatches.h.js'], 'route-football.basketball.bifen': ['route-football.f.js'] } };
    expect(firstScreenScripts(scores, release, manifestUrl('mf-scores'), '#/main')).toEqual(['__federation_expose_widgets.2.js', 'widget-hotMatches.h.js'].map((file) => base('mf-scores') + file));
  });

  it('the home page: not the chunks of a widget that loads near the screen', () => {
    const live = testAssignment('mf_live', { widgets: [{ id: 'liveRecommend', slot: 'home', order: 20 }, { id: 'goalClips', slot: 'home', order: 35, loadNearScreen: true }] });
    const release = { manifest: { exposes }, scripts: { 'widget-liveRecommend': ['widget-liveRecommend.i.js'], 'widget-goalClips': ['widget-goalClips.j.js'] } };
    expect(firstScreenScripts(live, release, manifestUrl('mf-live'), '#/main')).toEqual(['__federation_expose_widgets.2.js', 'widget-liveRecommend.i.js'].map((file) => base('mf-live') + file));
  });

  it('a release that names no chunks (an older build): only the exposed module', () => {
    const live = testAssignment('mf_live', { routes: [{ path: 'live', title: '直播间', navIndex: 2 }] });
    expect(firstScreenScripts(live, { manifest: { exposes }, scripts: {} }, manifestUrl('mf-live'), '#/live')).toEqual([`${base('mf-live')}__federation_expose_routes.1.js`]);
    expect(firstScreenScripts(live, { manifest: {}, scripts: {} }, manifestUrl('mf-live'), '#/live')).toEqual([]);
  });
});

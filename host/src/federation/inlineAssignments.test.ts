import { afterEach, describe, expect, it } from 'vitest';
import { inlineJsonScript } from './testing/inlineJsonScript';
import { TEST_ASSIGNMENTS, testAssignment } from '../routes/testing/siteRoutesFixture';
import { ASSIGNMENTS_ELEMENT_ID, exposedModuleOfRoute, preloadRemote, preloadScripts, readInlineAssignments, remoteEntryUrlOf, remotesOfRoute, routePathOf } from './inlineAssignments';

const inline = (text: string) => inlineJsonScript(ASSIGNMENTS_ELEMENT_ID, text);

afterEach(() => {
  for (const element of Array.from(document.head.querySelectorAll(`#${ASSIGNMENTS_ELEMENT_ID}, link[rel="preload"]`))) element.remove();
});

describe('the assignments inlined in the page', () => {
  it('reads them, or null when the page has none or they do not parse', () => {
    expect(readInlineAssignments()).toBeNull();
    inline(JSON.stringify({ remotes: TEST_ASSIGNMENTS }));
    expect(readInlineAssignments()).toEqual(TEST_ASSIGNMENTS);
    document.getElementById(ASSIGNMENTS_ELEMENT_ID)!.textContent = '{"remotes":';
    expect(readInlineAssignments()).toBeNull();
  });

  it('names the remotes a route shows first: the home widgets, else the route owner', () => {
    const withWidgets = TEST_ASSIGNMENTS.filter((remote) => remote.widgets.length > 0).map((remote) => remote.name);
    expect(withWidgets.length).toBeGreaterThan(0);
    for (const hash of ['', '#/', '#/main', '#/main?x=1']) expect(remotesOfRoute(TEST_ASSIGNMENTS, hash).map((remote) => remote.name)).toEqual(withWidgets);
    expect(remotesOfRoute(TEST_ASSIGNMENTS, '#/football').map((remote) => remote.name)).toEqual(['mf_scores']);
    expect(remotesOfRoute(TEST_ASSIGNMENTS, '#/anchor/123?tab=2').map((remote) => remote.name)).toEqual(['mf_live']);
    expect(remotesOfRoute(TEST_ASSIGNMENTS, '#/no-such-page')).toEqual([]);
    expect(routePathOf('#/score-detail/12/?x=1')).toBe('score-detail/12');
  });

  it("preloads a release's manifest (as the runtime fetches it) and remoteEntry.js, each once", () => {
    const remote = testAssignment('mf_scores', { manifestUrl: '/web/releases/mf-scores/1.0.0-canary1234/mf-manifest.json' });
    preloadRemote(remote);
    preloadRemote(remote);
    const links = Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]'));
    expect(links.map((link) => [link.getAttribute('href'), link.as, link.crossOrigin])).toEqual([
      ['/web/releases/mf-scores/1.0.0-canary1234/mf-manifest.json', 'fetch', 'anonymous'],
      ['/web/releases/mf-scores/1.0.0-canary1234/remoteEntry.js', 'script', null],
    ]);
    expect(remoteEntryUrlOf('https://cdn.example/r/mf-live/2/mf-manifest.json')).toBe('https://cdn.example/r/mf-live/2/remoteEntry.js');
  });

  it('a manifest the page carries is not preloaded: only remoteEntry.js and the scripts asked for, each once', () => {
    const remote = testAssignment('mf_live', { manifestUrl: '/web/releases/mf-live/1.0.0-stable0001/mf-manifest.json' });
    preloadRemote(remote, document, true);
    preloadScripts(['http://localhost:3000/web/releases/mf-live/1.0.0-stable0001/__federation_expose_routes.1.js']);
    preloadScripts(['http://localhost:3000/web/releases/mf-live/1.0.0-stable0001/__federation_expose_routes.1.js']);
    const links = Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]'));
    expect(links.map((link) => [link.getAttribute('href'), link.as, link.crossOrigin])).toEqual([
      ['/web/releases/mf-live/1.0.0-stable0001/remoteEntry.js', 'script', null],
      ['http://localhost:3000/web/releases/mf-live/1.0.0-stable0001/__federation_expose_routes.1.js', 'script', null],
    ]);
  });

  it('the home page shows the remotes’ widgets first, any other route its owner’s routes', () => {
    for (const hash of ['', '#/', '#/main', '#/main?x=1']) expect(exposedModuleOfRoute(hash)).toBe('widgets');
    for (const hash of ['#/football', '#/live?id=1', '#/no-such-page']) expect(exposedModuleOfRoute(hash)).toBe('routes');
  });
});

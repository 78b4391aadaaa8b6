import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inlineJsonScript } from './testing/inlineJsonScript';
import { TEST_ASSIGNMENTS, testAssignment } from '../routes/testing/siteRoutesFixture';
import { ASSIGNMENTS_ELEMENT_ID, exposedModuleOfRoute, preloadRemote, readInlineAssignments, remoteEntryUrlOf, remotesOfRoute, routePathOf, warmScripts } from './inlineAssignments';

const inline = (text: string) => inlineJsonScript(ASSIGNMENTS_ELEMENT_ID, text);

const removeInlined = () => {
  for (const element of Array.from(document.head.querySelectorAll(`#${ASSIGNMENTS_ELEMENT_ID}, link[rel="preload"]`))) element.remove();
};

// Before too: files share one document (isolate: false), and one that inlined assignments twice
// in a test (firstPaint.test.tsx) leaves the second behind for whichever file runs next.
beforeEach(removeInlined);
afterEach(() => {
  vi.unstubAllGlobals();
  removeInlined();
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

  it('finds the route as the router shows it, without regard to case (the control plane’s rule)', () => {
    expect(remotesOfRoute(TEST_ASSIGNMENTS, '#/Football').map((remote) => remote.name)).toEqual(['mf_scores']);
    expect(remotesOfRoute(TEST_ASSIGNMENTS, '#/ANCHOR/123').map((remote) => remote.name)).toEqual(['mf_live']);
    expect(remotesOfRoute(TEST_ASSIGNMENTS, '#/Main').map((remote) => remote.name)).toEqual(remotesOfRoute(TEST_ASSIGNMENTS, '#/main').map((remote) => remote.name));
    expect(exposedModuleOfRoute('#/MAIN')).toBe('widgets');
  });

  it("preloads a release's manifest (as the runtime fetches it) and warms remoteEntry.js, each once", async () => {
    const fetchScript = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response('')));
    vi.stubGlobal('fetch', fetchScript);
    const remote = testAssignment('mf_scores', { manifestUrl: '/web/releases/mf-scores/1.0.0-canary1234/mf-manifest.json' });
    preloadRemote(remote);
    preloadRemote(remote);
    // Not inside the task that asked (each warm-up is a task of its own).
    expect(fetchScript).not.toHaveBeenCalled();
    await nextTimerTask();
    const links = Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]'));
    expect(links.map((link) => [link.getAttribute('href'), link.as, link.crossOrigin])).toEqual([['/web/releases/mf-scores/1.0.0-canary1234/mf-manifest.json', 'fetch', 'anonymous']]);
    // As a classic script asks, so the runtime's <script> is answered from the HTTP cache.
    expect(fetchScript.mock.calls).toEqual([[new URL('/web/releases/mf-scores/1.0.0-canary1234/remoteEntry.js', document.baseURI).href, { mode: 'no-cors', credentials: 'include', priority: 'high' }]]);
    expect(remoteEntryUrlOf('https://cdn.example/r/mf-live/2/mf-manifest.json')).toBe('https://cdn.example/r/mf-live/2/remoteEntry.js');
  });

  it('warms each script once; a script on another origin is preloaded instead (connect-src is the site only); a failed warm-up is dropped', async () => {
    const fetchScript = vi.fn((_url: string, _init?: RequestInit) => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchScript);
    const remote = testAssignment('mf_live', { manifestUrl: '/web/releases/mf-live/1.0.0-stable0001/mf-manifest.json' });
    preloadRemote(remote, document, true);
    const exposed = new URL('/web/releases/mf-live/1.0.0-stable0001/__federation_expose_routes.1.js', document.baseURI).href;
    warmScripts([exposed, 'https://cdn.example/r/mf-live/2/9.js']);
    warmScripts([exposed, 'https://cdn.example/r/mf-live/2/9.js']);
    await nextTimerTask();
    expect(fetchScript.mock.calls.map(([url]) => url)).toEqual([new URL('/web/releases/mf-live/1.0.0-stable0001/remoteEntry.js', document.baseURI).href, exposed]);
    const links = Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]'));
    expect(links.map((link) => [link.getAttribute('href'), link.as, link.crossOrigin])).toEqual([['https://cdn.example/r/mf-live/2/9.js', 'script', null]]);
    await Promise.resolve();
  });

  it('the home page shows the remotes’ widgets first, any other route its owner’s routes', () => {
    for (const hash of ['', '#/', '#/main', '#/main?x=1']) expect(exposedModuleOfRoute(hash)).toBe('widgets');
    for (const hash of ['#/football', '#/live?id=1', '#/no-such-page']) expect(exposedModuleOfRoute(hash)).toBe('routes');
  });
});

function nextTimerTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

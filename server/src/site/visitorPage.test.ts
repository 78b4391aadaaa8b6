import fs from 'node:fs/promises';
import path from 'node:path';
import type { RemoteAssignment } from '@sports/shared/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HALT_POLICY } from '../rollouts/releaseHealth';
import type { RemoteRegistry, Visitor } from '../rollouts/remoteRegistry';
import { scratchReleases } from '../rollouts/testing/releaseFixtures';
import { VISITOR_COOKIE } from '../rollouts/visitorIdentity';
import { embeddedTarget } from '../testing/dbTargets';
import { useTestApp } from '../testing/testApp';
import { VISITOR_PAGE_CACHE_CONTROL } from './staticSite';
import { ASSIGNMENTS_ELEMENT_ID, MANIFESTS_ELEMENT_ID, scriptSafeJson, withVisitorAssignments } from './visitorPage';

const CANARY_VISITOR = 'canaryvisitor000000000001';

const assignment = (releaseId: string, channel: RemoteAssignment['channel']): RemoteAssignment => ({
  name: 'mf_scores',
  version: releaseId,
  manifestUrl: `/web/releases/mf-scores/${releaseId}/mf-manifest.json`,
  channel,
  routes: [{ path: 'football', title: '足球', navIndex: 1 }],
  widgets: [],
  ...(channel === 'stable' ? {} : { fallback: { version: '1.0.0-stable0001', manifestUrl: '/web/releases/mf-scores/1.0.0-stable0001/mf-manifest.json' } }),
});

/** The canary visitor (by guest cookie) gets mf-scores' candidate, everyone else its stable release. */
const seen: Visitor[] = [];
const registry: RemoteRegistry = {
  async assignmentsFor(visitor) {
    seen.push(visitor);
    return [visitor.key === `guest:${CANARY_VISITOR}` ? assignment('1.1.0-canary0001', 'candidate') : assignment('1.0.0-stable0001', 'stable')];
  },
};

/** The JSON the page carries, parsed as the host reads it. */
function inlined(html: string): { remotes: RemoteAssignment[] } {
  const match = html.match(new RegExp(`<script type="application/json" id="${ASSIGNMENTS_ELEMENT_ID}">(.*?)</script>`));
  if (!match?.[1]) throw new Error('the page carries no assignments');
  return JSON.parse(match[1]) as { remotes: RemoteAssignment[] };
}

describe('the host page carries the visitor’s assignments', () => {
  const releases = scratchReleases(DEFAULT_HALT_POLICY);
  const ctx = useTestApp(embeddedTarget(), { seed: false, app: { releases, remoteRegistry: registry } });

  it("inlines a new visitor's assignments and preloads their releases' manifests, never stored by shared caches", async () => {
    const response = await ctx.app.inject('/web/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(VISITOR_PAGE_CACHE_CONTROL);
    expect(response.headers.vary).toMatch(/Cookie/);
    // The guest id is given with the page, so the page's later API calls are the same visitor.
    const cookie = [response.headers['set-cookie']].flat().find((each) => each?.startsWith(`${VISITOR_COOKIE}=`));
    expect(cookie).toBeDefined();
    expect(inlined(response.body).remotes.map((remote) => [remote.version, remote.channel])).toEqual([['1.0.0-stable0001', 'stable']]);
    expect(response.body).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/web/releases/mf-scores/1.0.0-stable0001/mf-manifest.json">');
  });

  it("a canary visitor's page names and preloads the canary's entry, with its fallback", async () => {
    const response = await ctx.app.inject({ url: '/web/', cookies: { [VISITOR_COOKIE]: CANARY_VISITOR } });
    const [scores] = inlined(response.body).remotes;
    expect(scores).toMatchObject({ version: '1.1.0-canary0001', channel: 'candidate', fallback: { version: '1.0.0-stable0001' } });
    expect(response.body).toContain('href="/web/releases/mf-scores/1.1.0-canary0001/mf-manifest.json"');
    expect(response.body).not.toContain('href="/web/releases/mf-scores/1.0.0-stable0001/mf-manifest.json"');
    expect(seen.at(-1)?.key).toBe(`guest:${CANARY_VISITOR}`);
  });

  it('the mobile site /h5/ carries the same assignments: a canary visitor gets the canary there too', async () => {
    const cookies = { [VISITOR_COOKIE]: CANARY_VISITOR };
    const mobile = await ctx.app.inject({ url: '/h5/', cookies });
    expect(mobile.statusCode).toBe(200);
    expect(mobile.headers['cache-control']).toBe(VISITOR_PAGE_CACHE_CONTROL);
    expect(inlined(mobile.body).remotes).toEqual(inlined((await ctx.app.inject({ url: '/web/', cookies })).body).remotes);
    expect(inlined(mobile.body).remotes[0]).toMatchObject({ version: '1.1.0-canary0001', channel: 'candidate' });
    expect(inlined((await ctx.app.inject('/h5/')).body).remotes[0]).toMatchObject({ version: '1.0.0-stable0001', channel: 'stable' });
  });

  it("carries a served release's manifest inline instead of preloading it; a release it cannot read is preloaded", async () => {
    const canaryFolder = path.join(releases.releasesDir!, 'mf-scores', '1.1.0-canary0001');
    const manifest = { id: 'mf_scores', name: 'mf_scores', metaData: { publicPath: 'auto' }, exposes: [{ name: 'routes', assets: { js: { sync: ['__federation_expose_routes.1.js'], async: [] } } }] };
    await fs.mkdir(canaryFolder, { recursive: true });
    await fs.writeFile(path.join(canaryFolder, 'mf-manifest.json'), JSON.stringify(manifest));
    try {
      const page = (await ctx.app.inject({ url: '/h5/', cookies: { [VISITOR_COOKIE]: CANARY_VISITOR } })).body;
      const carried = page.match(new RegExp(`<script type="application/json" id="${MANIFESTS_ELEMENT_ID}">(.*?)</script>`))?.[1];
      expect(JSON.parse(carried ?? '{}')).toEqual({ '/web/releases/mf-scores/1.1.0-canary0001/mf-manifest.json': { manifest, scripts: {} } });
      expect(page).not.toContain('rel="preload" as="fetch"');
      // The stable release has no manifest on disk in this test: preloaded, as before.
      const stablePage = (await ctx.app.inject('/h5/')).body;
      expect(stablePage).not.toContain(`id="${MANIFESTS_ELEMENT_ID}"`);
      expect(stablePage).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/web/releases/mf-scores/1.0.0-stable0001/mf-manifest.json">');
    } finally {
      await fs.rm(canaryFolder, { recursive: true, force: true });
    }
  });

  it("answers the page's assignments as GET /api/mf/remotes answers the same visitor", async () => {
    const cookies = { [VISITOR_COOKIE]: CANARY_VISITOR };
    const page = inlined((await ctx.app.inject({ url: '/web/', cookies })).body);
    const api = (await ctx.app.inject({ url: '/api/mf/remotes', cookies })).json() as { data: { remotes: RemoteAssignment[] } };
    expect(page.remotes).toEqual(api.data.remotes);
  });
});

describe('withVisitorAssignments', () => {
  it('keeps the JSON inside its script element whatever the strings hold', () => {
    const hostile = { ...assignment('1.0.0-stable0001', 'stable'), routes: [{ path: '</script><script>alert(1)</script>', title: '<!--', navIndex: null }] };
    const html = withVisitorAssignments('<html><head><title>x</title></head><body></body></html>', [hostile]);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    expect(inlined(html).remotes[0]?.routes[0]?.path).toBe('</script><script>alert(1)</script>');
    expect(JSON.parse(scriptSafeJson('\u2028<>&'))).toBe('\u2028<>&');
  });

  it('goes in the head, or at the end of a page without </head>', () => {
    const remotes = [assignment('1.0.0-stable0001', 'stable')];
    const html = withVisitorAssignments('<html><head><title>x</title></head><body></body></html>', remotes);
    expect(html.indexOf(ASSIGNMENTS_ELEMENT_ID)).toBeLessThan(html.indexOf('</head>'));
    expect(withVisitorAssignments('<p>no head</p>', remotes)).toMatch(/^<p>no head<\/p><script type="application\/json"/);
  });
});

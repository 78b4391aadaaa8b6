import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { DEFAULT_HALT_POLICY } from '../rollouts/releaseHealth';
import { scratchReleases } from '../rollouts/testing/releaseFixtures';
import { describe, expect, it } from 'vitest';
import { embeddedTarget } from '../testing/dbTargets';
import { useTestApp } from '../testing/testApp';
import { IMMUTABLE, NO_CACHE } from '../infra/http/cachePolicy';
import { VISITOR_PAGE_CACHE_CONTROL } from './staticSite';

// Static serving does not depend on the database: the embedded target is enough.
const embedded = embeddedTarget();

describe('static site (built)', () => {
  const releases = scratchReleases(DEFAULT_HALT_POLICY);
  const ctx = useTestApp(embedded, { seed: false, app: { releases } });

  it('redirects / and /web to /web/', async () => {
    for (const url of ['/', '/web']) {
      const response = await ctx.app.inject(url);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/web/');
    }
  });

  it('serves the host index without caching (per visitor: no shared cache, visitorPage.test.ts)', async () => {
    const response = await ctx.app.inject('/web/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe(VISITOR_PAGE_CACHE_CONTROL);
    expect(response.body).toContain('<title>host</title>');
  });

  it('caches hashed host files as immutable and unhashed ones not', async () => {
    const hashed = await ctx.app.inject('/web/main.3f9a0c1e2b4d.js');
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe(IMMUTABLE);
    expect(hashed.headers['access-control-allow-origin']).toBeUndefined();
    const plain = await ctx.app.inject('/web/favicon.ico');
    expect(plain.headers['cache-control']).toBe(NO_CACHE);
  });

  it.each(['mf-live', 'mf-scores', 'mf-community', 'mf-member'])('serves %s releases with CORS, all immutable', async (folder) => {
    const release = path.join(releases.releasesDir as string, folder, '0.1.0-abcdef1234');
    await fs.mkdir(release, { recursive: true });
    await fs.writeFile(path.join(release, 'mf-manifest.json'), '{}');
    await fs.writeFile(path.join(release, 'remoteEntry.js'), 'var x;');
    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const response = await ctx.app.inject(`/web/releases/${folder}/0.1.0-abcdef1234/${file}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('compresses text files for clients that accept it', async () => {
    const release = path.join(releases.releasesDir as string, 'mf-live', '0.1.0-abcdef9999');
    await fs.mkdir(release, { recursive: true });
    await fs.writeFile(path.join(release, 'big.js'), 'console.log("a long line of javascript");\n'.repeat(200));
    const gzipped = await ctx.app.inject({ url: '/web/releases/mf-live/0.1.0-abcdef9999/big.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.length).toBeLessThan(1000);
    const plain = await ctx.app.inject('/web/releases/mf-live/0.1.0-abcdef9999/big.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it("sends a script's precompressed .br (the build's brotli 11) to a browser that takes br, the script itself otherwise", async () => {
    const release = path.join(releases.releasesDir as string, 'mf-live', '0.1.0-abcdef7777');
    await fs.mkdir(release, { recursive: true });
    const script = 'console.log("a long line of javascript");\n'.repeat(200);
    await fs.writeFile(path.join(release, 'chunk.abcdef1234.js'), script);
    const brotli = zlib.brotliCompressSync(script, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    await fs.writeFile(path.join(release, 'chunk.abcdef1234.js.br'), brotli);
    const url = '/web/releases/mf-live/0.1.0-abcdef7777/chunk.abcdef1234.js';
    const br = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.rawPayload.equals(brotli)).toBe(true);
    const gzipped = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    const plain = await ctx.app.inject(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);
  });

  it('does not serve the raw builds: only registered releases reach visitors', async () => {
    expect((await ctx.app.inject('/web/remotes/mf-live/mf-manifest.json')).statusCode).toBe(404);
  });

  it('answers missing files with the not-found envelope, and never leaves the site root', async () => {
    expect((await ctx.app.inject('/web/nope.js')).statusCode).toBe(404);
    expect((await ctx.app.inject('/web/releases/mf-live/nope.js')).statusCode).toBe(404);
    const traversal = await ctx.app.inject('/web/releases/mf-live/..%2f..%2f..%2fpackage.json');
    expect(traversal.statusCode).toBeGreaterThanOrEqual(400);
    expect(traversal.body).not.toContain('@sports/');
  });

  it('serves the mobile page at /h5 and /h5/', async () => {
    for (const url of ['/h5', '/h5/']) {
      const response = await ctx.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<title>体育直播 - 移动版</title>');
      expect(response.body).toContain('/api/hot_match/initial_list');
      expect(response.body).toContain('href="/web/#/main"');
    }
  });
});

describe.each([
  { serveSourceMaps: false, status: 404, title: 'production: source maps are kept for error reports, never served' },
  { serveSourceMaps: true, status: 200, title: 'development: source maps are served' },
])('static site, $title', ({ serveSourceMaps, status }) => {
  const releases = scratchReleases(DEFAULT_HALT_POLICY);
  const ctx = useTestApp(embedded, { seed: false, app: { releases, serveSourceMaps } });

  it(`answers ${status} for the host's and the releases' .map files`, async () => {
    await fs.writeFile(path.join(ctx.site.root, 'host', 'dist', 'main.3f9a0c1e2b4d.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
    const release = path.join(releases.releasesDir as string, 'mf-live', '0.1.0-abcdef5555');
    await fs.mkdir(release, { recursive: true });
    await fs.writeFile(path.join(release, 'remoteEntry.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
    for (const url of ['/web/main.3f9a0c1e2b4d.js.map', '/web/releases/mf-live/0.1.0-abcdef5555/remoteEntry.js.map', '/web/MAIN.3f9a0c1e2b4d.js.MAP']) {
      const response = await ctx.app.inject(url);
      if (url.includes('MAIN')) expect(response.statusCode).toBe(404);
      else expect(response.statusCode).toBe(status);
      if (status === 404) expect(response.body).not.toContain('secret.ts');
    }
    // The scripts themselves are served either way.
    expect((await ctx.app.inject('/web/main.3f9a0c1e2b4d.js')).statusCode).toBe(200);
  });
});

describe('static site with compression off (HTTP_COMPRESSION=0: a CDN or proxy in front compresses)', () => {
  const releases = scratchReleases(DEFAULT_HALT_POLICY);
  const ctx = useTestApp(embedded, { seed: false, app: { releases, compression: false } });

  it("sends the script itself, not the build's .br", async () => {
    const release = path.join(releases.releasesDir as string, 'mf-live', '0.1.0-abcdef6666');
    await fs.mkdir(release, { recursive: true });
    const script = 'console.log("a long line of javascript");\n'.repeat(200);
    await fs.writeFile(path.join(release, 'chunk.abcdef1234.js'), script);
    await fs.writeFile(path.join(release, 'chunk.abcdef1234.js.br'), zlib.brotliCompressSync(script));
    const response = await ctx.app.inject({ url: '/web/releases/mf-live/0.1.0-abcdef6666/chunk.abcdef1234.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.payload).toBe(script);
  });
});

describe('static site (not built)', () => {
  const ctx = useTestApp(embedded, { seed: false, withHost: false });

  it('answers /web/ with 503 and says how to build', async () => {
    const response = await ctx.app.inject('/web/');
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('npm start');
  });
});

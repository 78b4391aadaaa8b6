import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { DEFAULT_HALT_POLICY } from '../rollouts/releaseHealth';
import { scratchReleases } from '../rollouts/testing/releaseFixtures';
import { describe, expect, it } from 'vitest';
import { embeddedTarget } from '../testing/dbTargets';
import { useTestApp } from '../testing/testApp';
import { IMMUTABLE, NO_CACHE } from '../infra/http/cachePolicy';
import { theme } from '@sports/shared/server';
import { PNG_SIGNATURE } from './mobileShell/pngImage';
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

  it('redirects /h5 to /h5/ (the browser keeps the hash route: /h5#/live?id=3 lands on /h5/#/live?id=3)', async () => {
    const response = await ctx.app.inject('/h5');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/h5/');
  });

  it("serves /h5/ as the host's page, the mobile shell: same scripts, mobile viewport, manifest, per visitor", async () => {
    const host = await ctx.app.inject('/web/');
    const response = await ctx.app.inject('/h5/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe(VISITOR_PAGE_CACHE_CONTROL);
    expect(response.body).toContain('<title>体育直播 - 移动版</title>');
    expect(response.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">');
    expect(response.body).toContain('<link rel="manifest" href="/h5/manifest.webmanifest">');
    expect(response.body).toContain('<meta name="theme-color" content="#16181d">');
    expect(response.body).toContain('<link rel="apple-touch-icon" href="/h5/icons/apple-touch-icon.png">');
    // The desktop page stays as built.
    expect(host.body).not.toContain('manifest');
    expect(host.body).toContain('<title>host</title>');
  });

  it("preloads the scripts each shell starts with, named by the build's load graph (hostBootPreloads.ts)", async () => {
    const graphFile = path.join(ctx.site.root, 'host', 'dist', 'load-graph.json');
    const groups = { 'import:src/bootstrap.tsx': ['894.f55a9165a9.js'], 'provide:react': ['923.b176032498.js'], 'import:src/mobile/MobileLayout.tsx': ['mobile-layout.c5db45babb.js'] };
    await fs.writeFile(graphFile, JSON.stringify({ schemaVersion: 1, groups }));
    try {
      const preload = (file: string) => `<link rel="preload" as="script" fetchpriority="low" href="/web/${file}">`;
      for (const page of ['/web/', '/h5/']) {
        const body = (await ctx.app.inject(page)).body;
        for (const file of ['894.f55a9165a9.js', '923.b176032498.js']) expect(body).toContain(preload(file));
      }
      expect((await ctx.app.inject('/h5/')).body).toContain(preload('mobile-layout.c5db45babb.js'));
      expect((await ctx.app.inject('/web/')).body).not.toContain('mobile-layout');
    } finally {
      await fs.rm(graphFile, { force: true });
    }
    expect((await ctx.app.inject('/web/')).body).not.toContain('rel="preload" as="script"');
  });

  it('serves the web app manifest: installable, standalone, scoped to /h5/, the theme colour, 192 and 512 icons plain and maskable', async () => {
    const response = await ctx.app.inject('/h5/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe(NO_CACHE);
    const manifest = response.json();
    expect(manifest).toMatchObject({ name: '体育直播', start_url: '/h5/#/main', scope: '/h5/', display: 'standalone', theme_color: theme.colors.navBackground });
    expect(typeof manifest.short_name).toBe('string');
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    for (const size of [192, 512]) {
      for (const purpose of ['any', 'maskable']) expect(icons.some((icon) => icon.sizes === `${size}x${size}` && icon.purpose === purpose && icon.type === 'image/png')).toBe(true);
    }
    for (const icon of icons) {
      const png = await ctx.app.inject(icon.src);
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      // A PNG whose header says the size the manifest declares.
      expect(png.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(`${png.rawPayload.readUInt32BE(16)}x${png.rawPayload.readUInt32BE(20)}`).toBe(icon.sizes);
    }
    expect((await ctx.app.inject('/h5/icons/apple-touch-icon.png')).statusCode).toBe(200);
    for (const missing of ['/h5/icons/nope.png', '/h5/icons/..%2f..%2fpackage.json', '/h5/icons/icon-192.svg']) expect((await ctx.app.inject(missing)).statusCode).toBe(404);
  });

  it('serves the service worker at /h5/sw.js: scope /h5/, revalidated, caching the /h5/ page and every host script', async () => {
    const response = await ctx.app.inject('/h5/sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers['cache-control']).toBe(NO_CACHE);
    expect(response.headers['service-worker-allowed']).toBe('/h5/');
    const config = JSON.parse(/^const SHELL = (.*);$/m.exec(response.body)?.[1] ?? 'null') as { version: string; page: string; scripts: string[] };
    expect(config.page).toBe('/h5/');
    expect(config.scripts).toEqual(['/web/main.3f9a0c1e2b4d.js']);
    expect(config.version).toMatch(/^[0-9a-f]{16}$/);
    expect(response.body).toContain("self.addEventListener('fetch'");
    // The template's leading comment names the server's source files: visitors get the code only.
    expect(response.body).not.toMatch(/\/src\/[\w/]+\.ts/);
    // A new host build is a new version (a new worker, a new cache).
    await fs.writeFile(path.join(ctx.site.root, 'host', 'dist', 'chunk.0123456789.js'), 'chunk');
    const rebuilt = await ctx.app.inject('/h5/sw.js');
    const next = JSON.parse(/^const SHELL = (.*);$/m.exec(rebuilt.body)?.[1] ?? 'null') as { version: string; scripts: string[] };
    expect(next.scripts).toEqual(['/web/chunk.0123456789.js', '/web/main.3f9a0c1e2b4d.js']);
    expect(next.version).not.toBe(config.version);
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

  it('answers /h5/ with the same 503, and no service worker', async () => {
    const page = await ctx.app.inject('/h5/');
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('npm start');
    expect((await ctx.app.inject('/h5/sw.js')).statusCode).toBe(503);
  });
});

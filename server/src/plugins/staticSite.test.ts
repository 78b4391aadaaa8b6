import { describe, expect, it } from 'vitest';
import { embeddedTarget } from '../testing/dbTargets';
import { useTestApp } from '../testing/testApp';
import { IMMUTABLE, NO_CACHE } from './cachePolicy';

// Static serving does not depend on the database: the embedded target is enough.
const embedded = embeddedTarget();

describe('static site (built)', () => {
  const ctx = useTestApp(embedded, { seed: false });

  it('redirects / and /web to /web/', async () => {
    for (const url of ['/', '/web']) {
      const response = await ctx.app.inject(url);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/web/');
    }
  });

  it('serves the host index without caching', async () => {
    const response = await ctx.app.inject('/web/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe(NO_CACHE);
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

  it.each(['mf-live', 'mf-scores', 'mf-community', 'mf-member'])('serves %s with CORS and the right caching', async (folder) => {
    const manifest = await ctx.app.inject(`/web/remotes/${folder}/mf-manifest.json`);
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe(NO_CACHE);
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    const entry = await ctx.app.inject(`/web/remotes/${folder}/remoteEntry.js`);
    expect(entry.headers['cache-control']).toBe(NO_CACHE);
    expect(entry.headers['access-control-allow-origin']).toBe('*');
    const chunk = await ctx.app.inject(`/web/remotes/${folder}/123.a1b2c3d4.js`);
    expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    expect(chunk.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers missing files with the not-found envelope, and never leaves the site root', async () => {
    expect((await ctx.app.inject('/web/nope.js')).statusCode).toBe(404);
    expect((await ctx.app.inject('/web/remotes/mf-live/nope.js')).statusCode).toBe(404);
    const traversal = await ctx.app.inject('/web/remotes/mf-live/..%2f..%2fpackage.json');
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

describe('static site (not built)', () => {
  const ctx = useTestApp(embedded, { seed: false, withHost: false });

  it('answers /web/ with 503 and says how to build', async () => {
    const response = await ctx.app.inject('/web/');
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('npm start');
  });
});

import { describe, expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { type DevOverridePolicy, acceptDevOverride, devOverrideKey, encodeDevOverride, signDevOverride, widenPolicy, withDevOverride } from './devOverride';
import { devOverrideMessages } from './devOverrideRoutes';
import { makeReleaseBuild, ops, publishThroughApi, scratchReleases, TEST_OPS_TOKEN } from './testing/releaseFixtures';

const LOCAL = 'http://127.0.0.1:41234/mf-manifest.json';
const NOW = Date.UTC(2026, 11, 6, 10, 0, 0);
const key = devOverrideKey(TEST_OPS_TOKEN);
const outsideProduction: DevOverridePolicy = { allowUnsigned: true, key };
const production: DevOverridePolicy = { allowUnsigned: false, key };
const haltPolicy = { errorRate: 0.5, minSample: 1000, windowSeconds: 300 };

describe('dev override acceptance', () => {
  it('outside production, accepts an unsigned loopback dev server', () => {
    expect(acceptDevOverride(encodeDevOverride('mf_community', LOCAL), outsideProduction, NOW)).toEqual({ remote: 'mf_community', manifestUrl: LOCAL, origin: 'http://127.0.0.1:41234', expiresAt: null });
    expect(acceptDevOverride(encodeDevOverride('mf_live', 'http://localhost:3001/mf-manifest.json'), outsideProduction, NOW)?.origin).toBe('http://localhost:3001');
  });

  it('never accepts an unsigned address of another machine: a link cannot run a stranger’s script', () => {
    for (const url of ['https://evil.example/mf-manifest.json', 'http://10.0.0.5:3003/mf-manifest.json', 'http://127.0.0.1.evil.example/mf-manifest.json']) {
      expect(acceptDevOverride(encodeDevOverride('mf_community', url), outsideProduction, NOW)).toBeNull();
    }
  });

  it('in production, refuses an unsigned value, even a loopback one', () => {
    expect(acceptDevOverride(encodeDevOverride('mf_community', LOCAL), production, NOW)).toBeNull();
  });

  it('with the ops token’s signature, accepts any http(s) address in production until it expires', () => {
    const expiresAt = NOW + 60_000;
    const staging = 'https://dev.squad.example/mf-community/mf-manifest.json';
    const signed = signDevOverride(key, 'mf_community', staging, expiresAt);
    expect(acceptDevOverride(signed, production, NOW)).toEqual({ remote: 'mf_community', manifestUrl: staging, origin: 'https://dev.squad.example', expiresAt });
    expect(acceptDevOverride(signed, production, expiresAt)).toBeNull();
    expect(acceptDevOverride(signDevOverride(devOverrideKey('another-ops-token-0123'), 'mf_community', staging, expiresAt), production, NOW)).toBeNull();
    // The signature covers the payload: another address under the same signature is refused.
    const [, signature] = signed.split('.');
    const swapped = `${Buffer.from(JSON.stringify({ r: 'mf_community', u: 'https://evil.example/mf-manifest.json', e: Math.floor(expiresAt / 1000) })).toString('base64url')}.${signature}`;
    expect(acceptDevOverride(swapped, production, NOW)).toBeNull();
  });

  it.each([
    ['ftp', 'ftp://127.0.0.1/mf-manifest.json'],
    ['javascript', 'javascript:alert(1)//mf-manifest.json'],
    ['not the manifest', 'http://127.0.0.1:3003/remoteEntry.js'],
    ['a query', 'http://127.0.0.1:3003/mf-manifest.json?x=1'],
    ['credentials', 'http://user:pw@127.0.0.1:3003/mf-manifest.json'],
    ['too long', `http://127.0.0.1:3003/${'a'.repeat(300)}/mf-manifest.json`],
  ])('refuses an address with %s', (_what, url) => {
    expect(acceptDevOverride(encodeDevOverride('mf_community', url), outsideProduction, NOW)).toBeNull();
    expect(acceptDevOverride(signDevOverride(key, 'mf_community', url, NOW + 60_000), production, NOW)).toBeNull();
  });

  it('refuses an unknown remote, garbage and an over-long value', () => {
    expect(acceptDevOverride(Buffer.from(JSON.stringify({ r: 'mf_evil', u: LOCAL })).toString('base64url'), outsideProduction, NOW)).toBeNull();
    expect(acceptDevOverride('%%%', outsideProduction, NOW)).toBeNull();
    expect(acceptDevOverride('a.b.c', outsideProduction, NOW)).toBeNull();
    expect(acceptDevOverride('x'.repeat(601), outsideProduction, NOW)).toBeNull();
    expect(acceptDevOverride(Buffer.from('null').toString('base64url'), outsideProduction, NOW)).toBeNull();
  });

  it('puts the remote on the dev server, keeping its place, routes and the usual release as its fallback', () => {
    const usual = { name: 'mf_community' as const, version: '0.1.0-aaaaaaaaaa', manifestUrl: '/web/releases/mf-community/0.1.0-aaaaaaaaaa/mf-manifest.json', channel: 'stable' as const, routes: [{ path: 'news', title: '头条', navIndex: 3 }], widgets: [] };
    const live = { ...usual, name: 'mf_live' as const };
    const override = acceptDevOverride(encodeDevOverride('mf_community', LOCAL), outsideProduction, NOW);
    expect(withDevOverride([live, usual], override)).toEqual([
      live,
      { name: 'mf_community', version: 'dev', manifestUrl: LOCAL, channel: 'dev', routes: usual.routes, widgets: [], fallback: { version: usual.version, manifestUrl: usual.manifestUrl, routes: usual.routes, widgets: [] } },
    ]);
    expect(withDevOverride([live], override)).toEqual([live, { name: 'mf_community', version: 'dev', manifestUrl: LOCAL, channel: 'dev', routes: [], widgets: [] }]);
    expect(withDevOverride([live, usual], null)).toEqual([live, usual]);
  });

  it("adds the dev server to the page policy's scripts and connections only", () => {
    const policy = "default-src 'self'; script-src 'self'; connect-src 'self' https://im.example; img-src 'self'";
    expect(widenPolicy(policy, 'http://127.0.0.1:41234')).toBe(
      "default-src 'self'; script-src 'self' http://127.0.0.1:41234; connect-src 'self' https://im.example http://127.0.0.1:41234 ws://127.0.0.1:41234; img-src 'self'",
    );
  });
});

describeEachDatabase('dev overrides over HTTP', (target) => {
  const ctx = useTestApp(target, { app: { releases: { ...scratchReleases(haltPolicy), devOverrides: true } } });
  const unsigned = encodeDevOverride('mf_community', LOCAL);

  it('answers the remote from the dev server with the stable release as fallback, and keeps it in a cookie', async () => {
    const folder = await makeReleaseBuild('mf_community', '0.1.0', 'stable');
    const { releaseId } = await publishThroughApi(ctx.app, 'mf_community', folder, '0.1.0');
    await ops(ctx.app, 'POST', '/api/mf/rollouts/mf_community/canary', { releaseId, percent: 100, reason: 'first release' });
    expect((await ops(ctx.app, 'POST', '/api/mf/rollouts/mf_community/promote', { reason: 'first release' })).json().code).toBe(200);
    const first = await ctx.app.inject({ url: `/api/mf/remotes?dev=${unsigned}` });
    const community = first.json().data.remotes.find((remote: { name: string }) => remote.name === 'mf_community');
    expect(community).toMatchObject({ version: 'dev', channel: 'dev', manifestUrl: LOCAL, fallback: { version: releaseId } });
    const cookie = first.cookies.find((c) => c.name === 'mf_dev');
    expect(cookie).toMatchObject({ value: unsigned, httpOnly: true, path: '/' });

    const again = await ctx.app.inject({ url: '/api/mf/remotes', cookies: { mf_dev: unsigned } });
    expect(again.json().data.remotes.find((remote: { name: string }) => remote.name === 'mf_community')).toMatchObject({ channel: 'dev' });

    // The banner's exit: `dev=` empty clears the cookie, and the stable release is back.
    const exit = await ctx.app.inject({ url: '/api/mf/remotes?dev=', cookies: { mf_dev: unsigned } });
    expect(exit.cookies.find((c) => c.name === 'mf_dev')?.value).toBe('');
    expect(exit.json().data.remotes.find((remote: { name: string }) => remote.name === 'mf_community')).toMatchObject({ channel: 'stable', version: releaseId });
  });

  it('ignores a dev override of another machine: the ordinary answer', async () => {
    const response = await ctx.app.inject({ url: `/api/mf/remotes?dev=${encodeDevOverride('mf_community', 'https://evil.example/mf-manifest.json')}` });
    expect(response.json().data.remotes.every((remote: { channel: string }) => remote.channel !== 'dev')).toBe(true);
    expect(response.cookies.find((c) => c.name === 'mf_dev')).toBeUndefined();
  });

  it('signs a dev override for ops only, and refuses a bad address with a clear message', async () => {
    const denied = await ctx.app.inject({ method: 'POST', url: '/api/mf/dev-overrides', payload: { remote: 'mf_community', manifestUrl: LOCAL } });
    expect(denied.statusCode).toBe(403);
    const headers = { 'x-ops-token': TEST_OPS_TOKEN };
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/mf/dev-overrides', headers, payload: { remote: 'mf_community', manifestUrl: 'ftp://127.0.0.1/mf-manifest.json' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ msg: devOverrideMessages.badUrl, reason: 'VALIDATION' });
    const granted = await ctx.app.inject({ method: 'POST', url: '/api/mf/dev-overrides', headers, payload: { remote: 'mf_community', manifestUrl: 'https://dev.squad.example/mf-manifest.json', minutes: 30 } });
    expect(granted.statusCode).toBe(200);
    const { value, url } = granted.json().data as { value: string; url: string };
    expect(url).toBe(`/web/?mf_dev=${encodeURIComponent(value)}`);
    expect(acceptDevOverride(value, production, Date.now())).toMatchObject({ remote: 'mf_community', manifestUrl: 'https://dev.squad.example/mf-manifest.json' });
  });
});

describeEachDatabase('dev overrides in production', (target) => {
  const ctx = useTestApp(target, { app: { releases: { ...scratchReleases(haltPolicy), devOverrides: false } } });

  it('ignores an unsigned one and honours a signed one', async () => {
    const unsigned = await ctx.app.inject({ url: `/api/mf/remotes?dev=${encodeDevOverride('mf_community', LOCAL)}` });
    expect(unsigned.json().data.remotes).toEqual([]);
    const signed = signDevOverride(key, 'mf_community', LOCAL, Date.now() + 60_000);
    const honoured = await ctx.app.inject({ url: `/api/mf/remotes?dev=${encodeURIComponent(signed)}` });
    expect(honoured.json().data.remotes).toEqual([{ name: 'mf_community', version: 'dev', manifestUrl: LOCAL, channel: 'dev', routes: [], widgets: [] }]);
  });
});

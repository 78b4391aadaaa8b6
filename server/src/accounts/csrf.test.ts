import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsTestOptions, createManualClock, registerUser } from '../testing/accounts';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { installErrorHandlers } from '../infra/http/errorHandler';
import { installCsrfProtection } from './csrf';
import { errors } from '../infra/http/errorCatalogue';
import { installRouteTable } from '../infra/http/routeTable';

const refused = { code: 1, msg: errors.BAD_ORIGIN.message, data: null, reason: 'BAD_ORIGIN' };

describe('installCsrfProtection', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    installErrorHandlers(app);
    await app.register(fastifyCookie);
    installCsrfProtection(app);
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) app.route({ method, url: '/thing', handler: async () => ({ ok: true }) });
    app.get('/flagged', { config: { changesState: true } }, async () => ({ ok: true }));
    app.get('/counter', { config: { bookkeepingWrites: 'a view counter nobody can abuse cross-site' } }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', headers: Record<string, string>, cookie = true) =>
    app.inject({ method, url: '/thing', headers: { host: 'site.test', ...headers }, ...(cookie ? { cookies: { token: 'st_x' } } : {}) });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('%s with the cookie needs X-Requested-With: XMLHttpRequest', async (method) => {
    const bare = await call(method, {});
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toEqual(refused);
    expect(errors.BAD_ORIGIN.message).toBe('请求来源无效');
    expect((await call(method, { 'x-requested-with': 'fetch' })).statusCode).toBe(403);
    expect((await call(method, { 'x-requested-with': 'XMLHttpRequest' })).json()).toEqual({ ok: true });
  });

  it('checks the Origin against the Host when there is one', async () => {
    const xhr = { 'x-requested-with': 'XMLHttpRequest' };
    expect((await call('POST', { ...xhr, origin: 'https://site.test' })).json()).toEqual({ ok: true });
    expect((await call('POST', { ...xhr, origin: 'http://SITE.test' })).json()).toEqual({ ok: true });
    for (const origin of ['https://evil.test', 'https://site.test.evil.test', 'https://site.test:8443', 'null', 'garbage']) {
      expect((await call('POST', { ...xhr, origin })).json()).toEqual(refused);
    }
  });

  it('a GET that says changesState gets the same rule: LIVE_NEEDS_XHR without the header, BAD_ORIGIN from another site', async () => {
    const get = (url: string, headers: Record<string, string>, cookie = true) =>
      app.inject({ method: 'GET', url, headers: { host: 'site.test', ...headers }, ...(cookie ? { cookies: { token: 'st_x' } } : {}) });
    const needsXhr = { code: 1, msg: errors.LIVE_NEEDS_XHR.message, data: null, reason: 'LIVE_NEEDS_XHR' };
    expect((await get('/flagged', {})).json()).toEqual(needsXhr);
    expect((await get('/flagged', { 'x-requested-with': 'XMLHttpRequest' })).json()).toEqual({ ok: true });
    // A top-level navigation from another site: no Origin, but the browser says where it came from.
    expect((await get('/flagged', { 'sec-fetch-site': 'cross-site' })).json()).toEqual(refused);
    expect((await get('/flagged', { 'sec-fetch-site': 'cross-site', 'x-requested-with': 'XMLHttpRequest' })).json()).toEqual(refused);
    expect((await get('/flagged', { origin: 'https://evil.test', 'x-requested-with': 'XMLHttpRequest' })).json()).toEqual(refused);
    for (const site of ['same-origin', 'same-site', 'none']) expect((await get('/flagged', { 'sec-fetch-site': site, 'x-requested-with': 'XMLHttpRequest' })).json()).toEqual({ ok: true });
    // HEAD runs the GET's handler: its twin carries the flag.
    expect((await app.inject({ method: 'HEAD', url: '/flagged', headers: { host: 'site.test' }, cookies: { token: 'st_x' } })).statusCode).toBe(403);
    // Not flagged, or bookkeeping only: no check. No cookie, or the token header: exempt.
    expect((await get('/thing', { 'sec-fetch-site': 'cross-site' })).json()).toEqual({ ok: true });
    expect((await get('/counter', { 'sec-fetch-site': 'cross-site' })).json()).toEqual({ ok: true });
    expect((await get('/flagged', { 'sec-fetch-site': 'cross-site' }, false)).json()).toEqual({ ok: true });
    expect((await get('/flagged', { token: 'st_y', 'sec-fetch-site': 'cross-site' })).json()).toEqual({ ok: true });
  });

  it('a POST from another site is refused on Sec-Fetch-Site alone too', async () => {
    expect((await call('POST', { 'x-requested-with': 'XMLHttpRequest', 'sec-fetch-site': 'cross-site' })).json()).toEqual(refused);
  });

  it('a declaration that contradicts itself stops the route from registering', async () => {
    for (const [method, config] of [
      ['POST', { changesState: false }],
      ['GET', { changesState: true, bookkeepingWrites: 'both at once' }],
      ['GET', { bookkeepingWrites: '' }],
      ['GET', { beaconToken: true }],
    ] as const) {
      const other = Fastify({ logger: false });
      installRouteTable(other);
      expect(() => other.route({ method, url: '/x', config, handler: async () => null })).toThrow(/route declaration/);
      await other.close();
    }
  });

  it('leaves reads, cookieless requests and token-header clients alone', async () => {
    expect((await call('GET', { origin: 'https://evil.test' })).json()).toEqual({ ok: true });
    expect((await call('POST', { origin: 'https://evil.test' }, false)).json()).toEqual({ ok: true });
    // A custom header cannot come from a cross-site form, and authenticates instead of the cookie.
    expect((await call('POST', { token: 'st_y' })).json()).toEqual({ ok: true });
  });
});

describeEachDatabase('CSRF on the real app', (target) => {
  const ctx = useTestApp(target, accountsTestOptions(createManualClock()));

  it('a cross-site form post with the cookie changes nothing; the site client and header clients work', async () => {
    const user = await registerUser(ctx);
    const post = (headers: Record<string, string>, cookies?: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/member/updateInfo', payload: { user_nickname: 'hacked' }, headers, ...(cookies ? { cookies } : {}) });
    const forged = await post({ origin: 'https://evil.test' }, { token: user.token });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual(refused);
    expect((await post({ 'x-requested-with': 'XMLHttpRequest', origin: 'https://evil.test' }, { token: user.token })).statusCode).toBe(403);
    const name = async () => (await ctx.db.selectFrom('app_user').select('user_nickname').where('id', '=', user.id).executeTakeFirstOrThrow()).user_nickname;
    expect(await name()).not.toBe('hacked');

    const site = await post({ 'x-requested-with': 'XMLHttpRequest', origin: 'http://localhost:80', host: 'localhost:80' }, { token: user.token });
    expect(site.json()).toMatchObject({ code: 200 });
    expect((await post({ token: user.token })).json().code).toBe(200);
    // Sign-out too: a cross-site page cannot log the user out.
    const signOut = await ctx.app.inject({ method: 'POST', url: '/api/Member/SignOut', cookies: { token: user.token } });
    expect(signOut.statusCode).toBe(403);
  });
});

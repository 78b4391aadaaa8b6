import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsTestOptions, createManualClock, registerUser } from '../testing/accounts';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { installErrorHandlers } from '../infra/http/errorHandler';
import { installCsrfProtection } from './csrf';
import { errors } from '../infra/http/errorCatalogue';

const refused = { code: 1, msg: errors.BAD_ORIGIN.message, data: null, reason: 'BAD_ORIGIN' };

describe('installCsrfProtection', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    installErrorHandlers(app);
    await app.register(fastifyCookie);
    installCsrfProtection(app);
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) app.route({ method, url: '/thing', handler: async () => ({ ok: true }) });
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

import { expect, it } from 'vitest';
import { XHR, accountsTestOptions, createManualClock, registerUser, solveCaptcha, tokenCookie } from '../../testing/accounts';
import { describeEachDatabase, useTestApp } from '../../testing/testApp';
import { defaultHttpLimitsConfig } from './httpConfig';

// TRUST_PROXY (httpConfig.ts, passed to Fastify by app.ts): behind nginx or a CDN the client's
// address (every per-address limit: logins, codes, identity checks) and the scheme (the session
// cookie's Secure) come from X-Forwarded-*; without it a forged X-Forwarded-For changes nothing.

const FORGED = '203.0.113.77';

describeEachDatabase('TRUST_PROXY', (target) => {
  const clock = createManualClock(new Date());
  const accounts = accountsTestOptions(clock);
  const behindProxy = useTestApp(target, { ...accounts, app: { ...accounts.app, http: { ...defaultHttpLimitsConfig(), trustProxy: ['127.0.0.1', '::1'] } } });
  const direct = useTestApp(target, accounts);

  const login = async (ctx: typeof direct, mobile: string, password: string, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: { mobile, password, device_type: 'pc', captcha: await solveCaptcha(ctx.app) }, headers: { ...XHR, ...headers } });
  const failureAddresses = async (ctx: typeof direct, mobile: string) =>
    (await ctx.db.selectFrom('login_failure').select('ip').where('mobile', '=', mobile).execute()).map((row) => row.ip);

  it('set (the proxy 127.0.0.1 trusted): the client address comes from X-Forwarded-For, and the cookie is Secure when X-Forwarded-Proto is https', async () => {
    const user = await registerUser(behindProxy);
    expect((await login(behindProxy, user.mobile, 'wrong-pass-1', { 'x-forwarded-for': FORGED })).json().code).toBe(1);
    expect(await failureAddresses(behindProxy, user.mobile)).toEqual([FORGED]);
    // Two proxies in a row (a CDN, then nginx on 127.0.0.1): only the trusted hop's word is taken,
    // so the address is the one nginx saw, not what the client put first.
    expect((await login(behindProxy, user.mobile, 'wrong-pass-1', { 'x-forwarded-for': `10.9.9.9, ${FORGED}` })).json().code).toBe(1);
    expect(await failureAddresses(behindProxy, user.mobile)).toEqual([FORGED, FORGED]);

    const secure = tokenCookie(await login(behindProxy, user.mobile, user.password, { 'x-forwarded-for': FORGED, 'x-forwarded-proto': 'https' }));
    expect(secure).toMatchObject({ httpOnly: true, secure: true });
    const plain = tokenCookie(await login(behindProxy, user.mobile, user.password, { 'x-forwarded-for': FORGED }));
    expect(plain?.secure).toBeUndefined();
  });

  it('unset (the default): a forged X-Forwarded-For and X-Forwarded-Proto are ignored', async () => {
    const user = await registerUser(direct);
    expect((await login(direct, user.mobile, 'wrong-pass-1', { 'x-forwarded-for': FORGED })).json().code).toBe(1);
    expect(await failureAddresses(direct, user.mobile)).toEqual(['127.0.0.1']);
    const cookie = tokenCookie(await login(direct, user.mobile, user.password, { 'x-forwarded-for': FORGED, 'x-forwarded-proto': 'https' }));
    expect(cookie).toMatchObject({ httpOnly: true });
    expect(cookie?.secure).toBeUndefined();
  });
});

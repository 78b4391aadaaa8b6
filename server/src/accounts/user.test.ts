import { ResponseCode, sharedMessages } from '@sports/shared/server';
import { beforeAll, expect, it } from 'vitest';
import { hashToken, issueSession, revokeSession } from './sessions/sessions';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { errors } from '../infra/http/errorCatalogue';

describeEachDatabase('GET /api/user/info and requireLogin', (target) => {
  const ctx = useTestApp(target);
  let userId: number;

  beforeAll(async () => {
    const user = await ctx.db
      .insertInto('app_user')
      .values({ mobile: '86-13800138000', user_nickname: '球迷小王', avatar: '/avatars/1.png', exp: 120, balance: 5_000, is_anchor: 1, invite_code: 'ABCD1234' })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = user.id;
  });

  const info = (headers: Record<string, string>) => ctx.app.inject({ url: '/api/user/info', headers });

  it('answers 700 without a token', async () => {
    const response = await info({});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: ResponseCode.LoginRequired, msg: sharedMessages.loginRequired, data: null, reason: 'LOGIN_REQUIRED' });
  });

  it.each(['abc', 'st_short', `st_${'a'.repeat(42)}!`, `xx_${'a'.repeat(43)}`])('answers 50008 for malformed token %s', async (token) => {
    expect((await info({ token })).json()).toEqual({ code: ResponseCode.IllegalToken, msg: errors.TOKEN_ILLEGAL.message, data: null, reason: 'TOKEN_ILLEGAL' });
  });

  it('answers 50012 for a well-formed token we never issued', async () => {
    expect((await info({ token: `st_${'A'.repeat(43)}` })).json().code).toBe(ResponseCode.SessionReplaced);
  });

  it('answers 50012 for a revoked session', async () => {
    const { token } = await issueSession(ctx.db, userId, 3600);
    expect((await info({ token })).json().code).toBe(200);
    await revokeSession(ctx.db, token);
    expect((await info({ token })).json()).toEqual({ code: ResponseCode.SessionReplaced, msg: errors.SESSION_REPLACED.message, data: null, reason: 'SESSION_REPLACED' });
  });

  it('answers 50014 for an expired session', async () => {
    const { token } = await issueSession(ctx.db, userId, 3600);
    await ctx.db.updateTable('user_session').set({ expires_at: new Date(Date.now() - 1000) }).where('token_hash', '=', hashToken(token)).execute();
    expect((await info({ token })).json()).toEqual({ code: ResponseCode.SessionExpired, msg: errors.SESSION_EXPIRED.message, data: null, reason: 'SESSION_EXPIRED' });
  });

  it('answers the user for a valid token in the header or the cookie', async () => {
    const { token } = await issueSession(ctx.db, userId, 3600);
    const expected = { id: userId, user_nickname: '球迷小王', avatar: '/avatars/1.png', exp: 120, level: 2, balance: 5_000, is_anchor: 1, invite_code: 'ABCD1234' };
    expect((await info({ token })).json()).toEqual({ code: 200, msg: '', data: expected });
    const viaCookie = await ctx.app.inject({ url: '/api/User/Info', cookies: { token } });
    expect(viaCookie.json()).toEqual({ code: 200, msg: '', data: expected });
    expect((await ctx.app.inject({ url: '/api/Member/info', headers: { token } })).json()).toEqual({ code: 200, msg: '', data: expected });
  });

  it('prefers the token header over the cookie (the header is what the CSRF check exempts)', async () => {
    const { token } = await issueSession(ctx.db, userId, 3600);
    const withBoth = await ctx.app.inject({ url: '/api/user/info', headers: { token: `st_${'B'.repeat(43)}` }, cookies: { token } });
    expect(withBoth.json().code).toBe(ResponseCode.SessionReplaced);
  });

  it('stores only the hash of a token', async () => {
    const { token } = await issueSession(ctx.db, userId, 60);
    expect(token).toMatch(/^st_[A-Za-z0-9_-]{43}$/);
    const rows = await ctx.db.selectFrom('user_session').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash.equals(hashToken(token)))).toBe(true);
    expect(rows.some((row) => row.token_hash.toString('utf8').includes(token))).toBe(false);
  });
});

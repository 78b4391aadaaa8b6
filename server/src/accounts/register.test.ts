import { LoginResultSchema, ResponseCode } from '@sports/shared/server';
import { Value } from 'typebox/value';
import { expect, it } from 'vitest';
import { hashToken } from './sessions/sessions';
import {
  XHR,
  accountsTestOptions,
  createManualClock,
  freshIp,
  freshMobile,
  lastCode,
  registerUser,
  requestCode,
  solveCaptcha,
  tokenCookie,
} from '../testing/accounts';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { PRESET_AVATARS } from './avatars';
import { errors } from '../infra/http/errorCatalogue';

describeEachDatabase('POST /api/user/registered', (target) => {
  const clock = createManualClock();
  const ctx = useTestApp(target, accountsTestOptions(clock));
  const sendCode = async (mobile: string, type: 1 | 2 = 1) => {
    const response = await requestCode(ctx.app, mobile, type, freshIp());
    expect(response.json().code).toBe(200);
    return lastCode(ctx.dataDir, mobile, type);
  };
  const registerWith = async (payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/user/registered', payload: { device_type: 'pc', password: 'secret-pass-1', ...payload }, remoteAddress: freshIp() });
  const userCount = async () => (await ctx.db.selectFrom('app_user').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

  it('registers, logs in (LoginResult + HttpOnly cookie) and gives the defaults', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    const response = await registerWith({ mobile, code, captcha: await solveCaptcha(ctx.app) });
    const body = response.json();
    expect(body.code).toBe(200);
    expect(Value.Check(LoginResultSchema, body.data)).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual(['avatar', 'balance', 'exp', 'id', 'invite_code', 'is_anchor', 'level', 'token', 'user_nickname']);
    expect(body.data).toMatchObject({ user_nickname: `用户${mobile.slice(-4)}`, exp: 0, balance: 0, is_anchor: 0 });
    expect(body.data.invite_code).toMatch(/^[0-9A-Z]{8}$/);
    expect(PRESET_AVATARS.map((avatar) => avatar.url)).toContain(body.data.avatar);
    expect(body.data.token).toMatch(/^st_[A-Za-z0-9_-]{43}$/);

    const cookie = tokenCookie(response);
    expect(cookie).toMatchObject({ value: body.data.token, httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 86_400 });
    expect(cookie?.secure).toBeUndefined();
    expect(response.headers['set-cookie']).toMatch(/^token=st_[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);

    // The cookie alone opens the session; the password is stored as argon2id only.
    const info = await ctx.app.inject({ url: '/api/user/info', cookies: { token: body.data.token } });
    expect(info.json().data).toEqual(Object.fromEntries(Object.entries(body.data).filter(([key]) => key !== 'token')));
    const row = await ctx.db.selectFrom('app_user').selectAll().where('mobile', '=', mobile).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain('secret-pass-1');
    expect(row.invited_by).toBeNull();
  });

  it('answers a browser the session only as the HttpOnly cookie, not in the body page scripts read', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/registered',
      payload: { device_type: 'pc', password: 'secret-pass-1', mobile, code, captcha: await solveCaptcha(ctx.app) },
      headers: { 'x-requested-with': 'XMLHttpRequest', 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' },
      remoteAddress: freshIp(),
    });
    const body = response.json();
    expect(body.code).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(['avatar', 'balance', 'exp', 'id', 'invite_code', 'is_anchor', 'level', 'user_nickname']);
    expect(Value.Check(LoginResultSchema, body.data)).toBe(true);
    const cookie = tokenCookie(response);
    expect(cookie).toMatchObject({ httpOnly: true, value: expect.stringMatching(/^st_/) });
    expect(response.body).not.toContain(cookie?.value);
  });

  it('records who invited whom (invite code case-insensitive) and refuses an unknown code', async () => {
    const inviter = await registerUser(ctx);
    const invited = await registerUser(ctx, { invite: inviter.invite_code.toLowerCase() });
    const row = await ctx.db.selectFrom('app_user').select('invited_by').where('id', '=', invited.id).executeTakeFirstOrThrow();
    expect(row.invited_by).toBe(inviter.id);

    const mobile = freshMobile();
    const code = await sendCode(mobile);
    const before = await userCount();
    const response = await registerWith({ mobile, code, invite: 'NOPE0000', captcha: await solveCaptcha(ctx.app) });
    expect(response.json()).toEqual({ code: 1, msg: errors.INVITE_INVALID.message, data: null, reason: 'INVITE_INVALID' });
    expect(errors.INVITE_INVALID.message).toBe('邀请码无效');
    expect(await userCount()).toBe(before);
    // The code was not spent on the refused attempt.
    expect((await registerWith({ mobile, code, invite: '', captcha: await solveCaptcha(ctx.app) })).json().code).toBe(200);
  });

  it('needs a solved captcha: missing, garbage, forged and replayed solutions are refused', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    expect((await registerWith({ mobile, code })).json()).toEqual({ code: 1, msg: '缺少参数 captcha', data: null, reason: 'VALIDATION' });
    expect((await registerWith({ mobile, code, captcha: '' })).json()).toEqual({ code: 1, msg: 'captcha 不能为空', data: null, reason: 'VALIDATION' });
    expect((await registerWith({ mobile, code, captcha: 'not-base64-json' })).json()).toEqual({ code: 1, msg: errors.CAPTCHA_INVALID.message, data: null, reason: 'CAPTCHA_INVALID' });
    const solved = await solveCaptcha(ctx.app);
    const forge = (change: (payload: { challenge: { parameters: Record<string, unknown> }; solution: { derivedKey: string } }) => void) => {
      const payload = JSON.parse(Buffer.from(solved, 'base64').toString('utf8'));
      change(payload);
      return Buffer.from(JSON.stringify(payload)).toString('base64');
    };
    const wrongKey = forge((payload) => {
      const key = payload.solution.derivedKey;
      payload.solution.derivedKey = (key.startsWith('0') ? '1' : '0') + key.slice(1);
    });
    const cheaper = forge((payload) => {
      payload.challenge.parameters.keyPrefix = '00';
    });
    const longer = forge((payload) => {
      payload.challenge.parameters.expiresAt = Number(payload.challenge.parameters.expiresAt) + 86_400;
    });
    for (const forged of [wrongKey, cheaper, longer]) {
      expect((await registerWith({ mobile, code, captcha: forged })).json()).toEqual({ code: 1, msg: errors.CAPTCHA_INVALID.message, data: null, reason: 'CAPTCHA_INVALID' });
    }
    expect(await userCount()).toBeGreaterThan(0);

    const first = await registerWith({ mobile, code, captcha: solved });
    expect(first.json().code).toBe(200);
    const other = freshMobile();
    const otherCode = await sendCode(other);
    expect((await registerWith({ mobile: other, code: otherCode, captcha: solved })).json()).toEqual({ code: 1, msg: errors.CAPTCHA_REPLAYED.message, data: null, reason: 'CAPTCHA_REPLAYED' });
  });

  it('a code is single use, and a registered number cannot register again', async () => {
    const user = await registerUser(ctx);
    const code = await lastCode(ctx.dataDir, user.mobile, 1);
    const again = await registerWith({ mobile: user.mobile, code, captcha: await solveCaptcha(ctx.app) });
    expect(again.json()).toEqual({ code: 1, msg: errors.SMS_CODE_MISSING.message, data: null, reason: 'SMS_CODE_MISSING' });
  });

  it('a code expires after 10 minutes', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    clock.advance(10 * 60_000);
    expect((await registerWith({ mobile, code, captcha: await solveCaptcha(ctx.app) })).json()).toEqual({ code: 1, msg: errors.SMS_CODE_EXPIRED.message, data: null, reason: 'SMS_CODE_EXPIRED' });
    expect(errors.SMS_CODE_EXPIRED.message).toBe('验证码已过期，请重新获取');
  });

  it('5 wrong tries kill a code, even for the right code afterwards', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      messages.push((await registerWith({ mobile, code: wrong, captcha: await solveCaptcha(ctx.app) })).json().msg);
    }
    expect(messages).toEqual(['验证码错误，还可尝试 4 次', '验证码错误，还可尝试 3 次', '验证码错误，还可尝试 2 次', '验证码错误，还可尝试 1 次', '验证码错误次数过多，请重新获取']);
    expect((await registerWith({ mobile, code, captcha: await solveCaptcha(ctx.app) })).json()).toEqual({ code: 1, msg: errors.SMS_CODE_DEAD.message, data: null, reason: 'SMS_CODE_DEAD' });
    // A new code works again.
    clock.advance(61_000);
    const fresh = await sendCode(mobile);
    expect((await registerWith({ mobile, code: fresh, captcha: await solveCaptcha(ctx.app) })).json().code).toBe(200);
  });

  it('only the newest code counts, and codes are bound to their purpose', async () => {
    const mobile = freshMobile();
    const older = await sendCode(mobile);
    clock.advance(61_000);
    const newer = await sendCode(mobile);
    if (older !== newer) {
      expect((await registerWith({ mobile, code: older, captcha: await solveCaptcha(ctx.app) })).json().msg).toMatch(/^验证码错误/);
    }
    // A registration code does not reset a password.
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/user/forgotPassword', payload: { mobile, code: newer, password: 'another-pass' } });
    expect(reset.json()).toEqual({ code: 1, msg: errors.SMS_CODE_MISSING.message, data: null, reason: 'SMS_CODE_MISSING' });
    expect((await registerWith({ mobile, code: newer, captcha: await solveCaptcha(ctx.app) })).json().code).toBe(200);
  });

  it('two registrations racing for one number create one user', async () => {
    const mobile = freshMobile();
    const code = await sendCode(mobile);
    const [a, b] = await Promise.all([
      registerWith({ mobile, code, captcha: await solveCaptcha(ctx.app) }),
      registerWith({ mobile, code, captcha: await solveCaptcha(ctx.app) }),
    ]);
    expect([a?.json().code, b?.json().code].sort()).toEqual([1, 200]);
    expect(await ctx.db.selectFrom('app_user').select('id').where('mobile', '=', mobile).execute()).toHaveLength(1);
  });

  it.each([
    [{ code: '12345' }, 'code 格式错误', 'VALIDATION'],
    [{ code: '1234567' }, 'code 格式错误', 'VALIDATION'],
    [{ code: 123456 }, 'code 类型错误', 'VALIDATION'],
    [{ password: '12345' }, 'password 长度不能少于 6 个字符', 'VALIDATION'],
    [{ password: 'x'.repeat(33) }, 'password 长度不能超过 32 个字符', 'VALIDATION'],
    [{ password: undefined }, '缺少参数 password', 'VALIDATION'],
    [{ device_type: 'ios' }, 'device_type 取值无效', 'VALIDATION'],
    [{ invite: 'A'.repeat(11) }, 'invite 长度不能超过 10 个字符', 'VALIDATION'],
    [{ invite: "' OR 1=1" }, 'invite 格式错误', 'VALIDATION'],
    [{ invite: '<script>' }, 'invite 格式错误', 'VALIDATION'],
    [{ mobile: "86-1';DROP--" }, 'mobile 格式错误', 'VALIDATION'],
    [{ mobile: '999-13800000000' }, 'mobile 国家或地区代码不支持', 'MOBILE_COUNTRY_CODE'],
    [{ mobile: null }, 'mobile 类型错误', 'VALIDATION'],
    [{ is_anchor: 1 }, '不支持的参数 is_anchor', 'VALIDATION'],
  ])('refuses %j naming the field, storing nothing', async (override, msg, reason) => {
    const before = await userCount();
    const payload: Record<string, unknown> = { mobile: freshMobile(), code: '123456', captcha: 'x', ...override };
    const response = await registerWith(payload);
    expect(response.json()).toEqual({ code: 1, msg, data: null, reason });
    expect(tokenCookie(response)).toBeUndefined();
    expect(await userCount()).toBe(before);
  });

  it('the new session is revocable and stored hashed', async () => {
    const user = await registerUser(ctx);
    const session = await ctx.db.selectFrom('user_session').selectAll().where('token_hash', '=', hashToken(user.token)).executeTakeFirstOrThrow();
    expect(session.user_id).toBe(user.id);
    expect(session.expires_at.getTime() - clock().getTime()).toBe(30 * 86_400_000);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/Member/SignOut', cookies: { token: user.token }, headers: XHR });
    expect(out.json()).toEqual({ code: 200, msg: '', data: null });
    expect((await ctx.app.inject({ url: '/api/user/info', headers: { token: user.token } })).json().code).toBe(ResponseCode.SessionReplaced);
  });
});

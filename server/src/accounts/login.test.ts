import { LOGIN_NEEDS_SMS_CODE_REASON, ResponseCode } from '@sports/shared/server';
import { expect, it } from 'vitest';
import { XHR, accountsTestOptions, createManualClock, freshIp, freshMobile, lastCode, registerUser, requestCode, solveCaptcha, tokenCookie } from '../testing/accounts';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { errors } from '../infra/http/errorCatalogue';

describeEachDatabase('login, sessions, sign out and password reset', (target) => {
  const clock = createManualClock();
  const ctx = useTestApp(target, accountsTestOptions(clock));
  const login = async (mobile: string, password: string, ip: string, captcha?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { mobile, password, device_type: 'pc', captcha: captcha ?? (await solveCaptcha(ctx.app)) },
      remoteAddress: ip,
    });
  const msgOf = async (mobile: string, password: string, ip: string) => (await login(mobile, password, ip)).json().msg as string;
  const infoCode = async (token: string) => (await ctx.app.inject({ url: '/api/user/info', headers: { token } })).json().code as number;

  it('logs in (mobile trimmed) with the LoginResult and the cookie', async () => {
    const user = await registerUser(ctx);
    const response = await login(`  ${user.mobile} `, user.password, freshIp());
    const body = response.json();
    expect(body).toMatchObject({ code: 200, msg: '', data: { id: user.id, invite_code: user.invite_code, token: expect.stringMatching(/^st_/) } });
    expect(body.data.token).not.toBe(user.token);
    expect(tokenCookie(response)).toMatchObject({ value: body.data.token, httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 2_592_000 });
    expect(await infoCode(body.data.token)).toBe(200);
  });

  it.each([
    ['sec-fetch-site', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' }],
    ['origin', { origin: 'http://localhost:80' }],
  ])('answers a browser (%s) the session only as the HttpOnly cookie, never in the body', async (_name, headers) => {
    const user = await registerUser(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { mobile: user.mobile, password: user.password, device_type: 'pc', captcha: await solveCaptcha(ctx.app) },
      headers: { ...XHR, ...headers },
      remoteAddress: freshIp(),
    });
    const body = response.json();
    expect(body).toMatchObject({ code: 200, data: { id: user.id, invite_code: user.invite_code } });
    expect(body.data).not.toHaveProperty('token');
    const cookie = tokenCookie(response);
    expect(cookie).toMatchObject({ httpOnly: true, value: expect.stringMatching(/^st_/) });
    expect(response.body).not.toContain(cookie?.value);
    expect(await infoCode(cookie?.value ?? '')).toBe(200);
  });

  it('answers the same for an unknown number and a wrong password', async () => {
    const user = await registerUser(ctx);
    const wrong = await login(user.mobile, 'wrong-password', freshIp());
    const unknown = await login(freshMobile(), user.password, freshIp());
    expect(wrong.json()).toEqual({ code: 1, msg: errors.LOGIN_WRONG_CREDENTIALS.message, data: null, reason: 'LOGIN_WRONG_CREDENTIALS' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(errors.LOGIN_WRONG_CREDENTIALS.message).toBe('手机号或密码错误');
    expect(tokenCookie(wrong)).toBeUndefined();
  });

  it('needs a captcha, once', async () => {
    const user = await registerUser(ctx);
    const ip = freshIp();
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: { mobile: user.mobile, password: user.password, device_type: 'pc' }, remoteAddress: ip });
    expect(missing.json()).toEqual({ code: 1, msg: '缺少参数 captcha', data: null, reason: 'VALIDATION' });
    expect((await login(user.mobile, user.password, ip, 'garbage')).json()).toEqual({ code: 1, msg: errors.CAPTCHA_INVALID.message, data: null, reason: 'CAPTCHA_INVALID' });
    const captcha = await solveCaptcha(ctx.app);
    expect((await login(user.mobile, user.password, ip, captcha)).json().code).toBe(200);
    expect((await login(user.mobile, user.password, ip, captcha)).json()).toEqual({ code: 1, msg: errors.CAPTCHA_REPLAYED.message, data: null, reason: 'CAPTCHA_REPLAYED' });
  });

  it('slows one address down on a number after 3 failures without checking the password, and forgets after a success', async () => {
    const user = await registerUser(ctx);
    const attacker = freshIp();
    for (let failure = 0; failure < 3; failure += 1) expect(await msgOf(user.mobile, 'wrong-password', attacker)).toBe(errors.LOGIN_WRONG_CREDENTIALS.message);
    // Even the right password is not checked while throttled.
    expect(await msgOf(user.mobile, user.password, attacker)).toBe('登录失败次数过多，请 2 秒后再试');
    clock.advance(1_000);
    expect(await msgOf(user.mobile, user.password, attacker)).toBe(errors.LOGIN_THROTTLED.message('1 秒'));
    clock.advance(1_000);
    expect(await msgOf(user.mobile, 'wrong-password', attacker)).toBe(errors.LOGIN_WRONG_CREDENTIALS.message);
    expect(await msgOf(user.mobile, user.password, attacker)).toBe('登录失败次数过多，请 4 秒后再试');
    clock.advance(4_000);
    expect((await login(user.mobile, user.password, attacker)).json().code).toBe(200);
    // The success cleared the count: the next failure is not throttled.
    expect(await msgOf(user.mobile, 'wrong-password', attacker)).toBe(errors.LOGIN_WRONG_CREDENTIALS.message);
    expect(await msgOf(user.mobile, 'wrong-password', attacker)).toBe(errors.LOGIN_WRONG_CREDENTIALS.message);
  });

  it("an address's failures do not slow the owner down at another address", async () => {
    const user = await registerUser(ctx);
    const attacker = freshIp();
    for (let failure = 0; failure < 4; failure += 1) await msgOf(user.mobile, 'wrong-password', attacker);
    expect(await msgOf(user.mobile, user.password, attacker)).toMatch(/^登录失败次数过多，请 \d+ 秒后再试$/);
    expect((await login(user.mobile, user.password, freshIp())).json().code).toBe(200);
  });

  it('locks an address out of a number for 15 minutes after 10 failures in 15 minutes', async () => {
    const user = await registerUser(ctx);
    const attacker = freshIp();
    const waits = [0, 0, 0, 2, 4, 8, 16, 32, 60, 60];
    for (const wait of waits) {
      clock.advance(wait * 1000);
      expect(await msgOf(user.mobile, 'wrong-password', attacker)).toBe(errors.LOGIN_WRONG_CREDENTIALS.message);
    }
    const locked = '登录失败次数过多，已锁定 15 分钟，请 15 分钟后再试';
    expect(await msgOf(user.mobile, user.password, attacker)).toBe(locked);
    clock.advance(14 * 60_000);
    expect(await msgOf(user.mobile, user.password, attacker)).toBe(errors.LOGIN_LOCKED.message('1 分钟', 15));
    clock.advance(60_000);
    expect((await login(user.mobile, user.password, attacker)).json().code).toBe(200);
  });

  it('ten failures from ten addresses lock nobody out: the owner gets in with a type-2 SMS code', async () => {
    const user = await registerUser(ctx);
    for (let failure = 0; failure < 10; failure += 1) expect(await msgOf(user.mobile, 'wrong-password', freshIp())).toBe(errors.LOGIN_WRONG_CREDENTIALS.message);
    const owner = freshIp();
    // The number is guarded now: the password alone is not checked, from any address.
    expect(await msgOf(user.mobile, user.password, owner)).toBe(errors.LOGIN_NEEDS_SMS_CODE.message);
    expect(errors.LOGIN_NEEDS_SMS_CODE.message).toBe('该手机号登录失败次数过多，请获取短信验证码后登录');
    // The key the login modal branches on (shared contract), not the text.
    expect(errors.LOGIN_NEEDS_SMS_CODE.reason).toBe(LOGIN_NEEDS_SMS_CODE_REASON);
    expect((await requestCode(ctx.app, user.mobile, 2, owner)).json().code).toBe(200);
    const code = await lastCode(ctx.dataDir, user.mobile, 2);
    const withCode = async (smsCode: string, password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { mobile: user.mobile, password, code: smsCode, device_type: 'pc', captcha: await solveCaptcha(ctx.app) },
        remoteAddress: owner,
      });
    // A wrong code is a counted try, like everywhere else.
    expect((await withCode(code === '000000' ? '111111' : '000000', user.password)).json()).toEqual({ code: 1, msg: errors.SMS_CODE_WRONG.message(4), data: null, reason: 'SMS_CODE_WRONG' });
    const answer = await withCode(code, user.password);
    expect(answer.json()).toMatchObject({ code: 200, data: { id: user.id } });
    // The code is spent, and the success cleared the number's failures.
    expect((await withCode(code, user.password)).json()).toEqual({ code: 1, msg: errors.SMS_CODE_MISSING.message, data: null, reason: 'SMS_CODE_MISSING' });
    expect((await login(user.mobile, user.password, freshIp())).json().code).toBe(200);
  });

  it('a password reset always works while the number is guarded, and clears the guard', async () => {
    const user = await registerUser(ctx);
    for (let failure = 0; failure < 10; failure += 1) await msgOf(user.mobile, 'wrong-password', freshIp());
    expect(await msgOf(user.mobile, user.password, freshIp())).toBe(errors.LOGIN_NEEDS_SMS_CODE.message);
    expect((await requestCode(ctx.app, user.mobile, 2, freshIp())).json().code).toBe(200);
    const code = await lastCode(ctx.dataDir, user.mobile, 2);
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/user/forgotPassword', payload: { mobile: user.mobile, code, password: 'after-reset-1' }, remoteAddress: freshIp() });
    expect(reset.json().code).toBe(200);
    expect((await login(user.mobile, 'after-reset-1', freshIp())).json().code).toBe(200);
  });

  it('slows down an IP trying many numbers', async () => {
    const ip = freshIp();
    for (let failure = 0; failure < 3; failure += 1) expect(await msgOf(freshMobile(), 'whatever-pass', ip)).toBe(errors.LOGIN_WRONG_CREDENTIALS.message);
    const user = await registerUser(ctx);
    expect(await msgOf(user.mobile, user.password, ip)).toBe('登录失败次数过多，请 2 秒后再试');
    expect((await login(user.mobile, user.password, freshIp())).json().code).toBe(200);
  });

  it('a burst of parallel guesses gets no more tries than the throttle allows', async () => {
    const user = await registerUser(ctx);
    const captchas = await Promise.all(Array.from({ length: 10 }, () => solveCaptcha(ctx.app)));
    const attacker = freshIp();
    const answers = await Promise.all(captchas.map((captcha) => login(user.mobile, 'wrong-password', attacker, captcha)));
    expect(answers.every((answer) => answer.json().code === 1)).toBe(true);
    const failures = await ctx.db.selectFrom('login_failure').select('id').where('mobile', '=', user.mobile).execute();
    expect(failures.length).toBeGreaterThanOrEqual(1);
    expect(failures.length).toBeLessThanOrEqual(3);
  });

  it.each([
    [{ mobile: '86-1380000000000' }, 'mobile 格式错误', 'MOBILE_FORMAT'],
    [{ mobile: `${' '.repeat(20)}86-13800000000` }, 'mobile 长度不能超过 32 个字符', 'VALIDATION'],
    [{ mobile: '999-13800000000' }, 'mobile 国家或地区代码不支持', 'MOBILE_COUNTRY_CODE'],
    [{ password: "' OR '1'='1" }, errors.LOGIN_WRONG_CREDENTIALS.message, 'LOGIN_WRONG_CREDENTIALS'],
    [{ password: '12345' }, 'password 长度不能少于 6 个字符', 'VALIDATION'],
    [{ password: 123456 }, 'password 类型错误', 'VALIDATION'],
    [{ device_type: undefined }, '缺少参数 device_type', 'VALIDATION'],
    [{ captcha: 'x'.repeat(4097) }, 'captcha 长度不能超过 4096 个字符', 'VALIDATION'],
  ])('refuses %j naming the field', async (override, msg, reason) => {
    const payload = { mobile: '86-13800000000', password: 'secret-pass', device_type: 'pc', captcha: await solveCaptcha(ctx.app), ...override };
    const response = await ctx.app.inject({ method: 'POST', url: '/api/user/login', payload, remoteAddress: freshIp() });
    expect(response.json()).toEqual({ code: 1, msg, data: null, reason });
  });

  it('sign out revokes the session and clears the cookie; it is harmless without one', async () => {
    const user = await registerUser(ctx);
    const other = (await login(user.mobile, user.password, freshIp())).json().data.token as string;
    const out = await ctx.app.inject({ method: 'POST', url: '/api/Member/SignOut', cookies: { token: user.token }, headers: XHR });
    expect(out.json()).toEqual({ code: 200, msg: '', data: null });
    expect(tokenCookie(out)).toMatchObject({ value: '', path: '/', httpOnly: true });
    expect(out.headers['set-cookie']).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await infoCode(user.token)).toBe(ResponseCode.SessionReplaced);
    // Only that session: the other device stays signed in.
    expect(await infoCode(other)).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/Member/SignOut' })).json()).toEqual({ code: 200, msg: '', data: null });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/Member/SignOut', headers: { token: 'garbage' } })).json().code).toBe(200);
  });

  it('an expired session answers 50014', async () => {
    const user = await registerUser(ctx);
    clock.advance(30 * 86_400_000 - 1_000);
    expect(await infoCode(user.token)).toBe(200);
    clock.advance(1_000);
    expect(await infoCode(user.token)).toBe(ResponseCode.SessionExpired);
    expect((await ctx.app.inject({ url: '/api/Member/info', cookies: { token: user.token } })).json().code).toBe(ResponseCode.SessionExpired);
  });

  it('a password reset changes the password and revokes every session', async () => {
    const user = await registerUser(ctx);
    const second = (await login(user.mobile, user.password, freshIp())).json().data.token as string;
    await requestCode(ctx.app, user.mobile, 2, freshIp());
    const code = await lastCode(ctx.dataDir, user.mobile, 2);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/forgotPassword',
      payload: { mobile: user.mobile, code, password: 'brand-new-pass' },
      cookies: { token: user.token },
      headers: XHR,
    });
    expect(reset.json()).toEqual({ code: 200, msg: '', data: null });
    expect(tokenCookie(reset)?.value).toBe('');
    expect(await infoCode(user.token)).toBe(ResponseCode.SessionReplaced);
    expect(await infoCode(second)).toBe(ResponseCode.SessionReplaced);
    expect(await msgOf(user.mobile, user.password, freshIp())).toBe(errors.LOGIN_WRONG_CREDENTIALS.message);
    expect((await login(user.mobile, 'brand-new-pass', freshIp())).json().code).toBe(200);
    // The code is spent.
    const again = await ctx.app.inject({ method: 'POST', url: '/api/user/forgotPassword', payload: { mobile: user.mobile, code, password: 'third-pass-1' } });
    expect(again.json()).toEqual({ code: 1, msg: errors.SMS_CODE_MISSING.message, data: null, reason: 'SMS_CODE_MISSING' });
  });

  it('a reset for an unregistered number fails like a missing code; bad input is named', async () => {
    const reset = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/user/forgotPassword', payload });
    expect((await reset({ mobile: freshMobile(), code: '123456', password: 'whatever-1' })).json()).toEqual({ code: 1, msg: errors.SMS_CODE_MISSING.message, data: null, reason: 'SMS_CODE_MISSING' });
    expect((await reset({ mobile: freshMobile(), code: '12a456', password: 'whatever-1' })).json()).toEqual({ code: 1, msg: 'code 格式错误', data: null, reason: 'VALIDATION' });
    expect((await reset({ mobile: freshMobile(), password: 'whatever-1' })).json()).toEqual({ code: 1, msg: '缺少参数 code', data: null, reason: 'VALIDATION' });
    expect((await reset({ mobile: freshMobile(), code: '123456', password: '1' })).json()).toEqual({ code: 1, msg: 'password 长度不能少于 6 个字符', data: null, reason: 'VALIDATION' });
  });
});

import { expect, it } from 'vitest';
import { accountsTestOptions, createManualClock, freshIp, freshMobile, readOutbox, registerUser, solveCaptcha } from '../testing/accounts';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { errors } from '../infra/http/errorCatalogue';

describeEachDatabase('POST /api/user/getCode', (target) => {
  const clock = createManualClock();
  const ctx = useTestApp(target, accountsTestOptions(clock));
  const getCode = async (mobile: unknown, type: unknown, ip = '10.200.0.1', captcha?: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/user/getCode', payload: { mobile, type, captcha: captcha ?? (await solveCaptcha(ctx.app)) }, remoteAddress: ip });
  const sendLogCount = async () => (await ctx.db.selectFrom('sms_send_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

  it('sends a 6-digit code through the outbox (one JSON line) and stores only its hash', async () => {
    const mobile = freshMobile();
    const before = clock();
    const response = await getCode(mobile, 1, freshIp());
    expect(response.json()).toEqual({ code: 200, msg: '', data: { resendAfterSeconds: 60 } });
    const line = (await readOutbox(ctx.dataDir)).at(-1);
    expect(line).toEqual({ mobile, type: 1, code: expect.stringMatching(/^[0-9]{6}$/), at: before.toISOString() });
    const rows = await ctx.db.selectFrom('sms_code').selectAll().where('mobile', '=', mobile).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash.toString('hex')).not.toContain(Buffer.from(line?.code ?? '').toString('hex'));
    expect(JSON.stringify(rows)).not.toContain(`"${line?.code}"`);
    expect(rows[0]?.expires_at.getTime()).toBe(before.getTime() + 10 * 60_000);
  });

  it('refuses a resend for the same number and purpose within 60 s, saying when', async () => {
    const mobile = freshMobile();
    const ip = freshIp();
    expect((await getCode(mobile, 1, ip)).json().code).toBe(200);
    clock.advance(15_000);
    expect((await getCode(mobile, 1, ip)).json()).toEqual({ code: 1, msg: errors.SMS_RESEND_TOO_SOON.message('45 秒'), data: null, reason: 'SMS_RESEND_TOO_SOON' });
    expect(errors.SMS_RESEND_TOO_SOON.message('45 秒')).toBe('验证码发送过于频繁，请 45 秒后再试');
    clock.advance(44_000);
    expect((await getCode(mobile, 1, ip)).json().msg).toBe('验证码发送过于频繁，请 1 秒后再试');
    clock.advance(1_000);
    expect((await getCode(mobile, 1, ip)).json().code).toBe(200);
  });

  it('allows at most 5 codes an hour per number', async () => {
    const mobile = freshMobile();
    const ip = freshIp();
    for (let sent = 0; sent < 5; sent += 1) {
      expect((await getCode(mobile, 1, ip)).json().code).toBe(200);
      clock.advance(61_000);
    }
    // 5 sends at t, t+61 s … t+244 s; now t+305 s: the first leaves the hour at t+3600 s.
    expect((await getCode(mobile, 1, ip)).json()).toEqual({ code: 1, msg: '该手机号获取验证码次数过多，请 55 分钟后再试', data: null, reason: 'SMS_TOO_MANY_FOR_NUMBER' });
    clock.advance(3600_000 - 305_000 - 1_000);
    expect((await getCode(mobile, 1, ip)).json().msg).toBe('该手机号获取验证码次数过多，请 1 秒后再试');
    clock.advance(1_000);
    expect((await getCode(mobile, 1, ip)).json().code).toBe(200);
  });

  it('allows at most 10 codes a day per number', async () => {
    const mobile = freshMobile();
    const start = clock().getTime();
    for (let sent = 0; sent < 10; sent += 1) {
      // 5 in the first hour, 5 in the second: the hourly limit is not what stops the 11th.
      expect((await getCode(mobile, 1, freshIp())).json().code).toBe(200);
      clock.advance(sent === 4 ? 3_600_000 : 61_000);
    }
    clock.advance(3_600_000);
    const refused = (await getCode(mobile, 1, freshIp())).json();
    expect(refused.code).toBe(1);
    const elapsedHours = (clock().getTime() - start) / 3_600_000;
    expect(refused.msg).toBe(`该手机号获取验证码次数过多，请 ${Math.ceil(24 - elapsedHours)} 小时后再试`);
    clock.set(new Date(start + 24 * 3_600_000 + 1));
    expect((await getCode(mobile, 1, freshIp())).json().code).toBe(200);
  });

  it('allows at most 20 codes an hour per IP', async () => {
    const ip = freshIp();
    for (let sent = 0; sent < 20; sent += 1) expect((await getCode(freshMobile(), 1, ip)).json().code).toBe(200);
    const refused = (await getCode(freshMobile(), 1, ip)).json();
    expect(refused).toEqual({ code: 1, msg: errors.SMS_TOO_MANY_FOR_IP.message('1 小时'), data: null, reason: 'SMS_TOO_MANY_FOR_IP' });
    expect(refused.msg).toBe('当前网络获取验证码次数过多，请 1 小时后再试');
    expect((await getCode(freshMobile(), 1, freshIp())).json().code).toBe(200);
    clock.advance(3_600_000);
    expect((await getCode(freshMobile(), 1, ip)).json().code).toBe(200);
  });

  it('counts concurrent requests for one number: exactly one of 6 goes out', async () => {
    const mobile = freshMobile();
    const answers = await Promise.all(Array.from({ length: 6 }, () => getCode(mobile, 1, freshIp())));
    expect(answers.filter((answer) => answer.json().code === 200)).toHaveLength(1);
    expect((await readOutbox(ctx.dataDir)).filter((line) => line.mobile === mobile)).toHaveLength(1);
  });

  it('type 1 refuses a registered number with a clear message', async () => {
    const user = await registerUser(ctx);
    clock.advance(61_000);
    expect((await getCode(user.mobile, 1, freshIp())).json()).toEqual({ code: 1, msg: errors.MOBILE_ALREADY_REGISTERED.message, data: null, reason: 'MOBILE_ALREADY_REGISTERED' });
    expect(errors.MOBILE_ALREADY_REGISTERED.message).toBe('该手机号已注册，请直接登录');
  });

  it('type 2 answers an unregistered number like a send, but sends nothing', async () => {
    const user = await registerUser(ctx);
    const stranger = freshMobile();
    const forUser = await getCode(user.mobile, 2, freshIp());
    const forStranger = await getCode(stranger, 2, freshIp());
    expect(forStranger.json()).toEqual(forUser.json());
    expect(forStranger.statusCode).toBe(forUser.statusCode);
    const outbox = await readOutbox(ctx.dataDir);
    expect(outbox.filter((line) => line.mobile === user.mobile && line.type === 2)).toHaveLength(1);
    expect(outbox.filter((line) => line.mobile === stranger)).toHaveLength(0);
    // The limits apply the same way, so they do not tell the two apart either.
    expect((await getCode(stranger, 2, freshIp())).json().msg).toMatch(/^验证码发送过于频繁/);
  });

  it('needs a captcha, once: without one nothing is sent and nothing is counted', async () => {
    const mobile = freshMobile();
    const ip = freshIp();
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/user/getCode', payload: { mobile, type: 1 }, remoteAddress: ip });
    expect(missing.json()).toEqual({ code: 1, msg: '缺少参数 captcha', data: null, reason: 'VALIDATION' });
    expect((await getCode(mobile, 1, ip, 'garbage')).json()).toEqual({ code: 1, msg: errors.CAPTCHA_INVALID.message, data: null, reason: 'CAPTCHA_INVALID' });
    expect(await readOutbox(ctx.dataDir)).not.toContainEqual(expect.objectContaining({ mobile }));
    expect(await ctx.db.selectFrom('sms_send_log').select('id').where('mobile', '=', mobile).execute()).toEqual([]);
    const captcha = await solveCaptcha(ctx.app);
    expect((await getCode(mobile, 1, ip, captcha)).json().code).toBe(200);
    clock.advance(61_000);
    expect((await getCode(mobile, 1, ip, captcha)).json()).toEqual({ code: 1, msg: errors.CAPTCHA_REPLAYED.message, data: null, reason: 'CAPTCHA_REPLAYED' });
  });

  it.each([
    [{ mobile: '999-13800000000', type: 1 }, 'mobile 国家或地区代码不支持', 'MOBILE_COUNTRY_CODE'],
    [{ mobile: '86-123456789012', type: 1 }, 'mobile 格式错误', 'VALIDATION'],
    [{ mobile: '8613800000000', type: 1 }, 'mobile 格式错误', 'VALIDATION'],
    [{ mobile: '86-138 0000 000', type: 1 }, 'mobile 格式错误', 'VALIDATION'],
    [{ mobile: "86-1' OR 1=1--", type: 1 }, 'mobile 格式错误', 'VALIDATION'],
    [{ mobile: '86-<script>', type: 1 }, 'mobile 格式错误', 'VALIDATION'],
    [{ mobile: '86-13800000000', type: 3 }, 'type 取值无效', 'VALIDATION'],
    [{ mobile: '86-13800000000', type: '1' }, 'type 取值无效', 'VALIDATION'],
    [{ mobile: 8613800000000, type: 1 }, 'mobile 类型错误', 'VALIDATION'],
    [{ type: 1 }, '缺少参数 mobile', 'VALIDATION'],
    [{ mobile: '86-13800000000' }, '缺少参数 type', 'VALIDATION'],
    [{ mobile: '86-13800000000', type: 1, admin: true }, '不支持的参数 admin', 'VALIDATION'],
    [{ mobile: `86-${'1'.repeat(100)}`, type: 1 }, 'mobile 长度不能超过 16 个字符', 'VALIDATION'],
  ])('refuses %j naming the field, storing nothing', async (payload, msg, reason) => {
    const before = await sendLogCount();
    const response = await ctx.app.inject({ method: 'POST', url: '/api/user/getCode', payload: { captcha: await solveCaptcha(ctx.app), ...payload }, remoteAddress: freshIp() });
    expect(response.json()).toEqual({ code: 1, msg, data: null, reason });
    expect(await sendLogCount()).toBe(before);
  });
});

import { expect, it } from 'vitest';
import { passwordWork } from './sessions/passwords';
import { accountsTestOptions, createManualClock, freshIp, freshMobile, lastCode, registerUser, requestCode } from '../testing/accounts';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { errors } from '../infra/http/errorCatalogue';

describeEachDatabase('POST /api/user/forgotPassword: abuse', (target) => {
  const clock = createManualClock();
  const ctx = useTestApp(target, accountsTestOptions(clock));
  const getCode = (mobile: string, type: 1 | 2, ip = freshIp()) => requestCode(ctx.app, mobile, type, ip);
  const reset = (mobile: string, code: string, ip = freshIp(), password = 'brand-new-pass') =>
    ctx.app.inject({ method: 'POST', url: '/api/user/forgotPassword', payload: { mobile, code, password }, remoteAddress: ip });
  const wrongCode = (right: string) => (right === '000000' ? '111111' : '000000');

  it('a wrong or missing code costs no password hash: the code is checked first', async () => {
    const user = await registerUser(ctx);
    expect((await getCode(user.mobile, 2)).json().code).toBe(200);
    const code = await lastCode(ctx.dataDir, user.mobile, 2);
    // 40 refused resets: wrong codes for the user, missing codes for unknown numbers.
    const hashesBefore = passwordWork.hashes;
    const refused = await Promise.all(Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? reset(user.mobile, wrongCode(code)) : reset(freshMobile(), '123456'))));
    for (const answer of refused) expect(answer.json().code).toBe(1);
    expect(passwordWork.hashes - hashesBefore).toBe(0);
    // Another member's right code: the new password is hashed, once (the count sees the service's hashing).
    const other = await registerUser(ctx);
    expect((await getCode(other.mobile, 2)).json().code).toBe(200);
    const otherCode = await lastCode(ctx.dataDir, other.mobile, 2);
    const hashesBeforeReset = passwordWork.hashes;
    expect((await reset(other.mobile, otherCode)).json().code).toBe(200);
    expect(passwordWork.hashes - hashesBeforeReset).toBe(1);
  });

  it('limits failed resets per address, and the owner still resets from another one', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await reset(freshMobile(), '123456', ip)).json()).toEqual({ code: 1, msg: errors.SMS_CODE_MISSING.message, data: null, reason: 'SMS_CODE_MISSING' });
    }
    const limited = (await reset(freshMobile(), '123456', ip)).json();
    expect(limited).toEqual({ code: 1, msg: errors.RESET_PASSWORD_TOO_MANY_FAILURES.message('1 小时'), data: null, reason: 'RESET_PASSWORD_TOO_MANY_FAILURES' });
    expect(limited.msg).toBe('重置密码失败次数过多，请 1 小时后再试');

    const user = await registerUser(ctx);
    expect((await getCode(user.mobile, 2)).json().code).toBe(200);
    const code = await lastCode(ctx.dataDir, user.mobile, 2);
    // A right code from the limited address is refused too, without being spent.
    expect((await reset(user.mobile, code, ip)).json().msg).toBe(limited.msg);
    expect((await reset(user.mobile, code, freshIp())).json()).toEqual({ code: 200, msg: '', data: null });
    clock.advance(3_600_000);
    expect((await reset(freshMobile(), '123456', ip)).json().msg).toBe(errors.SMS_CODE_MISSING.message);
  });

  it('answers a registered and an unknown number alike after a type-2 code request', async () => {
    const user = await registerUser(ctx);
    const stranger = freshMobile();
    expect((await getCode(user.mobile, 2)).json()).toEqual((await getCode(stranger, 2)).json());
    const code = await lastCode(ctx.dataDir, user.mobile, 2);
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const forUser = (await reset(user.mobile, wrongCode(code))).json();
      const forStranger = (await reset(stranger, wrongCode(code))).json();
      expect(forStranger).toEqual(forUser);
    }
    expect((await reset(stranger, '123456')).json()).toEqual({ code: 1, msg: errors.SMS_CODE_DEAD.message, data: null, reason: 'SMS_CODE_DEAD' });
  });
});

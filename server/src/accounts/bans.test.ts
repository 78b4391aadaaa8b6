import { expect, it } from 'vitest';
import { errors } from '../infra/http/errorCatalogue';
import { accountsTestOptions, createManualClock, freshIp, registerUser, solveCaptcha } from '../testing/accounts';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { banUser, bannedUntil, unbanUser } from './bans';

describeEachDatabase('account bans (set by the moderation queue)', (target) => {
  const clock = createManualClock();
  const ctx = useTestApp(target, accountsTestOptions(clock));
  const login = async (mobile: string, password: string) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { mobile, password, device_type: 'pc', captcha: await solveCaptcha(ctx.app) },
        remoteAddress: freshIp(),
      })
    ).json();
  const infoCode = async (token: string) => (await ctx.app.inject({ url: '/api/user/info', headers: { token } })).json().code as number;

  it('a ban signs the member out everywhere and refuses login until it ends; unbanning lifts it at once', async () => {
    const user = await registerUser(ctx);
    expect(await infoCode(user.token)).toBe(200);
    const until = new Date(clock().getTime() + 2 * 3600_000);
    await banUser(ctx.db, user.id, until, clock());
    expect(await bannedUntil(ctx.db, user.id, clock())).toEqual(until);
    expect(await infoCode(user.token)).not.toBe(200);
    const refused = await login(user.mobile, user.password);
    expect(refused).toMatchObject({ code: 1, reason: errors.ACCOUNT_BANNED.reason, data: null });
    expect(refused.msg).toContain('账号已被封禁');
    // When the ban has run out, login works again.
    clock.advance(2 * 3600_000 + 1000);
    expect(await bannedUntil(ctx.db, user.id, clock())).toBeNull();
    const after = await login(user.mobile, user.password);
    expect(after.code).toBe(200);
    // Banned again and lifted by hand.
    await banUser(ctx.db, user.id, new Date(clock().getTime() + 3600_000), clock());
    expect(await infoCode(after.data.token)).not.toBe(200);
    await unbanUser(ctx.db, user.id);
    expect((await login(user.mobile, user.password)).code).toBe(200);
  });
});

import { expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../../testing/testApp';
import { purgeExpiredAccountRows } from './housekeeping';

describeEachDatabase('account housekeeping', (target) => {
  const ctx = useTestApp(target, { seed: false });

  it('deletes what no limit or replay check can need, keeps the rest', async () => {
    const now = new Date('2026-11-02T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const DAY = 86_400_000;
    const user = await ctx.db.insertInto('app_user').values({ mobile: '86-13800000000', user_nickname: 'u', avatar: '' }).returning('id').executeTakeFirstOrThrow();
    await ctx.db.insertInto('captcha_used').values([{ signature: 'old', expires_at: ago(1) }, { signature: 'live', expires_at: ago(-60_000) }]).execute();
    await ctx.db.insertInto('sms_send_log').values([
      { mobile: 'm', purpose: 1, ip: 'i', created_at: ago(DAY + 1) },
      { mobile: 'm', purpose: 1, ip: 'i', created_at: ago(DAY - 60_000) },
    ]).execute();
    await ctx.db.insertInto('login_failure').values([{ mobile: 'm', ip: 'i', created_at: ago(DAY + 1) }, { mobile: 'm', ip: 'i', created_at: ago(60_000) }]).execute();
    await ctx.db.insertInto('reset_failure').values([{ mobile: 'm', ip: 'i', created_at: ago(DAY + 1) }, { mobile: 'm', ip: 'i', created_at: ago(60_000) }]).execute();
    const code = { mobile: 'm', purpose: 1 as const, code_hash: Buffer.alloc(32), salt: Buffer.alloc(16), created_at: ago(2 * DAY) };
    await ctx.db.insertInto('sms_code').values([{ ...code, expires_at: ago(DAY + 1) }, { ...code, expires_at: ago(60_000) }]).execute();
    const upload = { user_id: user.id, created_at: ago(2 * DAY), expires_at: ago(DAY + 1) };
    await ctx.db.insertInto('upload').values([
      { ...upload, token_hash: Buffer.from('a') },
      { ...upload, token_hash: Buffer.from('b'), used_at: ago(2 * DAY), file_name: '0'.repeat(32) + '.png' },
    ]).execute();

    await purgeExpiredAccountRows(ctx.db, now);
    expect((await ctx.db.selectFrom('captcha_used').select('signature').execute()).map((row) => row.signature)).toEqual(['live']);
    expect(await ctx.db.selectFrom('sms_send_log').select('id').execute()).toHaveLength(1);
    expect(await ctx.db.selectFrom('login_failure').select('id').execute()).toHaveLength(1);
    expect(await ctx.db.selectFrom('reset_failure').select('id').execute()).toHaveLength(1);
    expect(await ctx.db.selectFrom('sms_code').select('id').execute()).toHaveLength(1);
    expect((await ctx.db.selectFrom('upload').select('file_name').execute()).map((row) => row.file_name)).toEqual(['0'.repeat(32) + '.png']);
  });
});

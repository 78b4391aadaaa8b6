import { ActivityListSchema, ActivityPageSchema } from '@sports/shared/server';
import { Value } from 'typebox/value';
import { expect, it } from 'vitest';
import { errors } from '../infra/http/errorCatalogue';
import { createUser } from '../live/testing/roomsTestKit';
import { DEFAULT_HALT_POLICY } from '../rollouts/releaseHealth';
import { TEST_OPS_TOKEN, scratchReleases } from '../rollouts/testing/releaseFixtures';
import { accountsTestOptions, createManualClock } from '../testing/accounts';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { isAcceptableLink } from './activities';

const OPS = { 'x-ops-token': TEST_OPS_TOKEN };
const HOUR = 3_600_000;

describeEachDatabase('activity banners', (target) => {
  const clock = createManualClock(new Date('2026-07-01T04:00:00Z'));
  const accounts = accountsTestOptions(clock);
  const ctx = useTestApp(target, { ...accounts, app: { ...accounts.app, releases: scratchReleases(DEFAULT_HALT_POLICY) } });

  const save = (payload: object, headers: Record<string, string> = OPS) =>
    ctx.app.inject({ method: 'POST', url: '/api/ops/activities', payload, headers }).then((response) => ({ status: response.statusCode, ...response.json() }));
  const active = async () => (await ctx.app.inject('/api/Activity_Config/getActivityUrl')).json();
  const at = (offsetMs: number) => new Date(clock().getTime() + offsetMs).toISOString();
  const banner = (overrides: object = {}) => ({
    title: '世界杯竞猜',
    image: 'https://cdn.example/banner.png',
    link: '/web/#/trophy/home',
    target: '_self',
    starts_at: at(-HOUR),
    ends_at: at(HOUR),
    ...overrides,
  });
  const refusal = (entry: { reason: string; message: unknown }) => ({ code: 1, msg: entry.message, data: null, reason: entry.reason });

  it('shows only the banners whose window holds now; ops create, update and delete them', async () => {
    const now = await save(banner());
    expect(now).toMatchObject({ code: 200, data: { title: '世界杯竞猜', target: '_self', image: 'https://cdn.example/banner.png' } });
    const later = await save(banner({ title: '下周活动', starts_at: at(2 * HOUR), ends_at: at(3 * HOUR), target: '_blank', link: 'https://partner.example/x?y=1' }));
    const past = await save(banner({ title: '已结束', starts_at: at(-3 * HOUR), ends_at: at(-2 * HOUR), image: `/uploads/${'a'.repeat(32)}.png` }));
    expect(past.code).toBe(200);

    let shown = await active();
    expect(shown.code).toBe(200);
    expect(Value.Check(ActivityListSchema, shown.data)).toBe(true);
    expect(shown.data.map((item: { id: number }) => item.id)).toEqual([now.data.id]);

    // The end is exclusive, the start inclusive.
    clock.advance(2 * HOUR);
    shown = await active();
    expect(shown.data.map((item: { id: number }) => item.id)).toEqual([later.data.id]);
    expect(shown.data[0]).toMatchObject({ target: '_blank', link: 'https://partner.example/x?y=1' });
    clock.advance(-2 * HOUR);

    // Update: id names the banner.
    const updated = await save({ ...banner({ title: '  改名了  ' }), id: now.data.id });
    expect(updated.data).toMatchObject({ id: now.data.id, title: '改名了' });
    expect(await save({ ...banner(), id: 999_999_999 })).toMatchObject(refusal(errors.ACTIVITY_NOT_FOUND));

    const all = (await ctx.app.inject({ url: '/api/ops/activities?page=1&page_size=50', headers: OPS })).json();
    expect(Value.Check(ActivityPageSchema, all.data)).toBe(true);
    expect(all.data.total).toBe(3);

    const deleted = await ctx.app.inject({ method: 'POST', url: `/api/ops/activities/${now.data.id}/delete`, headers: OPS });
    expect(deleted.json()).toEqual({ code: 200, msg: '', data: null });
    expect((await active()).data).toEqual([]);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/ops/activities/${now.data.id}/delete`, headers: OPS })).json()).toMatchObject(refusal(errors.ACTIVITY_NOT_FOUND));
  });

  it.each([
    [{ image: 'http://cdn.example/a.png' }, 'image 格式错误', 'VALIDATION'],
    [{ image: 'javascript:alert(1)' }, 'image 格式错误', 'VALIDATION'],
    [{ image: '/uploads/abc.png' }, errors.ACTIVITY_IMAGE_INVALID.message, 'ACTIVITY_IMAGE_INVALID'],
    [{ image: 'https://cdn.example/api/Live/startRoom' }, errors.ACTIVITY_IMAGE_INVALID.message, 'ACTIVITY_IMAGE_INVALID'],
    [{ image: 'https://user:pw@cdn.example/a.png' }, errors.ACTIVITY_IMAGE_INVALID.message, 'ACTIVITY_IMAGE_INVALID'],
    [{ link: 'javascript:alert(1)' }, 'link 格式错误', 'VALIDATION'],
    [{ link: '//evil.example/x' }, 'link 格式错误', 'VALIDATION'],
    [{ link: 'http://partner.example' }, 'link 格式错误', 'VALIDATION'],
    [{ link: '/web/../api/Member/SignOut' }, errors.ACTIVITY_LINK_INVALID.message, 'ACTIVITY_LINK_INVALID'],
    [{ link: '/web//evil.example' }, errors.ACTIVITY_LINK_INVALID.message, 'ACTIVITY_LINK_INVALID'],
    [{ link: 'https://a:b@partner.example' }, errors.ACTIVITY_LINK_INVALID.message, 'ACTIVITY_LINK_INVALID'],
    [{ target: '_top' }, 'target 取值无效', 'VALIDATION'],
    [{ title: '' }, 'title 不能为空', 'VALIDATION'],
    [{ title: '   ' }, errors.ACTIVITY_TITLE_EMPTY.message, 'ACTIVITY_TITLE_EMPTY'],
    [{ title: '标'.repeat(31) }, 'title 长度不能超过 30 个字符', 'VALIDATION'],
    [{ starts_at: '2026-07-02T00:00:00Z', ends_at: '2026-07-01T00:00:00Z' }, errors.ACTIVITY_TIME_INVALID.message, 'ACTIVITY_TIME_INVALID'],
    [{ starts_at: '2026-07-01T00:00:00Z', ends_at: '2026-07-01T00:00:00Z' }, errors.ACTIVITY_TIME_INVALID.message, 'ACTIVITY_TIME_INVALID'],
    [{ starts_at: '2026-13-45T00:00:00Z' }, errors.ACTIVITY_TIME_INVALID.message, 'ACTIVITY_TIME_INVALID'],
    [{ ends_at: 'tomorrow' }, 'ends_at 格式错误', 'VALIDATION'],
    [{ id: 0 }, 'id 不能小于 1', 'VALIDATION'],
    [{ id: 9_007_199_254_740_992 }, 'id 不能大于 9007199254740991', 'VALIDATION'],
  ])('refuses %j, storing nothing', async (overrides, msg, reason) => {
    const before = await ctx.db.selectFrom('activity_banner').selectAll().execute();
    const answer = await save(banner(overrides));
    expect(answer).toMatchObject({ code: 1, msg, data: null, reason });
    expect(await ctx.db.selectFrom('activity_banner').selectAll().execute()).toEqual(before);
  });

  it('ops calls need the ops token (a member is not ops)', async () => {
    const member = await createUser(ctx.db);
    for (const headers of [{}, member.headers, { 'x-ops-token': 'not-the-token-0123456789' }]) {
      expect(await save(banner(), headers)).toMatchObject({ status: 403, reason: 'OPS_FORBIDDEN' });
      expect((await ctx.app.inject({ url: '/api/ops/activities', headers })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'POST', url: '/api/ops/activities/1/delete', headers })).statusCode).toBe(403);
    }
    for (const id of ['0', '-1', 'abc', '9007199254740992']) {
      expect((await ctx.app.inject({ method: 'POST', url: `/api/ops/activities/${id}/delete`, headers: OPS })).json()).toMatchObject({ code: 1, reason: 'VALIDATION' });
    }
  });
});

it('links: https or a plain site path under /web/', () => {
  expect(isAcceptableLink('/web/#/live?id=3')).toBe(true);
  expect(isAcceptableLink('/web/')).toBe(true);
  expect(isAcceptableLink('https://partner.example/a')).toBe(true);
  for (const link of ['/web/./x', '/web/%2e%2e/api', '/web/a\\b', '/webx', 'https://', '/web/ x']) expect(isAcceptableLink(link)).toBe(false);
});

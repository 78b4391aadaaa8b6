import { ResponseCode } from '@sports/shared/server';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../../testing/testApp';
import { createUser, mediaTestConfig } from './testing/mediaTestKit';
import { errors } from '../../infra/http/errorCatalogue';

describeEachDatabase('GET /api/Live/getLiveUrl', (target) => {
  const ctx = useTestApp(target, { app: { media: mediaTestConfig() } });
  let anchor: { token: string; roomId: number | null };

  beforeAll(async () => {
    anchor = await createUser(ctx.db, { anchor: true, room: '篮球夜话' });
  });

  const get = (token: string | null, query = '') => ctx.app.inject({ url: `/api/Live/getLiveUrl${query}`, headers: token === null ? {} : { token } });

  it('asks guests to log in (700)', async () => {
    expect((await get(null)).json()).toMatchObject({ code: ResponseCode.LoginRequired, data: null });
  });

  it('refuses members who are not anchors, and anchors without a room', async () => {
    const member = await createUser(ctx.db, { anchor: false, room: '不该有的房间' });
    expect((await get(member.token)).json()).toEqual({ code: ResponseCode.Error, msg: errors.LIVE_NOT_ANCHOR.message, data: null, reason: 'LIVE_NOT_ANCHOR' });
    const roomless = await createUser(ctx.db, { anchor: true });
    expect((await get(roomless.token)).json()).toEqual({ code: ResponseCode.Error, msg: errors.LIVE_URL_NO_ROOM.message, data: null, reason: 'LIVE_URL_NO_ROOM' });
  });

  it('gives an anchor the server, key, full URL and expiry of a signed push address', async () => {
    const before = Date.now();
    const body = (await get(anchor.token)).json();
    expect(body.code).toBe(200);
    const data = body.data;
    expect(data.room_id).toBe(anchor.roomId);
    expect(data.stream_name).toBe(`room${anchor.roomId}`);
    expect(data.push_server).toMatch(/^rtmp:\/\/127\.0\.0\.1:[1-9][0-9]*\/live$/);
    expect(data.stream_key).toMatch(new RegExp(`^room${anchor.roomId}\\?sign=[0-9]+-[0-9a-f]{64}$`));
    expect(data.push_url).toBe(`${data.push_server}/${data.stream_key}`);
    const expiresIn = Date.parse(data.expires_at) - before;
    expect(expiresIn).toBeGreaterThan(23.9 * 3_600_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3_600_000 + 1_000);
    expect(data.flv).toBe(`/live/room${anchor.roomId}.flv`);
  });

  it('reset=1 bumps the key version; reset must be 0 or 1', async () => {
    const version = async () => (await ctx.db.selectFrom('live_room').select('stream_key_version').where('id', '=', anchor.roomId as number).executeTakeFirstOrThrow()).stream_key_version;
    const start = await version();
    expect((await get(anchor.token, '?reset=1')).json().code).toBe(200);
    expect(await version()).toBe(start + 1);
    expect((await get(anchor.token, '?reset=0')).json().code).toBe(200);
    expect(await version()).toBe(start + 1);
    expect((await get(anchor.token, '?reset=2')).json().code).toBe(ResponseCode.Error);
  });

  it('a reset by cookie needs X-Requested-With (a link from another site cannot rotate the key)', async () => {
    const byLink = await ctx.app.inject({ url: '/api/Live/getLiveUrl?reset=1', cookies: { token: anchor.token } });
    expect(byLink.statusCode).toBe(403);
    const byPage = await ctx.app.inject({ url: '/api/Live/getLiveUrl?reset=1', cookies: { token: anchor.token }, headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(byPage.json().code).toBe(200);
    expect((await ctx.app.inject({ url: '/api/Live/getLiveUrl', cookies: { token: anchor.token } })).json().code).toBe(200);
  });
});

import { ROOM_COVER_MAX } from '@sports/shared/server';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { type TestUser, caller, createUser } from './testing/roomsTestKit';
import { errors } from '../infra/http/errorCatalogue';

const UPLOAD = '/uploads/0123456789abcdef0123456789abcdef.jpg';

/**
 * A room cover is an <img> every viewer's browser fetches with its cookies: only the site's own
 * uploads or an image on another https site, never a path of this site's API (`updateLive` is a
 * GET), nor `//other.site/…`, credentials, or another scheme. Through the real rooms API.
 */
describeEachDatabase('rooms API: room covers', (target) => {
  const ctx = useTestApp(target, { withHost: false });
  const { get, post } = caller(() => ctx.app);
  let anchor: TestUser;
  let other: TestUser;
  let roomId: number;

  beforeAll(async () => {
    anchor = await createUser(ctx.db, { anchor: true });
    other = await createUser(ctx.db, { anchor: true });
    roomId = (await post('/api/Live/createRoom', { title: '封面', type: 1, cover: UPLOAD }, anchor)).data.room_id;
  });

  const coverNow = async () => (await get('/api/Live_streaming/getRoomInfo', { room_id: roomId })).data.cover as string;

  it.each([
    ['an API GET of this site', '/api/mf/remotes?override=mf_live@0.1.0-aaaaaaaaaa'],
    ['another API GET (updateLive is a GET)', '/api/Live/updateLive?type=2'],
    ['a protocol-relative address', '//other.site/cover.jpg'],
    ['a path outside the uploads', '/web/index.html'],
    ['an upload name that is not ours', '/uploads/cover.png'],
    ['an upload with a query', `${UPLOAD}?x=1`],
    ['a path climbing out of the uploads', '/uploads/../api/mf/remotes'],
    ['plain http', 'http://img.example.com/cover.jpg'],
    ['credentials in the address', 'https://user:pass@img.example.com/cover.jpg'],
    ['a user name in the address', 'https://attacker@img.example.com/cover.jpg'],
    ['this site by its own host name', 'https://localhost/api/Live/updateLive?type=2'],
    ['an /api/ path on any host', 'https://img.example.com/api/Live/updateLive?type=2'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:image/png;base64,AAAA'],
    ['backslashes', 'https:\\\\img.example.com\\cover.jpg'],
    ['an address over the length limit', `https://img.example.com/${'a'.repeat(ROOM_COVER_MAX)}.jpg`],
  ])('refuses %s and keeps the cover it had', async (_label, cover) => {
    const answer = await get('/api/Live/updateLive', { cover }, anchor);
    expect(answer.code).toBe(1);
    expect(answer.msg).toMatch(/cover|封面/);
    expect(await coverNow()).toBe(UPLOAD);
    expect((await post('/api/Live/createRoom', { title: '新房间', type: 1, cover }, other)).code).toBe(1);
  });

  it.each([
    ['an upload of this site', '/uploads/fedcba9876543210fedcba9876543210.webp'],
    ['an https image elsewhere', 'https://img.example.com/covers/a.jpg?size=large'],
    ['an https image with a port', 'https://cdn.example.com:8443/a.png'],
    ['no cover', ''],
  ])('accepts %s', async (_label, cover) => {
    const answer = await get('/api/Live/updateLive', { cover }, anchor);
    expect(answer.msg).toBe('');
    expect(answer.data.cover).toBe(cover);
    expect(await coverNow()).toBe(cover);
  });

  it('says what a cover may be', async () => {
    expect((await get('/api/Live/updateLive', { cover: '/api/mf/remotes' }, anchor)).msg).toBe(errors.LIVE_COVER_NOT_ALLOWED.message);
  });

  it('never shows a cover stored before these checks that they would refuse', async () => {
    await ctx.db.updateTable('live_room').set({ cover: '/api/Live/updateLive?type=2' }).where('id', '=', roomId).execute();
    expect(await coverNow()).toBe('');
    const list = await get('/api/Live_streaming/getLiveList', {});
    expect(JSON.stringify(list.data)).not.toContain('/api/Live/updateLive');
    expect((await get('/api/Live/getRoomList', {}, anchor)).data[0].cover).toBe('');
  });
});

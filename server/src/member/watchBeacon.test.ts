import { beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '../accounts/sessions/sessionCookie';
import { BEACON_TOKEN_TTL_SECONDS, verifyBeaconToken } from '../accounts/beaconToken';
import { errors } from '../infra/http/errorCatalogue';
import { XHR, accountsTestOptions, createManualClock, freshIp, registerUser } from '../testing/accounts';
import { embeddedTarget } from '../testing/dbTargets';
import { useTestApp } from '../testing/testApp';
import { createUser } from '../live/testing/roomsTestKit';

/**
 * The tab-close watch beat (mf-live useWatchHeartbeat): `navigator.sendBeacon` carries the session
 * cookie but cannot say X-Requested-With, so `POST api/User/watchRecord` (and no other route)
 * accepts instead the beacon token its previous answer gave this session. Everything else the CSRF
 * rule refuses stays refused: another site, no token, another session's, an expired one.
 */

describe('the watch beat as a beacon [embedded PostgreSQL]', () => {
  const clock = createManualClock(new Date('2026-11-22T04:00:00Z'));
  const ctx = useTestApp(embeddedTarget(), accountsTestOptions(clock));
  let member = { token: '', id: 0 };
  let other = { token: '', id: 0 };
  let roomId = 0;

  beforeAll(async () => {
    member = await registerUser(ctx);
    other = await registerUser(ctx);
    const anchor = await createUser(ctx.db, { anchor: true });
    roomId = (await ctx.app.inject({ method: 'POST', url: '/api/Live/createRoom', payload: { title: '直播间', type: 1 }, headers: anchor.headers })).json().data.room_id;
  });

  /** What the site's API client sends. */
  const heartbeat = (token: string, seconds = 60) =>
    ctx.app.inject({ method: 'POST', url: '/api/User/watchRecord', headers: { ...XHR, cookie: `${TOKEN_COOKIE}=${token}` }, payload: { room_id: roomId, seconds }, remoteAddress: freshIp() });
  /** What navigator.sendBeacon sends from our page: the cookie, a JSON Blob, same-origin fetch metadata, no X-Requested-With. */
  const beacon = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}, url = '/api/User/watchRecord') =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { cookie: `${TOKEN_COOKIE}=${token}`, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80', host: 'localhost:80', ...headers },
      payload: JSON.stringify(body),
      remoteAddress: freshIp(),
    });
  const watched = async (userId: number) =>
    Number((await ctx.db.selectFrom('watch_record').select((eb) => eb.fn.sum<string>('seconds').as('s')).where('user_id', '=', userId).executeTakeFirst())?.s ?? 0);
  const refused = { code: 1, msg: errors.BAD_ORIGIN.message, data: null, reason: errors.BAD_ORIGIN.reason };

  it('the heartbeat answers a beacon token; a beacon with it is counted', async () => {
    const first = await heartbeat(member.token);
    expect(first.json()).toMatchObject({ code: 200, data: { room_id: roomId, beacon_token: expect.stringMatching(/^\d+\.[\w-]{43}$/) } });
    const token = first.json().data.beacon_token as string;
    const before = await watched(member.id);
    clock.advance(20_000);
    const sent = await beacon(member.token, { room_id: roomId, seconds: 20, beacon_token: token });
    expect(sent.json()).toMatchObject({ code: 200, data: { room_id: roomId, counted_seconds: 20 } });
    expect(await watched(member.id)).toBe(before + 20);
  });

  it('refused, and nothing counted: no token, a wrong one, another session’s, an expired one, another site, another route', async () => {
    const mine = (await heartbeat(member.token)).json().data.beacon_token as string;
    const theirs = (await heartbeat(other.token)).json().data.beacon_token as string;
    const before = await watched(member.id);
    clock.advance(30_000);
    const body = (beaconToken?: string) => ({ room_id: roomId, seconds: 30, ...(beaconToken === undefined ? {} : { beacon_token: beaconToken }) });

    expect((await beacon(member.token, body())).json()).toEqual(refused);
    expect((await beacon(member.token, body('garbage'))).json()).toEqual(refused);
    expect((await beacon(member.token, body(`${mine.split('.')[0]}.${'A'.repeat(43)}`))).json()).toEqual(refused);
    // A token is bound to the session it was issued to.
    expect((await beacon(member.token, body(theirs))).json()).toEqual(refused);
    // Another site cannot use one even if it had it: refused on Sec-Fetch-Site / Origin first.
    expect((await beacon(member.token, body(mine), { 'sec-fetch-site': 'cross-site', origin: 'https://evil.test' })).json()).toEqual(refused);
    expect((await beacon(member.token, body(mine), { 'sec-fetch-site': 'cross-site' })).json()).toEqual(refused);
    expect((await beacon(member.token, body(mine), { origin: 'https://evil.test' })).json()).toEqual(refused);
    // Only the heartbeat takes it: another state-changing route still wants X-Requested-With.
    expect((await beacon(member.token, { user_nickname: 'beacon', beacon_token: mine }, {}, '/api/member/updateInfo')).json()).toEqual(refused);
    expect(await watched(member.id)).toBe(before);

    // Short-lived: past its time it opens nothing.
    clock.advance(BEACON_TOKEN_TTL_SECONDS * 1000);
    expect((await beacon(member.token, body(mine))).json()).toEqual(refused);
    expect(await watched(member.id)).toBe(before);
  });

  it('the token names its route: the same MAC does not open another URL', async () => {
    const token = (await heartbeat(member.token)).json().data.beacon_token as string;
    expect(verifyBeaconToken(token, member.token, '/api/User/watchRecord', clock())).toBe(true);
    expect(verifyBeaconToken(token, member.token, '/api/member/updateInfo', clock())).toBe(false);
    expect(verifyBeaconToken(token, other.token, '/api/User/watchRecord', clock())).toBe(false);
  });
});

import fs from 'node:fs/promises';
import path from 'node:path';
import {
  AnchorApplicationSchema,
  OpsAnchorApplicationPageSchema,
  PublicUserInfoSchema,
  VerifiedInfoSchema,
  WatchlistPageSchema,
} from '@sports/shared/server';
import { Value } from 'typebox/value';
import { expect, it } from 'vitest';
import { errors } from '../infra/http/errorCatalogue';
import { type TestUser, createUser } from '../live/testing/roomsTestKit';
import { DEFAULT_HALT_POLICY } from '../rollouts/releaseHealth';
import { TEST_OPS_TOKEN, scratchReleases } from '../rollouts/testing/releaseFixtures';
import { accountsTestOptions, createManualClock } from '../testing/accounts';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { MEMBER_ID_KEY_FILE, cipherContext, createIdCipher } from './idCipher';
import { checkCharacter } from './idNumber';
import { decodeMemberIdKey } from './memberConfig';
import { FIRST_HEARTBEAT_MAX_SECONDS, WATCH_SLACK_SECONDS } from './watchHistory';

let idCounter = 0;
/** A fresh valid resident ID number (born 1990-01-01, sequence from a counter). */
function freshIdNumber(checkX = false): string {
  for (;;) {
    idCounter += 1;
    const first17 = `11010519900101${String(idCounter % 1000).padStart(3, '0')}`;
    const check = checkCharacter(first17);
    if (checkX === (check === 'X')) return first17 + check;
  }
}

const OPS = { 'x-ops-token': TEST_OPS_TOKEN };

describeEachDatabase('member centre: real name, anchor applications, public pages, watch history', (target) => {
  const clock = createManualClock();
  const accounts = accountsTestOptions(clock);
  const ctx = useTestApp(target, { ...accounts, app: { ...accounts.app, releases: scratchReleases(DEFAULT_HALT_POLICY) } });

  const post = (url: string, payload: object, as?: TestUser, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: { ...as?.headers, ...headers } }).then((response) => ({ status: response.statusCode, ...response.json() }));
  const get = (url: string, as?: TestUser, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url, headers: { ...as?.headers, ...headers } }).then((response) => ({ status: response.statusCode, ...response.json() }));
  const refusal = (entry: { reason: string; message: unknown }, message?: string) => ({ code: 1, msg: message ?? entry.message, data: null, reason: entry.reason });
  const verify = (as: TestUser, name = '张小三', id_number = freshIdNumber()) => post('/api/Member/verified', { name, id_number }, as);
  const apply = (as: TestUser, payload: object = {}) =>
    post('/api/Member/applyAnchor', { category: 1, introduction: '十年足球解说经验，熟悉英超和中超。', sample: 'https://video.example/replay/1', ...payload }, as);

  // ---- Real name ----

  it('verifies a member once; answers masked name and ID; stores them encrypted', async () => {
    const user = await createUser(ctx.db);
    expect(await post('/api/Member/getVerifiedInfo', {}, user)).toMatchObject({ code: 200, data: { is_verified: 0, name: null, id_number: null, verified_at: null } });
    const idNumber = freshIdNumber(true);
    const answer = await verify(user, '张小三', idNumber.toLowerCase());
    expect(answer).toMatchObject({ code: 200, data: { is_verified: 1, name: '张*三', id_number: `1${'*'.repeat(16)}X` } });
    expect(Value.Check(VerifiedInfoSchema, answer.data)).toBe(true);
    const info = await post('/api/Member/getVerifiedInfo', {}, user);
    expect(info.data).toEqual(answer.data);
    expect(JSON.stringify(info)).not.toContain(idNumber.slice(1, 17));

    const row = await ctx.db.selectFrom('member_real_name').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.id_cipher.includes(Buffer.from(idNumber))).toBe(false);
    expect(row.name_cipher.includes(Buffer.from('张小三'))).toBe(false);
    // The key generated into DATA_DIR decrypts it, and only for this user's row.
    const key = decodeMemberIdKey((await fs.readFile(path.join(ctx.dataDir, MEMBER_ID_KEY_FILE), 'utf8')).trim());
    const cipher = createIdCipher(key as Buffer);
    expect(cipher.decrypt(row.id_cipher, cipherContext(user.id, 'id_number'))).toBe(idNumber);
    expect(() => cipher.decrypt(row.id_cipher, cipherContext(user.id + 1, 'id_number'))).toThrow();
    expect(row.id_hmac.equals(cipher.fingerprint(idNumber))).toBe(true);

    // Verifying twice is refused, with the same or another ID.
    expect(await verify(user, '张小三', idNumber)).toMatchObject(refusal(errors.MEMBER_ALREADY_VERIFIED));
    expect(await verify(user, '李四')).toMatchObject(refusal(errors.MEMBER_ALREADY_VERIFIED));
  });

  it('refuses an ID number another account verified with (also written with a lower-case x)', async () => {
    const first = await createUser(ctx.db);
    const second = await createUser(ctx.db);
    const idNumber = freshIdNumber(true);
    expect((await verify(first, '王五', idNumber)).code).toBe(200);
    expect(await verify(second, '王五', idNumber)).toMatchObject(refusal(errors.MEMBER_ID_NUMBER_TAKEN));
    expect(await verify(second, '王五', idNumber.toLowerCase())).toMatchObject(refusal(errors.MEMBER_ID_NUMBER_TAKEN));
    expect((await post('/api/Member/getVerifiedInfo', {}, second)).data.is_verified).toBe(0);
  });

  it('two accounts racing with one ID number: one wins', async () => {
    const users = await Promise.all([createUser(ctx.db), createUser(ctx.db), createUser(ctx.db)]);
    const idNumber = freshIdNumber();
    const answers = await Promise.all(users.map((user) => verify(user, '赵六', idNumber)));
    expect(answers.map((answer) => answer.code).sort()).toEqual([1, 1, 200]);
    expect(answers.filter((answer) => answer.code === 1).every((answer) => answer.reason === 'MEMBER_ID_NUMBER_TAKEN')).toBe(true);
  });

  it.each([
    [{ name: '张三', id_number: '110105199001010021' }, errors.MEMBER_ID_NUMBER_INVALID.message, 'MEMBER_ID_NUMBER_INVALID'],
    [{ name: '张三', id_number: '110105199002300020' }, errors.MEMBER_ID_NUMBER_BIRTH_DATE_INVALID.message, 'MEMBER_ID_NUMBER_BIRTH_DATE_INVALID'],
    [{ name: '张三', id_number: '11010519900101002' }, 'id_number 长度不能少于 18 个字符', 'VALIDATION'],
    [{ name: '张三', id_number: '1101051990010100201' }, 'id_number 长度不能超过 18 个字符', 'VALIDATION'],
    [{ name: '张三', id_number: '11010519900101002Y' }, 'id_number 格式错误', 'VALIDATION'],
    [{ name: 'Zhang San', id_number: '11010519491231002X' }, errors.MEMBER_REAL_NAME_INVALID.message, 'MEMBER_REAL_NAME_INVALID'],
    [{ name: '张', id_number: '11010519491231002X' }, 'name 长度不能少于 2 个字符', 'VALIDATION'],
    [{ name: '张'.repeat(31), id_number: '11010519491231002X' }, 'name 长度不能超过 30 个字符', 'VALIDATION'],
    [{ name: '张三' }, '缺少参数 id_number', 'VALIDATION'],
    [{ name: '张三', id_number: 110105194912310020 }, 'id_number 类型错误', 'VALIDATION'],
  ])('refuses %j, storing nothing', async (payload, msg, reason) => {
    const user = await createUser(ctx.db);
    expect(await post('/api/Member/verified', payload, user)).toMatchObject({ code: 1, msg, data: null, reason });
    expect(await ctx.db.selectFrom('member_real_name').select('user_id').where('user_id', '=', user.id).executeTakeFirst()).toBeUndefined();
  });

  it('needs a signed-in member', async () => {
    for (const [url, payload] of [
      ['/api/Member/verified', { name: '张三', id_number: freshIdNumber() }],
      ['/api/Member/getVerifiedInfo', {}],
      ['/api/Member/applyAnchor', { category: 1, introduction: '十年足球解说经验，熟悉英超。', sample: 'https://v.example/1' }],
      ['/api/User/watchRecord', { room_id: 1, seconds: 10 }],
    ] as const) {
      expect((await post(url, payload)).code).toBe(700);
    }
    for (const url of ['/api/Member/anchorApplication', '/api/User/watchlistList']) expect((await get(url)).code).toBe(700);
  });

  // ---- Anchor applications ----

  it('refuses to apply without a verified real name, or with a bad sample or introduction', async () => {
    const user = await createUser(ctx.db);
    expect(await apply(user)).toMatchObject(refusal(errors.MEMBER_NOT_VERIFIED));
    await verify(user);
    expect(await apply(user, { sample: 'http://video.example/1' })).toMatchObject({ code: 1, msg: 'sample 格式错误', reason: 'VALIDATION' });
    expect(await apply(user, { sample: 'https://user:pw@video.example/1' })).toMatchObject(refusal(errors.MEMBER_SAMPLE_INVALID));
    expect(await apply(user, { sample: `https://v.example/${'a'.repeat(300)}` })).toMatchObject({ code: 1, msg: 'sample 长度不能超过 300 个字符' });
    expect(await apply(user, { introduction: '太短' })).toMatchObject({ code: 1, msg: 'introduction 长度不能少于 10 个字符' });
    expect(await apply(user, { introduction: `  短短的介绍    ` })).toMatchObject(refusal(errors.MEMBER_INTRODUCTION_TOO_SHORT));
    expect(await apply(user, { category: 5 })).toMatchObject({ code: 1, reason: 'VALIDATION' });
    expect((await get('/api/Member/anchorApplication', user)).data).toBeNull();
  });

  it('apply, pending refused, reject with reason, re-apply, approve: an anchor with a room at once; reviewing twice refused; audited', async () => {
    const user = await createUser(ctx.db, { nickname: '解说老王' });
    await verify(user, '王大锤');
    const first = await apply(user, { category: 2 });
    expect(first).toMatchObject({ code: 200, data: { category: 2, state: 'pending', reject_reason: null, reviewed_at: null } });
    expect(Value.Check(AnchorApplicationSchema, first.data)).toBe(true);
    expect(await apply(user)).toMatchObject(refusal(errors.MEMBER_APPLICATION_PENDING));
    expect((await get('/api/Member/anchorApplication', user)).data).toEqual(first.data);

    // Ops see it in the queue with the masked legal name.
    const queue = await get('/api/ops/anchorApplications?state=pending&page_size=100', undefined, OPS);
    expect(Value.Check(OpsAnchorApplicationPageSchema, queue.data)).toBe(true);
    const listed = queue.data.list.find((item: { id: number }) => item.id === first.data.id);
    expect(listed).toMatchObject({ user_id: user.id, user_nickname: '解说老王', real_name: '王*锤', category: 2, sample: 'https://video.example/replay/1' });

    clock.advance(60_000);
    expect(await post(`/api/ops/anchorApplications/${first.data.id}/reject`, { reason: '   ' }, undefined, OPS)).toMatchObject(refusal(errors.MEMBER_REJECT_REASON_EMPTY));
    const rejected = await post(`/api/ops/anchorApplications/${first.data.id}/reject`, { reason: '样片无法播放' }, undefined, { ...OPS, 'x-ops-actor': 'reviewer-1' });
    expect(rejected).toMatchObject({ code: 200, data: { application: { state: 'rejected', reject_reason: '样片无法播放' }, room_id: null } });
    expect(await post(`/api/ops/anchorApplications/${first.data.id}/reject`, { reason: '再驳回一次' }, undefined, OPS)).toMatchObject(refusal(errors.MEMBER_APPLICATION_ALREADY_REVIEWED));
    expect(await post(`/api/ops/anchorApplications/${first.data.id}/approve`, {}, undefined, OPS)).toMatchObject(refusal(errors.MEMBER_APPLICATION_ALREADY_REVIEWED));
    expect((await get('/api/Member/anchorApplication', user)).data).toMatchObject({ id: first.data.id, state: 'rejected', reject_reason: '样片无法播放', reviewed_at: clock().toISOString() });

    // Rejected: may apply again.
    clock.advance(60_000);
    const second = await apply(user, { category: 3 });
    expect(second).toMatchObject({ code: 200, data: { state: 'pending', category: 3 } });
    expect((await get('/api/Member/anchorApplication', user)).data.id).toBe(second.data.id);
    expect((await get('/api/Member/info', user)).data.is_anchor).toBe(0);

    const approved = await post(`/api/ops/anchorApplications/${second.data.id}/approve`, {}, undefined, OPS);
    expect(approved).toMatchObject({ code: 200, data: { application: { state: 'approved', user_id: user.id } } });
    expect(await post(`/api/ops/anchorApplications/${second.data.id}/approve`, {}, undefined, OPS)).toMatchObject(refusal(errors.MEMBER_APPLICATION_ALREADY_REVIEWED));

    // The same session sees it on its next request: an anchor, with an esports room.
    expect((await get('/api/Member/info', user)).data.is_anchor).toBe(1);
    const rooms = await get('/api/Live/getRoomList', user);
    expect(rooms.data).toEqual([expect.objectContaining({ room_id: approved.data.room_id, title: '解说老王的直播间', type: 3 })]);
    expect(await apply(user)).toMatchObject(refusal(errors.MEMBER_ALREADY_ANCHOR));

    const audit = await ctx.db.selectFrom('anchor_application_audit').selectAll().where('application_id', 'in', [first.data.id, second.data.id]).orderBy('id').execute();
    expect(audit.map((row) => [row.application_id, row.action, row.actor, row.reason])).toEqual([
      [first.data.id, 'reject', 'reviewer-1', '样片无法播放'],
      [second.data.id, 'approve', 'ops', null],
    ]);
    expect(audit.every((row) => row.actor_ip === '127.0.0.1')).toBe(true);
  });

  it('two reviews racing: one wins, one audit row', async () => {
    const user = await createUser(ctx.db);
    await verify(user);
    const application = (await apply(user)).data;
    const answers = await Promise.all([
      post(`/api/ops/anchorApplications/${application.id}/approve`, {}, undefined, OPS),
      post(`/api/ops/anchorApplications/${application.id}/reject`, { reason: '资料不全' }, undefined, OPS),
      post(`/api/ops/anchorApplications/${application.id}/approve`, {}, undefined, OPS),
    ]);
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(1);
    expect(await ctx.db.selectFrom('anchor_application_audit').select('id').where('application_id', '=', application.id).execute()).toHaveLength(1);
  });

  it('ops calls need the ops token; unknown and out-of-range ids are refused', async () => {
    const user = await createUser(ctx.db);
    await verify(user);
    const application = (await apply(user)).data;
    for (const headers of [{}, { 'x-ops-token': 'wrong-token-0123456789' }, user.headers]) {
      expect(await get('/api/ops/anchorApplications', undefined, headers)).toMatchObject({ status: 403, ...refusal(errors.OPS_FORBIDDEN) });
      expect(await post(`/api/ops/anchorApplications/${application.id}/approve`, {}, undefined, headers)).toMatchObject({ status: 403, reason: 'OPS_FORBIDDEN' });
      expect(await post(`/api/ops/anchorApplications/${application.id}/reject`, { reason: '不行' }, undefined, headers)).toMatchObject({ status: 403, reason: 'OPS_FORBIDDEN' });
    }
    expect((await get('/api/Member/anchorApplication', user)).data.state).toBe('pending');
    expect(await post('/api/ops/anchorApplications/999999999/approve', {}, undefined, OPS)).toMatchObject(refusal(errors.MEMBER_APPLICATION_NOT_FOUND));
    for (const id of ['0', '-1', '9007199254740992', 'abc', '1.5']) {
      expect(await post(`/api/ops/anchorApplications/${id}/approve`, {}, undefined, OPS)).toMatchObject({ status: 400, code: 1, reason: 'VALIDATION' });
    }
    expect(await post(`/api/ops/anchorApplications/${application.id}/reject`, { reason: '驳'.repeat(101) }, undefined, OPS)).toMatchObject({ code: 1, msg: 'reason 长度不能超过 100 个字符' });
    expect(await get('/api/ops/anchorApplications?state=maybe', undefined, OPS)).toMatchObject({ status: 400, reason: 'VALIDATION' });
  });

  // ---- Public pages ----

  it("getUserInfo shows another user's public page, never their private fields", async () => {
    const anchor = await createUser(ctx.db, { nickname: '主播小美', anchor: true });
    await verify(anchor, '李小美');
    const created = await post('/api/Live/createRoom', { title: '小美的比赛直播', type: 2 }, anchor);
    const viewer = await createUser(ctx.db);
    await post('/api/Member/attention', { anchor_id: anchor.id }, viewer);

    const asViewer = await ctx.app.inject({ url: `/api/User/getUserInfo?user_id=${anchor.id}`, headers: viewer.headers });
    const body = asViewer.json();
    expect(body).toMatchObject({
      code: 200,
      data: {
        id: anchor.id,
        user_nickname: '主播小美',
        level: 1,
        is_anchor: 1,
        fans: 1,
        is_attention: 1,
        room: { room_id: created.data.room_id, title: '小美的比赛直播', type: 2, stream_status: 'offline', is_live: 0 },
      },
    });
    expect(Value.Check(PublicUserInfoSchema, body.data)).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual(['avatar', 'fans', 'id', 'is_anchor', 'is_attention', 'level', 'room', 'user_nickname']);
    const mobileDigits = anchor.mobile.replace(/^\d+-/, '');
    for (const secret of [mobileDigits, '李小美', 'balance', 'mobile', 'invite', 'id_number', '110105']) expect(asViewer.body).not.toContain(secret);

    // A guest: not following; a user without a room: room null.
    expect((await get(`/api/User/getUserInfo?user_id=${anchor.id}`)).data).toMatchObject({ is_attention: 0, fans: 1 });
    expect((await get(`/api/User/getUserInfo?user_id=${viewer.id}`, anchor)).data).toMatchObject({ id: viewer.id, is_anchor: 0, room: null, fans: 0, is_attention: 0 });
    expect(await get('/api/User/getUserInfo?user_id=999999999')).toMatchObject(refusal(errors.MEMBER_USER_NOT_FOUND));
    for (const id of ['0', '-5', '9007199254740992', 'x', '']) expect(await get(`/api/User/getUserInfo?user_id=${id}`)).toMatchObject({ status: 400, reason: 'VALIDATION' });
  });

  // ---- Watch history ----

  it('watch seconds are capped by wall time since the last heartbeat and listed newest first', async () => {
    const anchorA = await createUser(ctx.db, { anchor: true, nickname: '主播甲' });
    const anchorB = await createUser(ctx.db, { anchor: true, nickname: '主播乙' });
    const roomA = (await post('/api/Live/createRoom', { title: '甲的直播间', type: 1 }, anchorA)).data.room_id;
    const roomB = (await post('/api/Live/createRoom', { title: '乙的直播间', type: 4 }, anchorB)).data.room_id;
    const viewer = await createUser(ctx.db);
    const beat = (room_id: number, seconds: number) => post('/api/User/watchRecord', { room_id, seconds }, viewer);

    // First heartbeat of the day in a room: at most FIRST_HEARTBEAT_MAX_SECONDS.
    expect((await beat(roomA, 300)).data).toEqual({ room_id: roomA, counted_seconds: FIRST_HEARTBEAT_MAX_SECONDS, today_seconds: FIRST_HEARTBEAT_MAX_SECONDS, beacon_token: expect.any(String) });
    // Sent again at once: only the slack.
    expect((await beat(roomA, 300)).data.counted_seconds).toBe(WATCH_SLACK_SECONDS);
    clock.advance(30_000);
    expect((await beat(roomA, 300)).data.counted_seconds).toBe(30 + WATCH_SLACK_SECONDS);
    clock.advance(60_000);
    expect((await beat(roomA, 20)).data.counted_seconds).toBe(20);
    const total = FIRST_HEARTBEAT_MAX_SECONDS + WATCH_SLACK_SECONDS + 30 + WATCH_SLACK_SECONDS + 20;
    clock.advance(1_000);
    expect((await beat(roomB, 10)).data).toEqual({ room_id: roomB, counted_seconds: 10, today_seconds: 10, beacon_token: expect.any(String) });

    expect(await beat(999_999_999, 10)).toMatchObject(refusal(errors.MEMBER_WATCH_ROOM_NOT_FOUND));
    for (const payload of [{ room_id: roomA, seconds: 0 }, { room_id: roomA, seconds: 301 }, { room_id: 0, seconds: 10 }, { room_id: roomA, seconds: 1.5 }, { room_id: roomA }]) {
      expect(await post('/api/User/watchRecord', payload, viewer)).toMatchObject({ code: 1, reason: 'VALIDATION' });
    }

    const list = await get('/api/User/watchlistList?page=1&page_size=10', viewer);
    expect(Value.Check(WatchlistPageSchema, list.data)).toBe(true);
    expect(list.data).toMatchObject({ total: 2, page: 1, page_size: 10 });
    expect(list.data.list).toEqual([
      expect.objectContaining({ room_id: roomB, title: '乙的直播间', anchor_id: anchorB.id, anchor_nickname: '主播乙', total_seconds: 10, is_live: 0, last_watched_at: clock().toISOString() }),
      expect.objectContaining({ room_id: roomA, title: '甲的直播间', anchor_nickname: '主播甲', total_seconds: total }),
    ]);
    expect((await get('/api/User/watchlistList?page=2&page_size=1', viewer)).data.list.map((item: { room_id: number }) => item.room_id)).toEqual([roomA]);
    // Another member's history is theirs alone.
    const other = await createUser(ctx.db);
    expect((await get('/api/User/watchlistList', other)).data).toMatchObject({ list: [], total: 0 });
    expect(await get('/api/User/watchlistList?page_size=101', viewer)).toMatchObject({ status: 400, reason: 'VALIDATION' });
  });

  it('a day in a room holds at most 24 hours', async () => {
    const anchor = await createUser(ctx.db, { anchor: true });
    const room = (await post('/api/Live/createRoom', { title: '整天的直播', type: 1 }, anchor)).data.room_id;
    const viewer = await createUser(ctx.db);
    const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    await ctx.db.insertInto('watch_record').values({ user_id: viewer.id, room_id: room, day, seconds: 86_390, last_watched_at: new Date(clock().getTime() - 200_000) }).execute();
    const answer = await post('/api/User/watchRecord', { room_id: room, seconds: 100 }, viewer);
    // Unless the manual clock's day differs from the real one (only around midnight), the day is full.
    if (answer.data.today_seconds !== 100) expect(answer.data).toMatchObject({ counted_seconds: 10, today_seconds: 86_400 });
  });
});

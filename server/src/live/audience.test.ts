import {
  AttentionPageSchema,
  BroadcastRecordPageSchema,
  LiveSchedulePageSchema,
  LiveScheduleSchema,
  RoomRankingSchema,
  UserReservationPageSchema,
} from '@sports/shared/server';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { scratchReleases, TEST_OPS_TOKEN } from '../rollouts/testing/releaseFixtures';
import { type CallResult, type TestUser, caller, createMatch, createUser } from './testing/roomsTestKit';
import { errors } from '../infra/http/errorCatalogue';

const valid = (schema: TSchema, result: CallResult) => {
  expect(result.code, result.msg).toBe(200);
  expect(Value.Errors(schema, result.data)).toEqual([]);
  return result.data;
};
const HOUR = 3_600_000;

describeEachDatabase('rooms API: follows, reservations, ranking, records, ops', (target) => {
  const ctx = useTestApp(target, { app: { releases: scratchReleases({ errorRate: 0.5, minSample: 10, windowSeconds: 300 }) } });
  const { get, post } = caller(() => ctx.app);
  /** POST /api/ops/rooms/:id/test with the ops token. */
  const opsSetTest = (roomId: number, isTest: number) =>
    ctx.app.inject({ method: 'POST', url: `/api/ops/rooms/${roomId}/test`, payload: { is_test: isTest }, headers: { 'x-ops-token': TEST_OPS_TOKEN } }).then((response) => response.json());
  let anchor: TestUser;
  let viewer: TestUser;
  let roomId: number;

  beforeAll(async () => {
    anchor = await createUser(ctx.db, { anchor: true, nickname: '主播乙' });
    viewer = await createUser(ctx.db);
    roomId = (await post('/api/Live/createRoom', { title: '中超直播', type: 1 }, anchor)).data.room_id;
  });

  it('grants anchor status through the ops endpoint, with the ops token only', async () => {
    const member = await createUser(ctx.db);
    for (const headers of [{}, { 'x-ops-token': 'wrong' }]) {
      const refused = await ctx.app.inject({ method: 'POST', url: '/api/ops/anchors', payload: { mobile: member.mobile, is_anchor: 1 }, headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 1, msg: errors.OPS_FORBIDDEN.message });
    }
    const ops = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/ops/anchors', payload, headers: { 'x-ops-token': TEST_OPS_TOKEN } }).then((response) => response.json());
    expect(await ops({ mobile: member.mobile, is_anchor: 1 })).toMatchObject({ code: 200, data: { user_id: member.id, is_anchor: 1 } });
    expect((await post('/api/Live/createRoom', { title: '新主播', type: 4 }, member)).code).toBe(200);
    expect(await ops({ mobile: '86-10000000000', is_anchor: 1 })).toMatchObject({ code: 1, msg: errors.LIVE_MOBILE_NOT_REGISTERED.message });
    expect(await ops({ mobile: 'not-a-mobile', is_anchor: 1 })).toMatchObject({ code: 1, msg: 'mobile 格式错误' });
    expect(await ops({ mobile: member.mobile, is_anchor: 0 })).toMatchObject({ code: 200, data: { is_anchor: 0 } });
    expect(await get('/api/Live/startRoom', {}, member)).toMatchObject({ code: 1, msg: errors.LIVE_NOT_ANCHOR.message });
  });

  it('follows and unfollows anchors; follows appear in attentionList, live ones first', async () => {
    const other = await createUser(ctx.db, { anchor: true, nickname: '主播丙' });
    const otherRoom = (await post('/api/Live/createRoom', { title: '篮球', type: 2 }, other)).data.room_id;
    expect((await post('/api/Member/attention', { anchor_id: anchor.id })).code).toBe(700);
    expect(await post('/api/Member/attention', { anchor_id: viewer.id }, anchor)).toMatchObject({ code: 1, msg: errors.LIVE_ANCHOR_NOT_FOUND.message });
    expect(await post('/api/Member/attention', { anchor_id: anchor.id }, anchor)).toMatchObject({ code: 1, msg: errors.LIVE_CANNOT_FOLLOW_SELF.message });

    expect((await post('/api/Member/attention', { anchor_id: anchor.id }, viewer)).data).toEqual({ anchor_id: anchor.id, is_attention: 1, fans: 1 });
    expect((await post('/api/Member/attention', { anchor_id: anchor.id, attention: 1 }, viewer)).data).toEqual({ anchor_id: anchor.id, is_attention: 1, fans: 1 });
    expect((await post('/api/Member/attention', { anchor_id: other.id, attention: 1 }, viewer)).data.is_attention).toBe(1);
    await ctx.db.updateTable('live_room').set({ stream_status: 'live' }).where('id', '=', otherRoom).execute();

    const follows = valid(AttentionPageSchema, await get('/api/User/attentionList', {}, viewer));
    expect(follows.total).toBe(2);
    expect(follows.list.map((item: { anchor: { anchor_id: number } }) => item.anchor.anchor_id)).toEqual([other.id, anchor.id]);
    expect(follows.list[0].room).toMatchObject({ room_id: otherRoom, is_live: 1 });
    expect(follows.list[1].room).toMatchObject({ room_id: roomId, is_live: 0, title: '中超直播' });

    // Toggling again unfollows.
    expect((await post('/api/Member/attention', { anchor_id: other.id }, viewer)).data).toMatchObject({ is_attention: 0, fans: 0 });
    expect((await get('/api/User/attentionList', {}, viewer)).data.list).toHaveLength(1);
    expect((await get('/api/User/attentionList')).code).toBe(700);
    await ctx.db.updateTable('live_room').set({ stream_status: 'offline' }).where('id', '=', otherRoom).execute();
  });

  it('lets an anchor schedule a match broadcast, and viewers reserve it and matches (toggling)', async () => {
    const soon = await createMatch(ctx.db, new Date(Date.now() + 2 * HOUR));
    const later = await createMatch(ctx.db, new Date(Date.now() + 5 * HOUR));
    const over = await createMatch(ctx.db, new Date(Date.now() - 5 * HOUR), 'finished');

    expect(await post('/api/Live/setReserveLiveNew', { match_id: soon }, viewer)).toMatchObject({ code: 1, msg: errors.LIVE_NOT_ANCHOR.message });
    expect(await post('/api/Live/setReserveLiveNew', { match_id: over }, anchor)).toMatchObject({ code: 1, msg: errors.LIVE_MATCH_FINISHED.message });
    expect(await post('/api/Live/setReserveLiveNew', { match_id: 999_999 }, anchor)).toMatchObject({ code: 1, msg: errors.LIVE_MATCH_NOT_FOUND.message });
    expect((await post('/api/Live/setReserveLiveNew', { match_id: soon, starts_at: 'tomorrow' }, anchor)).msg).toBe('starts_at 格式错误');
    expect(await post('/api/Live/setReserveLiveNew', { match_id: soon, starts_at: '2020-01-01T00:00:00Z' }, anchor)).toMatchObject({ code: 1, msg: errors.LIVE_SCHEDULE_IN_PAST.message });

    const schedule = valid(LiveScheduleSchema, await post('/api/Live/setReserveLiveNew', { match_id: soon, title: '解说中超' }, anchor));
    expect(schedule).toMatchObject({ room_id: roomId, title: '解说中超', match: { match_id: soon }, reservations: 0, anchor: { anchor_id: anchor.id } });
    const again = await post('/api/Live/setReserveLiveNew', { match_id: soon, title: '改个标题' }, anchor);
    expect(again.data).toMatchObject({ id: schedule.id, title: '改个标题' });

    const upcoming = valid(LiveSchedulePageSchema, await get('/api/Live_streaming/getReserveLiveList', { type: 1 }, viewer));
    expect(upcoming.list.map((item: { id: number }) => item.id)).toEqual([schedule.id]);
    expect((await get('/api/Live_streaming/getReserveLiveList', { type: 2 })).data.total).toBe(0);

    expect((await post('/api/Live/reserveMatch2', { schedule_id: schedule.id }, viewer)).data).toEqual({ is_reserved: 1 });
    expect((await post('/api/Live/reserveMatch', { match_id: later }, viewer)).data).toEqual({ is_reserved: 1 });
    expect((await post('/api/Live/reserveMatch', { match_id: later, reserve: 1 }, viewer)).data).toEqual({ is_reserved: 1 });
    expect(await post('/api/Live/reserveMatch', { match_id: over }, viewer)).toMatchObject({ code: 1, msg: errors.LIVE_MATCH_FINISHED.message });
    expect(await post('/api/Live/reserveMatch2', { schedule_id: 999_999 }, viewer)).toMatchObject({ code: 1, msg: errors.LIVE_SCHEDULE_NOT_FOUND.message });
    expect((await post('/api/Live/reserveMatch', { match_id: later })).code).toBe(700);

    const mine = valid(UserReservationPageSchema, await get('/api/Live_streaming/getUserReserveLiveList', {}, viewer));
    expect(mine.list.map((item: { kind: string; match: { match_id: number } }) => [item.kind, item.match.match_id])).toEqual([
      ['schedule', soon],
      ['match', later],
    ]);
    expect(mine.list[0].schedule).toMatchObject({ id: schedule.id, is_reserved: 1, reservations: 1 });
    expect((await get('/api/Live_streaming/getReserveLiveList', {}, viewer)).data.list[0]).toMatchObject({ is_reserved: 1, reservations: 1 });

    // Toggling again removes each.
    expect((await post('/api/Live/reserveMatch2', { schedule_id: schedule.id }, viewer)).data).toEqual({ is_reserved: 0 });
    expect((await post('/api/Live/reserveMatch', { match_id: later }, viewer)).data).toEqual({ is_reserved: 0 });
    expect((await get('/api/Live_streaming/getUserReserveLiveList', {}, viewer)).data.total).toBe(0);

    const stranger = await createUser(ctx.db, { anchor: true });
    await post('/api/Live/createRoom', { title: '别人', type: 1 }, stranger);
    expect(await get('/api/Live/deleteReserveLive', { id: schedule.id }, stranger)).toMatchObject({ code: 1, msg: errors.LIVE_SCHEDULE_NOT_FOUND.message });
    expect((await get('/api/Live/deleteReserveLive', { id: schedule.id }, anchor)).code).toBe(200);
    expect((await get('/api/Live_streaming/getReserveLiveList')).data.total).toBe(0);
  });

  it('filters upcoming schedules by match (match_id), soonest first, paginated', async () => {
    const matchId = await createMatch(ctx.db, new Date(Date.now() + 4 * HOUR));
    const otherMatch = await createMatch(ctx.db, new Date(Date.now() + 4 * HOUR));
    const scheduleBy = async (type: number, match: number, startsInHours: number) => {
      const owner = await createUser(ctx.db, { anchor: true });
      await post('/api/Live/createRoom', { title: '预告', type }, owner);
      const starts = new Date(Date.now() + startsInHours * HOUR).toISOString();
      return valid(LiveScheduleSchema, await post('/api/Live/setReserveLiveNew', { match_id: match, starts_at: starts }, owner)).id as number;
    };
    const later = await scheduleBy(1, matchId, 3);
    const sooner = await scheduleBy(2, matchId, 1);
    const other = await scheduleBy(1, otherMatch, 2);

    const ofMatch = valid(LiveSchedulePageSchema, await get('/api/Live_streaming/getReserveLiveList', { match_id: matchId }));
    expect(ofMatch.total).toBe(2);
    expect(ofMatch.list.map((item: { id: number }) => item.id)).toEqual([sooner, later]);
    expect(ofMatch.list.every((item: { match: { match_id: number } }) => item.match.match_id === matchId)).toBe(true);
    const page2 = (await get('/api/Live_streaming/getReserveLiveList', { match_id: matchId, page: 2, page_size: 1 })).data;
    expect(page2).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(page2.list.map((item: { id: number }) => item.id)).toEqual([later]);
    expect((await get('/api/Live_streaming/getReserveLiveList', { match_id: matchId, type: 1 })).data.list.map((item: { id: number }) => item.id)).toEqual([later]);
    expect((await get('/api/Live_streaming/getReserveLiveList', { match_id: otherMatch })).data.list.map((item: { id: number }) => item.id)).toEqual([other]);
    expect((await get('/api/Live_streaming/getReserveLiveList', { match_id: 999_999 })).data).toMatchObject({ total: 0, list: [] });
    // Without the filter, every match's.
    expect((await get('/api/Live_streaming/getReserveLiveList', { page_size: 100 })).data.total).toBeGreaterThanOrEqual(3);

    expect(await get('/api/Live_streaming/getReserveLiveList', { match_id: 0 })).toMatchObject({ code: 1, msg: 'match_id 不能小于 1' });
    expect(await get('/api/Live_streaming/getReserveLiveList', { match_id: 'abc' })).toMatchObject({ code: 1, msg: 'match_id 类型错误' });
  });

  it('ranks the rooms live now by heat: followers x 10 + minutes on air + peak viewers in the period; idle rooms and rooms ops flagged as test left out', async () => {
    const make = async (title: string, live = true) => {
      const owner = await createUser(ctx.db, { anchor: true });
      const room = (await post('/api/Live/createRoom', { title, type: 3 }, owner)).data.room_id as number;
      if (live) await ctx.db.updateTable('live_room').set({ stream_status: 'live' }).where('id', '=', room).execute();
      return { owner, room };
    };
    const popular = await make('粉丝多');
    const diligent = await make('播得久');
    const crowd = await make('人气高');
    const stale = await make('上个月');
    const idle = await make('没开播但粉丝多', false);
    // Flagged by ops: left out whatever the title says.
    const testRoom = await make('周末英超焦点战');
    const testWord = await make('Test push');
    for (const room of [testRoom, testWord]) expect(await opsSetTest(room.room, 1)).toMatchObject({ code: 200, data: { room_id: room.room, is_test: 1 } });
    for (let index = 0; index < 3; index += 1) {
      const fan = await createUser(ctx.db);
      await post('/api/Member/attention', { anchor_id: popular.owner.id }, fan);
    }
    const now = Date.now();
    const record = (room: { owner: TestUser; room: number }, startedHoursAgo: number, seconds: number, peak: number) =>
      ctx.db
        .insertInto('broadcast')
        .values({ room_id: room.room, anchor_id: room.owner.id, title: 't', started_at: new Date(now - startedHoursAgo * HOUR), ended_at: new Date(now - startedHoursAgo * HOUR + seconds * 1000), duration_seconds: seconds, peak_viewers: peak })
        .execute();
    await record(diligent, 10, 40 * 60, 0); // 40 minutes
    await record(crowd, 20, 60, 25); // 1 minute, peak 25
    await record(stale, 40 * 24, 10 * 3600, 500); // 40 days ago: outside week and month
    for (const room of [idle, testRoom, testWord]) await record(room, 5, 3 * 3600, 900); // hot, but idle or a test
    for (let index = 0; index < 5; index += 1) await post('/api/Member/attention', { anchor_id: idle.owner.id }, await createUser(ctx.db));

    const week = valid(RoomRankingSchema, await get('/api/Live_streaming/roomRanking', { type: 3, period: 'week' }));
    expect(week.list.slice(0, 4).map((item: { room: { room_id: number } }) => item.room.room_id)).toEqual([diligent.room, popular.room, crowd.room, stale.room]);
    expect(week.list[0]).toMatchObject({ rank: 1, broadcast_seconds: 2400, score: 40 });
    expect(week.list[1]).toMatchObject({ rank: 2, fans: 3, score: 30 });
    expect(week.list[2]).toMatchObject({ rank: 3, peak_viewers: 25, score: 26 });
    expect(week.list[3]).toMatchObject({ score: 0 });
    const ranked = week.list.map((item: { room: { room_id: number; is_live: number } }) => item.room.room_id);
    for (const left of [idle, testRoom, testWord]) expect(ranked).not.toContain(left.room);
    expect(week.list.every((item: { room: { is_live: number } }) => item.room.is_live === 1)).toBe(true);

    const all = (await get('/api/Live_streaming/roomRanking', { type: 3, period: 'all', limit: 1 })).data;
    expect(all.list).toHaveLength(1);
    expect(all.list[0]).toMatchObject({ room: { room_id: stale.room }, score: 600 + 500 });
    expect((await get('/api/Live_streaming/roomRanking', { period: 'year' })).msg).toBe('period 取值无效');
  });

  it('test rooms are the ops flag, not the title: ops set and clear it, a member cannot, a title with 测试 is ranked', async () => {
    const owner = await createUser(ctx.db, { anchor: true });
    const titled = (await post('/api/Live/createRoom', { title: '推流测试直播间 test', type: 4 }, owner)).data.room_id as number;
    await ctx.db.updateTable('live_room').set({ stream_status: 'live' }).where('id', '=', titled).execute();
    const rankedIds = async () => (await get('/api/Live_streaming/roomRanking', { type: 4, period: 'week', limit: 50 })).data.list.map((item: { room: { room_id: number } }) => item.room.room_id);
    expect(await rankedIds()).toContain(titled);

    // Not ops: a member (even the room's owner) or a wrong token is refused before anything changes.
    const member = await createUser(ctx.db);
    for (const headers of [{}, member.headers, owner.headers, { ...owner.headers, 'x-ops-token': 'wrong' }]) {
      const refused = await ctx.app.inject({ method: 'POST', url: `/api/ops/rooms/${titled}/test`, payload: { is_test: 1 }, headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 1, msg: errors.OPS_FORBIDDEN.message });
    }
    expect((await ctx.db.selectFrom('live_room').select('is_test').where('id', '=', titled).executeTakeFirstOrThrow()).is_test).toBe(false);
    expect(await rankedIds()).toContain(titled);

    expect(await opsSetTest(titled, 1)).toMatchObject({ code: 200, data: { room_id: titled, title: '推流测试直播间 test', is_test: 1 } });
    expect(await rankedIds()).not.toContain(titled);
    // Still an ordinary room everywhere else: the live list shows it.
    const listed = (await get('/api/Live_streaming/getLiveList', { type: 4, page: 1, page_size: 50 })).data.list.map((item: { room_id: number }) => item.room_id);
    expect(listed).toContain(titled);
    expect(await opsSetTest(titled, 0)).toMatchObject({ code: 200, data: { is_test: 0 } });
    expect(await rankedIds()).toContain(titled);

    expect(await opsSetTest(999_999_999, 1)).toMatchObject({ code: 1, msg: errors.LIVE_ROOM_NOT_FOUND.message });
    expect(await opsSetTest(titled, 2)).toMatchObject({ code: 1 });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/ops/rooms/abc/test', payload: { is_test: 1 }, headers: { 'x-ops-token': TEST_OPS_TOKEN } })).json()).toMatchObject({ code: 1 });
  });

  it('lists the anchor\'s broadcast records, newest first, paginated', async () => {
    const now = Date.now();
    for (const hoursAgo of [30, 20, 10]) {
      await ctx.db
        .insertInto('broadcast')
        .values({ room_id: roomId, anchor_id: anchor.id, title: `第${hoursAgo}`, started_at: new Date(now - hoursAgo * HOUR), ended_at: new Date(now - hoursAgo * HOUR + 1800_000), duration_seconds: 1800, peak_viewers: hoursAgo })
        .execute();
    }
    await ctx.db.insertInto('broadcast').values({ room_id: roomId, anchor_id: anchor.id, title: '正在播', started_at: new Date(now - 60_000) }).execute();
    const first = valid(BroadcastRecordPageSchema, await get('/api/User/anchorExperienceList', { page_size: 2 }, anchor));
    expect(first.total).toBe(4);
    expect(first.list.map((item: { title: string }) => item.title)).toEqual(['正在播', '第10']);
    expect(first.list[0]).toMatchObject({ ended_at: null, duration_seconds: null, room_id: roomId });
    expect(first.list[1]).toMatchObject({ duration_seconds: 1800, peak_viewers: 10 });
    expect((await get('/api/User/anchorExperienceList', { page: 2, page_size: 2 }, anchor)).data.list.map((item: { title: string }) => item.title)).toEqual(['第20', '第30']);
    expect((await get('/api/User/anchorExperienceList', {}, viewer)).data).toMatchObject({ total: 0, list: [] });
    expect((await get('/api/User/anchorExperienceList')).code).toBe(700);
  });
});

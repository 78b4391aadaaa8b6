import { LiveRoomInfoSchema, LiveRoomPageSchema, OwnLiveRoomSchema, ROOM_ADMINS_MAX } from '@sports/shared/server';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { beforeAll, expect, it, vi } from 'vitest';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import type { RoomEventMap } from './roomEvents';
import { type CallResult, type TestUser, caller, createMatch, createUser } from './testing/roomsTestKit';
import { errors } from '../infra/http/errorCatalogue';

const valid = (schema: TSchema, result: CallResult) => {
  expect(result.code, result.msg).toBe(200);
  expect(Value.Errors(schema, result.data)).toEqual([]);
  return result.data;
};

describeEachDatabase('rooms API: the anchor and the room', (target) => {
  const ctx = useTestApp(target);
  const { get, post } = caller(() => ctx.app);
  let anchor: TestUser;
  let viewer: TestUser;
  let roomId: number;

  beforeAll(async () => {
    anchor = await createUser(ctx.db, { anchor: true, nickname: '主播甲' });
    viewer = await createUser(ctx.db);
  });

  it('lets an anchor create one room, and refuses viewers and a second room', async () => {
    expect((await post('/api/Live/createRoom', { title: '英超直播', type: 1 })).code).toBe(700);
    expect(await post('/api/Live/createRoom', { title: '看球', type: 1 }, viewer)).toMatchObject({ code: 1, msg: errors.LIVE_NOT_ANCHOR.message });
    expect(await post('/api/Live/createRoom', { title: '', type: 1 }, anchor)).toMatchObject({ code: 1, msg: 'title 不能为空' });
    expect(await post('/api/Live/createRoom', { title: 'x'.repeat(31), type: 1 }, anchor)).toMatchObject({ code: 1, msg: 'title 长度不能超过 30 个字符' });
    expect((await post('/api/Live/createRoom', { title: '看球', type: 5 }, anchor)).code).toBe(1);
    expect((await post('/api/Live/createRoom', { title: '看球', type: 1, cover: 'javascript:alert(1)' }, anchor)).msg).toBe('cover 格式错误');

    const room = valid(OwnLiveRoomSchema, await post('/api/Live/createRoom', { title: ' 英超直播 ', type: 1 }, anchor));
    expect(room).toMatchObject({ title: '英超直播', type: 1, is_open: 0, is_live: 0, stream_status: 'offline', group_id: String(anchor.id) });
    roomId = room.room_id;
    expect(await post('/api/Live/createRoom', { title: '第二个', type: 2 }, anchor)).toMatchObject({ code: 1, msg: errors.LIVE_ROOM_EXISTS.message });
    expect((await get('/api/live/getroomlist', {}, anchor)).data).toEqual([room]);
  });

  it('opens and closes the room for its owner only, and emits roomChanged after commit', async () => {
    const events: RoomEventMap['roomChanged'][0][] = [];
    const listener = async (event: RoomEventMap['roomChanged'][0]) => {
      // Emitted after the commit: a fresh read already sees the change.
      const row = await ctx.db.selectFrom('live_room').select('is_open').where('id', '=', event.roomId).executeTakeFirstOrThrow();
      events.push({ ...event, isOpen: row.is_open });
    };
    ctx.app.roomEvents.on('roomChanged', listener);
    try {
      expect(await get('/api/Live/startRoom', {}, viewer)).toMatchObject({ code: 1, msg: errors.LIVE_NOT_ANCHOR.message });
      const other = await createUser(ctx.db, { anchor: true });
      expect(await get('/api/Live/startRoom', {}, other)).toMatchObject({ code: 1, msg: errors.LIVE_NO_ROOM.message });
      expect(await get('/api/Live/startRoom', { room_id: roomId }, other)).toMatchObject({ code: 1, msg: errors.LIVE_NOT_OWNER.message });

      expect((await get('/api/Live/startRoom', {}, anchor)).data.is_open).toBe(1);
      await vi.waitFor(() => expect(events).toEqual([{ roomId, ownerId: anchor.id, isOpen: true, title: '英超直播', placard: '', state: 'paused' }]));
      expect((await get('/api/Live/endRoom', { room_id: roomId }, anchor)).data.is_open).toBe(0);
      await vi.waitFor(() => expect(events).toHaveLength(2));
      expect(events[1]).toMatchObject({ isOpen: false });
    } finally {
      ctx.app.roomEvents.off('roomChanged', listener);
    }
  });

  it('refuses state-changing GETs carried by the cookie alone (no X-Requested-With)', async () => {
    const response = await ctx.app.inject({ url: '/api/Live/startRoom', cookies: { token: anchor.headers.token as string } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 1, msg: errors.LIVE_NEEDS_XHR.message });
    const withXhr = await ctx.app.inject({ url: '/api/Live/endRoom', cookies: { token: anchor.headers.token as string }, headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(withXhr.json().code).toBe(200);
  });

  it('sets title, placard and details for the owner only', async () => {
    const stranger = await createUser(ctx.db, { anchor: true });
    await post('/api/Live/createRoom', { title: '别人的', type: 3 }, stranger);
    expect(await get('/api/Live/setTitle', { title: '抢标题', room_id: roomId }, stranger)).toMatchObject({ code: 1, msg: errors.LIVE_NOT_OWNER.message });
    expect(await post('/api/Live/setPlacard', { placard: '抢公告', room_id: roomId }, stranger)).toMatchObject({ code: 1, msg: errors.LIVE_NOT_OWNER.message });
    expect(await get('/api/Live/setTitle', { title: '观众改' }, viewer)).toMatchObject({ code: 1, msg: errors.LIVE_NOT_ANCHOR.message });
    expect(await get('/api/Live/setTitle', { title: '   ' }, anchor)).toMatchObject({ code: 1, msg: errors.LIVE_TITLE_EMPTY.message });

    expect((await get('/api/Live/setTitle', { title: '曼城对阿森纳' }, anchor)).data.title).toBe('曼城对阿森纳');
    expect((await post('/api/Live/setPlacard', { placard: '<b>欢迎</b>来到直播间' }, anchor)).data.placard).toBe('<b>欢迎</b>来到直播间');
    expect((await post('/api/Live/setPlacard', { placard: 'x'.repeat(201) }, anchor)).msg).toBe('placard 长度不能超过 200 个字符');
    expect((await get('/api/Live/getPlacard', { room_id: roomId })).data).toEqual({ room_id: roomId, placard: '<b>欢迎</b>来到直播间' });
    expect(await get('/api/Live/getPlacard', { room_id: 999_999 })).toMatchObject({ code: 1, msg: errors.LIVE_ROOM_NOT_FOUND.message });

    expect(await get('/api/Live/updateLive', {}, anchor)).toMatchObject({ code: 1, msg: errors.LIVE_NOTHING_TO_UPDATE.message });
    expect(await get('/api/Live/updateLive', { match_id: 999_999 }, anchor)).toMatchObject({ code: 1, msg: errors.LIVE_MATCH_NOT_FOUND.message });
    const matchId = await createMatch(ctx.db, new Date(Date.now() + 3_600_000));
    const updated = await get('/api/Live/updateLive', { type: 1, cover: '/uploads/0123456789abcdef0123456789abcdef.png', match_id: matchId }, anchor);
    expect(updated.data).toMatchObject({ type: 1, cover: '/uploads/0123456789abcdef0123456789abcdef.png', match_id: matchId });
    const info = valid(LiveRoomInfoSchema, await get('/api/Live_streaming/getRoomInfo', { room_id: roomId }));
    expect(info.match).toMatchObject({ match_id: matchId, home_team_name_zh: '主队', away_team_name_zh: '客队', status: 'scheduled' });
    expect((await get('/api/Live/updateLive', { match_id: 0 }, anchor)).data.match_id).toBeNull();
  });

  it('shows a room to a guest and to a member: anchor, playback, follow state, role', async () => {
    const guestView = valid(LiveRoomInfoSchema, await get('/api/Live_streaming/getRoomInfo', { room_id: roomId }));
    expect(guestView).toMatchObject({
      room_id: roomId,
      title: '曼城对阿森纳',
      placard: '<b>欢迎</b>来到直播间',
      anchor: { anchor_id: anchor.id, user_nickname: '主播甲', fans: 0 },
      flv: `/live/room${roomId}.flv`,
      is_attention: 0,
      viewer_role: 'guest',
      is_muted: 0,
      muted_until: null,
      online: 0,
      is_live: 0,
    });
    await post('/api/Member/attention', { anchor_id: anchor.id }, viewer);
    const memberView = (await get('/api/Live_streaming/getRoomInfo', { room_id: roomId }, viewer)).data;
    expect(memberView).toMatchObject({ is_attention: 1, viewer_role: 'member', anchor: { fans: 1 } });
    expect((await get('/api/Live_streaming/getRoomInfo', { room_id: roomId }, anchor)).data.viewer_role).toBe('owner');
    // A stale token still shows the room, as to a guest.
    const stale = await ctx.app.inject({ url: `/api/Live_streaming/getRoomInfo?room_id=${roomId}`, headers: { token: 'st_nonsense' } });
    expect(stale.json().data.viewer_role).toBe('guest');
    expect((await get('/api/Live_streaming/getRoomInfo', { room_id: 'abc' })).msg).toBe('room_id 类型错误');
  });

  it('lists live rooms first, by online count, filtered by type', async () => {
    const rooms: number[] = [];
    for (const type of [2, 2, 2, 4]) {
      const owner = await createUser(ctx.db, { anchor: true });
      rooms.push((await post('/api/Live/createRoom', { title: `房间${type}`, type }, owner)).data.room_id);
    }
    // The ingest's part: two basketball rooms are publishing.
    await ctx.db.updateTable('live_room').set({ stream_status: 'live', stream_started_at: new Date() }).where('id', 'in', [rooms[0] as number, rooms[1] as number]).execute();
    const online = new Map([[rooms[0], 3], [rooms[1], 40]]);
    // What the chat provides through the rooms' presence port (live/presence.ts).
    ctx.app.roomPresence.provide({ onlineMembers: (id: number) => online.get(id) ?? 0 });

    const basketball = valid(LiveRoomPageSchema, await get('/api/Live_streaming/getLiveList', { type: 2 }));
    expect(basketball.total).toBe(3);
    expect(basketball.list.map((room: { room_id: number }) => room.room_id)).toEqual([rooms[1], rooms[0], rooms[2]]);
    expect(basketball.list[0]).toMatchObject({ is_live: 1, online: 40, type: 2 });

    const all = (await get('/api/Live_streaming/getLiveList', { type: 0, page_size: 100 })).data;
    expect(all.total).toBeGreaterThanOrEqual(6);
    expect(all.list.slice(0, 2).map((room: { room_id: number }) => room.room_id)).toEqual([rooms[1], rooms[0]]);
    const page2 = (await get('/api/Live_streaming/getLiveList', { type: 2, page: 2, page_size: 2 })).data;
    expect(page2.list.map((room: { room_id: number }) => room.room_id)).toEqual([rooms[2]]);
    expect((await get('/api/Live_streaming/getLiveList', { type: 5 })).code).toBe(1);
    expect((await get('/api/Live_streaming/getLiveList', { page_size: 101 })).msg).toBe('page_size 不能大于 100');
  });

  it('filters the live list by match (match_id), in SQL, keeping the order and the pages', async () => {
    const matchId = await createMatch(ctx.db, new Date(Date.now() + 3_600_000));
    const otherMatch = await createMatch(ctx.db, new Date(Date.now() + 3_600_000));
    const showing: number[] = [];
    for (const [type, match] of [[1, matchId], [2, matchId], [1, matchId], [1, otherMatch], [1, null]] as const) {
      const owner = await createUser(ctx.db, { anchor: true });
      const room = (await post('/api/Live/createRoom', { title: `比赛${type}`, type }, owner)).data.room_id as number;
      if (match !== null) expect((await get('/api/Live/updateLive', { match_id: match }, owner)).code).toBe(200);
      if (match === matchId) showing.push(room);
    }
    const [closed, openOnly, live] = showing as [number, number, number];
    await ctx.db.updateTable('live_room').set({ stream_status: 'live', stream_started_at: new Date() }).where('id', '=', live).execute();
    await ctx.db.updateTable('live_room').set({ is_open: true }).where('id', '=', openOnly).execute();

    const ofMatch = valid(LiveRoomPageSchema, await get('/api/Live_streaming/getLiveList', { match_id: matchId }));
    expect(ofMatch.total).toBe(3);
    // Live first, then open, then the rest.
    expect(ofMatch.list.map((room: { room_id: number }) => room.room_id)).toEqual([live, openOnly, closed]);
    expect(ofMatch.list.every((room: { match: { match_id: number } | null }) => room.match?.match_id === matchId)).toBe(true);
    const second = (await get('/api/Live_streaming/getLiveList', { match_id: matchId, page: 2, page_size: 2 })).data;
    expect(second).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(second.list.map((room: { room_id: number }) => room.room_id)).toEqual([closed]);
    // With the type filter too.
    expect((await get('/api/Live_streaming/getLiveList', { match_id: matchId, type: 2 })).data.list.map((room: { room_id: number }) => room.room_id)).toEqual([openOnly]);
    expect((await get('/api/Live_streaming/getLiveList', { match_id: otherMatch })).data.total).toBe(1);
    expect((await get('/api/Live_streaming/getLiveList', { match_id: 999_999 })).data).toMatchObject({ total: 0, list: [] });

    expect(await get('/api/Live_streaming/getLiveList', { match_id: 0 })).toMatchObject({ code: 1, msg: 'match_id 不能小于 1' });
    expect(await get('/api/Live_streaming/getLiveList', { match_id: -3 })).toMatchObject({ code: 1, msg: 'match_id 不能小于 1' });
    expect(await get('/api/Live_streaming/getLiveList', { match_id: 'abc' })).toMatchObject({ code: 1, msg: 'match_id 类型错误' });
    expect(await get('/api/Live_streaming/getLiveList', { match_id: '9x' })).toMatchObject({ code: 1, msg: 'match_id 类型错误' });
  });

  it('lets only the owner set admins, at most ROOM_ADMINS_MAX, and emits adminsChanged', async () => {
    const admin = await createUser(ctx.db);
    const events: RoomEventMap['adminsChanged'][0][] = [];
    const listener = (event: RoomEventMap['adminsChanged'][0]) => events.push(event);
    ctx.app.roomEvents.on('adminsChanged', listener);
    try {
      expect(await get('/api/tenxun/setRoomAdmin', { user_id: admin.id, type: 1 }, viewer)).toMatchObject({ code: 1, msg: errors.LIVE_NOT_ANCHOR.message });
      expect(await get('/api/tenxun/setRoomAdmin', { user_id: admin.id, type: 1 }, anchor)).toMatchObject({ code: 200 });
      expect(events).toEqual([{ roomId, ownerId: anchor.id, adminIds: [admin.id] }]);
      // An admin cannot appoint admins either: only the owner sets them.
      expect(await get('/api/tenxun/setRoomAdmin', { user_id: viewer.id, type: 1, room_id: roomId }, admin)).toMatchObject({ code: 1, msg: errors.LIVE_NOT_ANCHOR.message });
      expect(await get('/api/tenxun/setRoomAdmin', { user_id: anchor.id, type: 1 }, anchor)).toMatchObject({ code: 1, msg: errors.LIVE_CANNOT_ADMIN_SELF.message });
      expect(await get('/api/tenxun/setRoomAdmin', { user_id: 999_999, type: 1 }, anchor)).toMatchObject({ code: 1, msg: errors.LIVE_USER_NOT_FOUND.message });

      const list = (await get('/api/tenxun/getRoomAdmin', { room_id: roomId })).data;
      expect(list).toEqual({ room_id: roomId, max: ROOM_ADMINS_MAX, list: [{ user_id: admin.id, user_nickname: expect.any(String), avatar: expect.any(String) }] });
      expect((await get('/api/Live_streaming/getRoomInfo', { room_id: roomId }, admin)).data.viewer_role).toBe('admin');

      const extra: TestUser[] = [];
      for (let index = 1; index < ROOM_ADMINS_MAX; index += 1) extra.push(await createUser(ctx.db));
      await Promise.all(extra.map((user) => get('/api/tenxun/setRoomAdmin', { user_id: user.id, type: 1 }, anchor)));
      const oneTooMany = await createUser(ctx.db);
      expect(await get('/api/tenxun/setRoomAdmin', { user_id: oneTooMany.id, type: 1 }, anchor)).toMatchObject({ code: 1, msg: errors.LIVE_TOO_MANY_ADMINS.message });
      expect((await get('/api/tenxun/getRoomAdmin', { room_id: roomId })).data.list).toHaveLength(ROOM_ADMINS_MAX);
      for (const user of extra) await get('/api/tenxun/setRoomAdmin', { user_id: user.id, type: 0 }, anchor);
      expect((await get('/api/tenxun/getRoomAdmin', { room_id: roomId })).data.list.map((entry: { user_id: number }) => entry.user_id)).toEqual([admin.id]);
    } finally {
      ctx.app.roomEvents.off('adminsChanged', listener);
    }
  });

  it('lets the owner and admins mute members; an admin mutes neither the owner nor an admin', async () => {
    const admin = (await get('/api/tenxun/getRoomAdmin', { room_id: roomId })).data.list[0].user_id as number;
    const adminUser = { id: admin, mobile: '', headers: (await createSessionFor(admin)).headers };
    const secondAdmin = await createUser(ctx.db);
    await get('/api/tenxun/setRoomAdmin', { user_id: secondAdmin.id, type: 1 }, anchor);
    const member = await createUser(ctx.db);
    const muted: RoomEventMap['muted'][0][] = [];
    const unmuted: RoomEventMap['unmuted'][0][] = [];
    const onMuted = (event: RoomEventMap['muted'][0]) => muted.push(event);
    const onUnmuted = (event: RoomEventMap['unmuted'][0]) => unmuted.push(event);
    ctx.app.roomEvents.on('muted', onMuted);
    ctx.app.roomEvents.on('unmuted', onUnmuted);
    try {
      expect(await get('/api/Live/ban1', { room_id: roomId, user_id: viewer.id, ban: 1 }, member)).toMatchObject({ code: 1, msg: errors.LIVE_NOT_MODERATOR.message });
      expect(await get('/api/Live/ban1', { room_id: roomId, user_id: anchor.id, ban: 1 }, adminUser)).toMatchObject({ code: 1, msg: errors.LIVE_CANNOT_MUTE_OWNER.message });
      expect(await get('/api/Live/ban1', { room_id: roomId, user_id: secondAdmin.id, ban: 1 }, adminUser)).toMatchObject({ code: 1, msg: errors.LIVE_CANNOT_MUTE_ADMIN.message });
      expect(await get('/api/Live/ban1', { room_id: roomId, user_id: admin, ban: 1 }, adminUser)).toMatchObject({ code: 1, msg: errors.LIVE_CANNOT_MUTE_SELF.message });
      expect((await get('/api/Live/ban1', { room_id: roomId, user_id: member.id, ban: 1, minutes: 0 }, adminUser)).msg).toBe('minutes 不能小于 1');
      expect(muted).toEqual([]);

      const timed = await get('/api/Live/ban1', { room_id: roomId, user_id: member.id, ban: 1, minutes: 10 }, adminUser);
      expect(timed.data).toMatchObject({ room_id: roomId, user_id: member.id, is_muted: 1 });
      expect(Date.parse(timed.data.until) - Date.now()).toBeGreaterThan(9 * 60_000);
      expect(muted).toEqual([{ roomId, ownerId: anchor.id, userId: member.id, until: new Date(timed.data.until) }]);
      // The muted viewer's room info says so, and until when.
      const mutedView = valid(LiveRoomInfoSchema, await get('/api/Live_streaming/getRoomInfo', { room_id: roomId }, member));
      expect(mutedView).toMatchObject({ is_muted: 1, muted_until: timed.data.until });
      // Nobody else is muted by it.
      expect((await get('/api/Live_streaming/getRoomInfo', { room_id: roomId }, viewer)).data).toMatchObject({ is_muted: 0, muted_until: null });

      // The owner may mute an admin, until lifted.
      expect((await get('/api/Live/ban1', { room_id: roomId, user_id: secondAdmin.id, ban: 1 }, anchor)).data).toMatchObject({ is_muted: 1, until: null });
      expect((await get('/api/Live_streaming/getRoomInfo', { room_id: roomId }, secondAdmin)).data).toMatchObject({ is_muted: 1, muted_until: null });
      expect((await get('/api/Live/ban1', { room_id: roomId, user_id: member.id, ban: 0 }, anchor)).data).toMatchObject({ is_muted: 0 });
      expect(unmuted).toEqual([{ roomId, ownerId: anchor.id, userId: member.id }]);
      expect((await get('/api/Live_streaming/getRoomInfo', { room_id: roomId }, member)).data).toMatchObject({ is_muted: 0, muted_until: null });

      // A timed mute that has run out is no mute: neither flag nor time.
      await get('/api/Live/ban1', { room_id: roomId, user_id: member.id, ban: 1, minutes: 5 }, anchor);
      await ctx.db.updateTable('live_room_mute').set({ until: new Date(Date.now() - 1_000) }).where('room_id', '=', roomId).where('user_id', '=', member.id).execute();
      expect((await get('/api/Live_streaming/getRoomInfo', { room_id: roomId }, member)).data).toMatchObject({ is_muted: 0, muted_until: null });
    } finally {
      ctx.app.roomEvents.off('muted', onMuted);
      ctx.app.roomEvents.off('unmuted', onUnmuted);
    }
  });

  async function createSessionFor(userId: number) {
    const { issueSession } = await import('../accounts/sessions/sessions');
    const { token } = await issueSession(ctx.db, userId, 3_600);
    return { headers: { token } };
  }
});

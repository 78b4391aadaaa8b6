import { FOLLOWER_KEYWORD_MAX, FollowerPageSchema, LiveSchedulePageSchema, LiveScheduleSchema } from '@sports/shared/server';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { type CallResult, type TestUser, caller, createMatch, createUser } from './testing/roomsTestKit';

const valid = (schema: TSchema, result: CallResult) => {
  expect(result.code, result.msg).toBe(200);
  expect(Value.Errors(schema, result.data)).toEqual([]);
  return result.data;
};
const HOUR = 3_600_000;
const names = (page: { list: { user_nickname: string }[] }) => page.list.map((item) => item.user_nickname);

/** What the owner console reads that no other screen does: my followers, my room's schedules. */
describeEachDatabase('rooms API: the owner console', (target) => {
  const ctx = useTestApp(target);
  const { get, post } = caller(() => ctx.app);

  describe('GET api/Live/followerList', () => {
    let anchor: TestUser;
    let otherAnchor: TestUser;
    const follower: Record<string, TestUser> = {};
    /** Nicknames in follow order, oldest first: the list shows them newest first. */
    const NICKNAMES = ['a_c小明', '100%球迷', 'ABC队长', 'a1c', '1009球迷', 'back\\slash'];

    beforeAll(async () => {
      anchor = await createUser(ctx.db, { anchor: true, nickname: '主播戊' });
      otherAnchor = await createUser(ctx.db, { anchor: true, nickname: '主播己' });
      expect((await post('/api/Live/createRoom', { title: '戊的直播间', type: 1 }, anchor)).code).toBe(200);
      expect((await post('/api/Live/createRoom', { title: '己的直播间', type: 2 }, otherAnchor)).code).toBe(200);
      const start = Date.parse('2026-11-01T00:00:00Z');
      for (const [index, nickname] of NICKNAMES.entries()) {
        const user = await createUser(ctx.db, { nickname });
        follower[nickname] = user;
        await ctx.db.insertInto('user_follow').values({ follower_id: user.id, anchor_id: anchor.id, created_at: new Date(start + index * HOUR) }).execute();
      }
      // Followers of someone else, and a follower of both.
      const stranger = await createUser(ctx.db, { nickname: 'ABC路人' });
      await ctx.db.insertInto('user_follow').values({ follower_id: stranger.id, anchor_id: otherAnchor.id, created_at: new Date(start) }).execute();
      await ctx.db.insertInto('user_follow').values({ follower_id: follower['a_c小明']!.id, anchor_id: otherAnchor.id, created_at: new Date(start) }).execute();
    });

    it('needs a login', async () => {
      expect((await get('/api/Live/followerList')).code).toBe(700);
    });

    it('lists only my own followers, newest follow first, with the fields the picker shows', async () => {
      const page = valid(FollowerPageSchema, await get('/api/Live/followerList', {}, anchor));
      expect(page).toMatchObject({ total: NICKNAMES.length, page: 1, page_size: 20 });
      expect(names(page)).toEqual([...NICKNAMES].reverse());
      expect(page.list[0]).toEqual({
        user_id: follower['back\\slash']!.id,
        user_nickname: 'back\\slash',
        avatar: '/static/avatars/avatar-1.svg',
        is_admin: 0,
        followed_at: new Date(Date.parse('2026-11-01T00:00:00Z') + 5 * HOUR).toISOString(),
      });
      expect(names((await get('/api/Live/followerList', {}, otherAnchor)).data).sort()).toEqual(['ABC路人', 'a_c小明']);
      // A member nobody follows (followers are anchors' only).
      const member = await createUser(ctx.db);
      expect((await get('/api/Live/followerList', {}, member)).data).toEqual({ list: [], total: 0, page: 1, page_size: 20 });
    });

    it('filters by a nickname fragment, case-insensitively, with %, _ and \\ taken literally', async () => {
      const search = async (keyword: string) => names(valid(FollowerPageSchema, await get('/api/Live/followerList', { keyword }, anchor)));
      expect(await search('abc')).toEqual(['ABC队长']);
      expect(await search('  abc ')).toEqual(['ABC队长']);
      // As wildcards '_' would match every name, 'a_c' also 'a1c' and 'ABC队长', '0%' also '1009球迷'.
      expect(await search('_')).toEqual(['a_c小明']);
      expect(await search('a_c')).toEqual(['a_c小明']);
      expect(await search('%')).toEqual(['100%球迷']);
      expect(await search('0%')).toEqual(['100%球迷']);
      expect(await search('\\')).toEqual(['back\\slash']);
      expect(await search('球迷')).toEqual(['1009球迷', '100%球迷']);
      expect(await search('')).toHaveLength(NICKNAMES.length);
      expect(await search('路人')).toEqual([]);
      const filtered = (await get('/api/Live/followerList', { keyword: '球迷', page_size: 1, page: 2 }, anchor)).data;
      expect(filtered).toMatchObject({ total: 2, page: 2, page_size: 1 });
      expect(names(filtered)).toEqual(['100%球迷']);
    });

    it('pages like the other lists', async () => {
      const reversed = [...NICKNAMES].reverse();
      const seen: string[] = [];
      for (let page = 1; page <= 3; page += 1) {
        const answer = valid(FollowerPageSchema, await get('/api/Live/followerList', { page, page_size: 2 }, anchor));
        expect(answer).toMatchObject({ total: NICKNAMES.length, page, page_size: 2 });
        seen.push(...names(answer));
      }
      expect(seen).toEqual(reversed);
      expect((await get('/api/Live/followerList', { page: 4, page_size: 2 }, anchor)).data).toMatchObject({ list: [], total: NICKNAMES.length });
    });

    it('marks the followers who are already admins of my room (not of another room)', async () => {
      const captain = follower['ABC队长']!;
      expect((await get('/api/tenxun/setRoomAdmin', { user_id: captain.id, type: 1 }, anchor)).code).toBe(200);
      // An admin of the other anchor's room is not one of mine.
      expect((await get('/api/tenxun/setRoomAdmin', { user_id: follower['a_c小明']!.id, type: 1 }, otherAnchor)).code).toBe(200);
      const page = valid(FollowerPageSchema, await get('/api/Live/followerList', {}, anchor));
      expect(page.list.filter((item: { is_admin: number }) => item.is_admin === 1).map((item: { user_nickname: string }) => item.user_nickname)).toEqual(['ABC队长']);
      expect((await get('/api/Live/followerList', { keyword: 'a_c' }, otherAnchor)).data.list[0]).toMatchObject({ user_nickname: 'a_c小明', is_admin: 1 });

      expect((await get('/api/tenxun/setRoomAdmin', { user_id: captain.id, type: 0 }, anchor)).code).toBe(200);
      expect((await get('/api/Live/followerList', { keyword: 'abc' }, anchor)).data.list[0]).toMatchObject({ is_admin: 0 });
    });

    it('refuses out-of-bounds queries with the validation message', async () => {
      expect(await get('/api/Live/followerList', { keyword: 'x'.repeat(FOLLOWER_KEYWORD_MAX + 1) }, anchor)).toMatchObject({
        code: 1,
        msg: `keyword 长度不能超过 ${FOLLOWER_KEYWORD_MAX} 个字符`,
      });
      expect((await get('/api/Live/followerList', { keyword: 'x'.repeat(FOLLOWER_KEYWORD_MAX) }, anchor)).code).toBe(200);
      expect((await get('/api/Live/followerList', { page: 0 }, anchor)).code).toBe(1);
      expect((await get('/api/Live/followerList', { page: 1_001 }, anchor)).code).toBe(1);
      expect((await get('/api/Live/followerList', { page_size: 0 }, anchor)).code).toBe(1);
      expect((await get('/api/Live/followerList', { page_size: 101 }, anchor)).code).toBe(1);
      expect((await get('/api/Live/followerList', { page: 'abc' }, anchor)).code).toBe(1);
      expect((await get('/api/Live/followerList', { keyword: 'a\u0000b' }, anchor)).code).toBe(1);
    });
  });

  describe('GET api/Live_streaming/getReserveLiveList?room_id=', () => {
    it("lists one room's upcoming schedules only, soonest first, paginated, with the other filters", async () => {
      const firstMatch = await createMatch(ctx.db, new Date(Date.now() + 4 * HOUR));
      const secondMatch = await createMatch(ctx.db, new Date(Date.now() + 5 * HOUR));
      const roomOf = async (type: number) => {
        const owner = await createUser(ctx.db, { anchor: true });
        const roomId = (await post('/api/Live/createRoom', { title: '预告', type }, owner)).data.room_id as number;
        const schedule = async (matchId: number, startsInHours: number) =>
          valid(LiveScheduleSchema, await post('/api/Live/setReserveLiveNew', { match_id: matchId, starts_at: new Date(Date.now() + startsInHours * HOUR).toISOString() }, owner)).id as number;
        return { owner, roomId, schedule };
      };
      const mine = await roomOf(1);
      const theirs = await roomOf(2);
      const mineLater = await mine.schedule(firstMatch, 3);
      const mineSooner = await mine.schedule(secondMatch, 1);
      const theirsOne = await theirs.schedule(firstMatch, 2);

      const ofMine = valid(LiveSchedulePageSchema, await get('/api/Live_streaming/getReserveLiveList', { room_id: mine.roomId }));
      expect(ofMine.total).toBe(2);
      expect(ofMine.list.map((item: { id: number }) => item.id)).toEqual([mineSooner, mineLater]);
      expect(ofMine.list.every((item: { room_id: number }) => item.room_id === mine.roomId)).toBe(true);
      expect((await get('/api/Live_streaming/getReserveLiveList', { room_id: theirs.roomId })).data.list.map((item: { id: number }) => item.id)).toEqual([theirsOne]);
      const page2 = (await get('/api/Live_streaming/getReserveLiveList', { room_id: mine.roomId, page: 2, page_size: 1 })).data;
      expect(page2).toMatchObject({ total: 2, page: 2, page_size: 1 });
      expect(page2.list.map((item: { id: number }) => item.id)).toEqual([mineLater]);
      // With match_id and type: both must hold.
      expect((await get('/api/Live_streaming/getReserveLiveList', { room_id: mine.roomId, match_id: firstMatch })).data.list.map((item: { id: number }) => item.id)).toEqual([mineLater]);
      expect((await get('/api/Live_streaming/getReserveLiveList', { room_id: mine.roomId, type: 2 })).data.total).toBe(0);
      // No such room: nothing, not an error.
      expect((await get('/api/Live_streaming/getReserveLiveList', { room_id: 999_999 })).data).toMatchObject({ total: 0, list: [] });
      // A deleted schedule leaves the room's list.
      expect((await get('/api/Live/deleteReserveLive', { id: mineSooner }, mine.owner)).code).toBe(200);
      expect((await get('/api/Live_streaming/getReserveLiveList', { room_id: mine.roomId })).data.list.map((item: { id: number }) => item.id)).toEqual([mineLater]);

      expect(await get('/api/Live_streaming/getReserveLiveList', { room_id: 0 })).toMatchObject({ code: 1, msg: 'room_id 不能小于 1' });
      expect(await get('/api/Live_streaming/getReserveLiveList', { room_id: 'abc' })).toMatchObject({ code: 1, msg: 'room_id 类型错误' });
    });
  });
});

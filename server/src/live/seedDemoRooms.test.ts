import { expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { createManualClock } from '../infra/clock';
import { LIVE_TEST_START, liveFeedTestOptions, playFeed } from '../scores/feed/testing/liveTestKit';
import { DEMO_ANCHORS, linkDemoRoomsToMatches, seedDemoRooms } from './seedDemoRooms';

describeEachDatabase('demo rooms', (target) => {
  const ctx = useTestApp(target);

  it('seeds two open rooms of each type, once, listed by the live list', async () => {
    await seedDemoRooms(ctx.db);
    await ctx.db.updateTable('live_room').set({ title: '运维改过的标题' }).where('type', '=', 4).execute();
    await seedDemoRooms(ctx.db);
    const rooms = await ctx.db.selectFrom('live_room').select(['type', 'title', 'is_open', 'is_test']).execute();
    expect(rooms).toHaveLength(DEMO_ANCHORS.length);
    // Real-looking rooms, not test rooms: they fill the ranking (#/rank) on a fresh site.
    expect(rooms.every((room) => !room.is_test)).toBe(true);
    for (const type of [1, 2, 3, 4]) expect(rooms.filter((room) => room.type === type)).toHaveLength(2);
    // Edits are kept: a second seed inserts nothing.
    expect(rooms.filter((room) => room.title === '运维改过的标题')).toHaveLength(2);
    const list = (await ctx.app.inject({ url: '/api/Live_streaming/getLiveList?type=3' })).json();
    expect(list.data.list.map((room: { anchor: { user_nickname: string } }) => room.anchor.user_nickname).sort()).toEqual(['峡谷小鹿', '电竞阿杰'].sort());
  });
});

describeEachDatabase('demo rooms on matches', (target) => {
  const clock = createManualClock(LIVE_TEST_START);
  const ctx = useTestApp(target, { app: { live: { feed: liveFeedTestOptions(clock) } } });
  const roomsWithMatches = () =>
    ctx.db
      .selectFrom('live_room as r')
      .leftJoin('match as m', 'm.id', 'r.match_id')
      .select(['r.id', 'r.type', 'r.match_id', 'm.sport', 'm.status'])
      .orderBy('r.id')
      .execute();

  it('points each demo room at a match of its category in play, one room a match, and moves on when it ends', async () => {
    await playFeed(ctx.app, clock, 120_000);
    await seedDemoRooms(ctx.db);
    // The test feed announces two simulated hours ahead: a category may have one match to give.
    expect(await linkDemoRoomsToMatches(ctx.db, clock())).toBeGreaterThanOrEqual(DEMO_ANCHORS.length - 2);
    const rooms = (await roomsWithMatches()).filter((room) => room.match_id !== null);
    const sports = { 1: 'football', 2: 'basketball', 3: 'esports', 4: 'general' } as const;
    for (const room of rooms) expect(room.sport).toBe(sports[room.type]);
    expect(new Set(rooms.map((room) => room.type))).toEqual(new Set([1, 2, 3, 4]));
    expect(new Set(rooms.map((room) => room.match_id)).size).toBe(rooms.length);
    // Football and basketball always have matches in play in the demo day.
    expect(rooms.filter((room) => room.type <= 2).every((room) => room.status === 'live' || room.status === 'halftime')).toBe(true);
    // The score-live page finds a room from its match.
    const first = rooms[0];
    const list = (await ctx.app.inject({ url: `/api/Live_streaming/getLiveList?type=0&match_id=${first?.match_id}` })).json();
    expect(list.data.list[0]?.room_id).toBe(first?.id);

    // Nothing to do while the matches go on.
    expect(await linkDemoRoomsToMatches(ctx.db, clock())).toBe(0);
    // Five simulated hours later every first match has ended (a best-of-11 snooker match takes 3-5 hours): each room moved on.
    await playFeed(ctx.app, clock, 300_000, 30_000);
    await linkDemoRoomsToMatches(ctx.db, clock());
    const later = new Map((await roomsWithMatches()).map((room) => [room.id, room]));
    for (const room of rooms) {
      expect(later.get(room.id)?.match_id).not.toBe(room.match_id);
      expect(later.get(room.id)?.status).not.toBe('finished');
    }
  });
});

import { expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { DEMO_ANCHORS, seedDemoRooms } from './seedDemoRooms';

describeEachDatabase('demo rooms', (target) => {
  const ctx = useTestApp(target);

  it('seeds two open rooms of each type, once, listed by the live list', async () => {
    await seedDemoRooms(ctx.db);
    await ctx.db.updateTable('live_room').set({ title: '运维改过的标题' }).where('type', '=', 4).execute();
    await seedDemoRooms(ctx.db);
    const rooms = await ctx.db.selectFrom('live_room').select(['type', 'title', 'is_open']).execute();
    expect(rooms).toHaveLength(DEMO_ANCHORS.length);
    for (const type of [1, 2, 3, 4]) expect(rooms.filter((room) => room.type === type)).toHaveLength(2);
    // Edits are kept: a second seed inserts nothing.
    expect(rooms.filter((room) => room.title === '运维改过的标题')).toHaveLength(2);
    const list = (await ctx.app.inject({ url: '/api/Live_streaming/getLiveList?type=3' })).json();
    expect(list.data.list.map((room: { anchor: { user_nickname: string } }) => room.anchor.user_nickname).sort()).toEqual(['峡谷小鹿', '电竞阿杰'].sort());
  });
});

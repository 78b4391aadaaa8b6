import type { LiveRoomCard, PageOf } from '../schemas/index';

let nextRoomId = 10;

/** A room card as the server sends it (tests of every remote that lists rooms); override what the test is about. */
export function roomCard(overrides: Partial<LiveRoomCard> = {}): LiveRoomCard {
  const id = overrides.room_id ?? (nextRoomId += 1);
  return {
    room_id: id,
    anchor: { anchor_id: id * 100, user_nickname: `主播${id}`, avatar: `/uploads/avatar${id}.png`, fans: 3 },
    title: `直播间${id}`,
    type: 1,
    cover: `/uploads/cover${id}.jpg`,
    thumb: `/live/thumb/room${id}.jpg?v=1`,
    is_open: 1,
    stream_status: 'live',
    is_live: 1,
    online: 7,
    group_id: String(id * 100),
    match: null,
    ...overrides,
  };
}

/** One page of a list answer (`{list, total, page, page_size}`), as the server pages them (20 a page). */
export function pageOf<Item>(list: Item[], total = list.length, page = 1): PageOf<Item> {
  return { list, total, page, page_size: 20 };
}

import type { Clip, Replay } from '@sports/shared';

/** A ready goal clip of room 7's match 900 (unit tests' fixture; the journeys drive the real server). */
export function clipFixture(overrides: Partial<Clip> = {}): Clip {
  return {
    id: 31,
    title: "进球！曼城 2-1 阿森纳 67'",
    kind: 'goal',
    status: 'ready',
    failure: null,
    video_url: '/media/clips/31.mp4',
    thumb_url: '/media/clips/31.jpg',
    duration_ms: 30_000,
    happened_at: '2026-12-06T12:07:00.000Z',
    created_at: '2026-12-06T12:07:12.000Z',
    room_id: 7,
    anchor: { user_id: 1100, user_nickname: '主播老李', avatar: '' },
    match_id: 900,
    event_id: 4501,
    minute: "67'",
    creator: null,
    can_edit: 0,
    ...overrides,
  };
}

/** A ready replay of room 7 (anchor 1100). */
export function replayFixture(overrides: Partial<Replay> = {}): Replay {
  return {
    id: 61,
    room_id: 7,
    title: '英超直播',
    anchor: { user_id: 1100, user_nickname: '主播老李', avatar: '' },
    match_id: 900,
    started_at: '2026-12-06T11:00:00.000Z',
    ended_at: '2026-12-06T13:00:00.000Z',
    duration_ms: 7_200_000,
    status: 'ready',
    thumb_url: '/media/replays/61.jpg',
    can_edit: 0,
    ...overrides,
  };
}

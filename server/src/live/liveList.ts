import type { LiveListQuery, LiveRoomCard, PageOf } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import { pageOf, pageWindow } from '../infra/http/pagination';
import { type RoomPresence, onlineOf } from './presence';
import { roomCards } from './roomCards';

/**
 * Live rooms ordered by online count are sorted here, not in SQL: the count lives in the chat's
 * memory. Rooms live at one time are few; past this many, the rest follow by start time.
 */
export const LIVE_ROOMS_SORTED_MAX = 2_000;

/**
 * `getLiveList`: rooms of a type (0 all), or showing a match (`match_id`, score-live). Live rooms
 * first, most online first; then the rest: open rooms before closed ones, the most recently changed first.
 */
export async function liveList(db: Kysely<Database>, presence: RoomPresence, query: LiveListQuery): Promise<PageOf<LiveRoomCard>> {
  const window = pageWindow(query);
  let rooms = db.selectFrom('live_room');
  if (query.type !== undefined && query.type !== 0) rooms = rooms.where('type', '=', query.type);
  if (query.match_id !== undefined) rooms = rooms.where('match_id', '=', query.match_id);
  const total = Number((await rooms.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  const live = await rooms.select(['id']).where('stream_status', '=', 'live').orderBy('stream_started_at').orderBy('id').limit(LIVE_ROOMS_SORTED_MAX).execute();
  const liveIds = live
    .map((room, index) => ({ id: room.id, index, online: onlineOf(presence, room.id) }))
    // Stable: equal counts keep the earlier start first.
    .sort((a, b) => b.online - a.online || a.index - b.index)
    .map((room) => room.id);

  const fromLive = liveIds.slice(window.offset, window.offset + window.pageSize);
  const restNeeded = window.pageSize - fromLive.length;
  let restIds: number[] = [];
  if (restNeeded > 0) {
    const rest = await rooms
      .select(['id'])
      .where((eb) => (liveIds.length === 0 ? eb.val(true) : eb('id', 'not in', liveIds)))
      .orderBy('is_open', 'desc')
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .limit(restNeeded)
      .offset(Math.max(0, window.offset - liveIds.length))
      .execute();
    restIds = rest.map((room) => room.id);
  }
  return pageOf(await roomCards(db, presence, [...fromLive, ...restIds]), total, window);
}

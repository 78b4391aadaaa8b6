import type { PageOf, WatchRecordRequest, WatchRecordResult, WatchlistItem, WatchlistQuery } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import { chinaDate } from '../infra/chinaTime';
import { errors } from '../infra/http/errorCatalogue';
import { pageOf, pageWindow } from '../infra/http/pagination';
import { isAcceptableCover } from '../live/index';

/**
 * Watch history: the room page sends `api/User/watchRecord {room_id, seconds}` as a heartbeat
 * while a signed-in member watches; seconds add up per member, room and day (Asia/Shanghai).
 * What a heartbeat may add is bounded by the wall time since the member's previous heartbeat in
 * that room (plus a small slack for network jitter), so sending faster or claiming more adds
 * nothing; the first heartbeat of a day in a room counts at most FIRST_HEARTBEAT_MAX_SECONDS; a
 * day holds at most 24 h. The bound is applied in the upsert itself, under the row's lock, so
 * concurrent heartbeats cannot both claim the same interval.
 */
export const WATCH_SLACK_SECONDS = 5;
export const FIRST_HEARTBEAT_MAX_SECONDS = 60;
export const DAY_SECONDS = 86_400;

/** The calendar day (China, UTC+8) a heartbeat counts on, as 'YYYY-MM-DD'. */
export const watchDay = chinaDate;

export async function recordWatch(db: Kysely<Database>, userId: number, request: WatchRecordRequest, now: Date): Promise<Omit<WatchRecordResult, 'beacon_token'>> {
  const room = await db.selectFrom('live_room').select('id').where('id', '=', request.room_id).executeTakeFirst();
  if (room === undefined) throw errors.MEMBER_WATCH_ROOM_NOT_FOUND();
  const day = watchDay(now);
  const first = Math.min(request.seconds, FIRST_HEARTBEAT_MAX_SECONDS);
  const claimed = request.seconds;
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('watch_record')
      .select('seconds')
      .where('user_id', '=', userId)
      .where('room_id', '=', room.id)
      .where('day', '=', sql<Date>`${day}::date`)
      .forUpdate()
      .executeTakeFirst();
    const row = await trx
      .insertInto('watch_record')
      .values({ user_id: userId, room_id: room.id, day, seconds: first, last_watched_at: now })
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'room_id', 'day']).doUpdateSet({
          seconds: sql<number>`least(${DAY_SECONDS}, watch_record.seconds + greatest(0, least(${claimed}::int, floor(extract(epoch from (${now}::timestamptz - watch_record.last_watched_at)))::int + ${WATCH_SLACK_SECONDS}::int)))`,
          last_watched_at: sql<Date>`greatest(watch_record.last_watched_at, ${now}::timestamptz)`,
        }),
      )
      .returning('seconds')
      .executeTakeFirstOrThrow();
    return { room_id: room.id, counted_seconds: row.seconds - (before?.seconds ?? 0), today_seconds: row.seconds };
  });
}

/** `api/User/watchlistList`: the rooms I watched, the most recently watched first, with my total time in each. */
export async function watchlist(db: Kysely<Database>, userId: number, query: WatchlistQuery): Promise<PageOf<WatchlistItem>> {
  const window = pageWindow(query);
  const total = Number(
    (await db.selectFrom('watch_record').select(sql<string>`count(distinct room_id)`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n,
  );
  const watched = db
    .selectFrom('watch_record')
    .select(['room_id'])
    .select((eb) => [eb.fn.max('last_watched_at').as('last_watched_at'), eb.fn.sum<string>('seconds').as('total_seconds')])
    .where('user_id', '=', userId)
    .groupBy('room_id')
    .as('w');
  const rows = await db
    .selectFrom(watched)
    .innerJoin('live_room as r', 'r.id', 'w.room_id')
    .innerJoin('app_user as u', 'u.id', 'r.owner_id')
    .select(['w.room_id', 'w.last_watched_at', 'w.total_seconds', 'r.title', 'r.cover', 'r.stream_status', 'r.owner_id', 'u.user_nickname'])
    .orderBy('w.last_watched_at', 'desc')
    .orderBy('w.room_id', 'desc')
    .limit(window.pageSize)
    .offset(window.offset)
    .execute();
  const list = rows.map((row) => ({
    room_id: row.room_id,
    title: row.title,
    anchor_id: row.owner_id,
    anchor_nickname: row.user_nickname,
    cover: isAcceptableCover(row.cover, null) ? row.cover : '',
    stream_status: row.stream_status,
    is_live: row.stream_status === 'live' ? (1 as const) : (0 as const),
    last_watched_at: new Date(row.last_watched_at).toISOString(),
    total_seconds: Number(row.total_seconds),
  }));
  return pageOf(list, total, window);
}

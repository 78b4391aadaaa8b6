import type { LiveSchedule, PageOf, ReserveLiveListQuery, SetReserveLiveRequest } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { SessionUser } from '../accounts/index';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { pageOf, pageWindow } from '../infra/http/pagination';
import { ownRoom, requireMatch } from './roomAccess';
import { fansOf, flag, matchesById } from './roomCards';

/** A schedule stays on the upcoming list this long after it starts (the match is being played). */
export const SCHEDULE_LISTED_AFTER_START_MS = 3 * 3_600_000;

/** `setReserveLiveNew`: the anchor will broadcast a match; scheduling it again updates it. */
export async function setSchedule(db: Kysely<Database>, user: SessionUser, request: SetReserveLiveRequest, now: Date): Promise<LiveSchedule> {
  const room = await ownRoom(db, user);
  const match = await requireMatch(db, request.match_id);
  if (match.status === 'finished') throw errors.LIVE_MATCH_FINISHED();
  const startsAt = request.starts_at === undefined ? match.kickoff_at : new Date(request.starts_at);
  if (Number.isNaN(startsAt.getTime()) || startsAt.getTime() < now.getTime() - SCHEDULE_LISTED_AFTER_START_MS) throw errors.LIVE_SCHEDULE_IN_PAST();
  const title = request.title?.trim() ?? '';
  const row = await db
    .insertInto('live_schedule')
    .values({ room_id: room.id, match_id: match.id, title, starts_at: startsAt })
    .onConflict((conflict) => conflict.columns(['room_id', 'match_id']).doUpdateSet({ title, starts_at: startsAt }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const [schedule] = await schedulesById(db, [row.id], user.id);
  return schedule as LiveSchedule;
}

/** `deleteReserveLive`: only the anchor whose room it is; reservations of it go with it. */
export async function deleteSchedule(db: Kysely<Database>, user: SessionUser, scheduleId: number): Promise<void> {
  const room = await ownRoom(db, user);
  const deleted = await db.deleteFrom('live_schedule').where('id', '=', scheduleId).where('room_id', '=', room.id).executeTakeFirst();
  if (deleted.numDeletedRows === 0n) throw errors.LIVE_SCHEDULE_NOT_FOUND();
}

function scheduleQuery(db: Kysely<Database>, viewerId: number | null) {
  return db
    .selectFrom('live_schedule as s')
    .innerJoin('live_room as r', 'r.id', 's.room_id')
    .innerJoin('app_user as u', 'u.id', 'r.owner_id')
    .select(['s.id', 's.room_id', 's.title', 's.starts_at', 's.match_id', 'r.owner_id', 'r.stream_status', 'u.user_nickname', 'u.avatar'])
    .select(fansOf('r.owner_id').as('fans'))
    .select(sql<number>`(select count(*) from live_reservation v where v.schedule_id = s.id)`.as('reservations'))
    .select(sql<boolean>`exists (select 1 from live_reservation v where v.schedule_id = s.id and v.user_id = ${viewerId ?? 0})`.as('reserved'));
}

type ScheduleRecord = Awaited<ReturnType<ReturnType<typeof scheduleQuery>['executeTakeFirstOrThrow']>>;

async function toSchedules(db: Kysely<Database>, records: ScheduleRecord[]): Promise<LiveSchedule[]> {
  const matches = await matchesById(db, records.map((record) => record.match_id));
  return records.flatMap((record) => {
    const match = matches.get(record.match_id);
    if (match === undefined) return [];
    return [
      {
        id: record.id,
        room_id: record.room_id,
        anchor: { anchor_id: record.owner_id, user_nickname: record.user_nickname, avatar: record.avatar, fans: Number(record.fans) },
        title: record.title,
        starts_at: record.starts_at.toISOString(),
        match,
        reservations: Number(record.reservations),
        is_reserved: flag(record.reserved),
        is_live: flag(record.stream_status === 'live'),
      },
    ];
  });
}

/** Schedules by id, in the order given. */
export async function schedulesById(db: Kysely<Database>, ids: readonly number[], viewerId: number | null): Promise<LiveSchedule[]> {
  if (ids.length === 0) return [];
  const schedules = await toSchedules(db, await scheduleQuery(db, viewerId).where('s.id', 'in', [...ids]).execute());
  const byId = new Map(schedules.map((schedule) => [schedule.id, schedule]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** `getReserveLiveList`: schedules not yet over, soonest first, of one room type or all, of one match or all, of one room or all. */
export async function upcomingSchedules(db: Kysely<Database>, viewerId: number | null, query: ReserveLiveListQuery, now: Date): Promise<PageOf<LiveSchedule>> {
  const window = pageWindow(query);
  let base = db
    .selectFrom('live_schedule as s')
    .innerJoin('live_room as r', 'r.id', 's.room_id')
    .innerJoin('match as m', 'm.id', 's.match_id')
    .where('s.starts_at', '>=', new Date(now.getTime() - SCHEDULE_LISTED_AFTER_START_MS))
    .where('m.status', '!=', 'finished');
  if (query.type !== undefined && query.type !== 0) base = base.where('r.type', '=', query.type);
  if (query.match_id !== undefined) base = base.where('s.match_id', '=', query.match_id);
  if (query.room_id !== undefined) base = base.where('s.room_id', '=', query.room_id);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const ids = await base.select('s.id').orderBy('s.starts_at').orderBy('s.id').limit(window.pageSize).offset(window.offset).execute();
  return pageOf(await schedulesById(db, ids.map((row) => row.id), viewerId), total, window);
}

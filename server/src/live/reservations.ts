import type { PageOf, PageQuery, ReserveResult, UserReservation } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { pageOf, pageWindow } from '../infra/http/pagination';
import { requireMatch } from './roomAccess';
import { flag, matchesById } from './roomCards';
import { schedulesById } from './schedules';

type Target = { column: 'match_id'; id: number } | { column: 'schedule_id'; id: number };

/**
 * Reserves (1), unreserves (0) or, without `reserve`, toggles one reservation. The partial unique
 * indexes make a double reservation impossible even when two requests race.
 */
async function toggleReservation(db: Kysely<Database>, userId: number, target: Target, reserve: 0 | 1 | undefined, now: Date): Promise<ReserveResult> {
  const reserved = await db.transaction().execute(async (trx) => {
    const remove = () => trx.deleteFrom('live_reservation').where('user_id', '=', userId).where(target.column, '=', target.id).executeTakeFirst();
    const add = async () => {
      await trx
        .insertInto('live_reservation')
        .values({ user_id: userId, [target.column]: target.id, created_at: now })
        .onConflict((conflict) => conflict.columns(['user_id', target.column]).where(target.column, 'is not', null).doNothing())
        .execute();
      return true;
    };
    if (reserve === 0) return (await remove(), false);
    if (reserve === 1) return add();
    const removed = await remove();
    return removed.numDeletedRows > 0n ? false : add();
  });
  return { is_reserved: flag(reserved) };
}

/** `reserveMatch`: a viewer reserves a match (not one that is over). */
export async function reserveMatch(db: Kysely<Database>, userId: number, matchId: number, reserve: 0 | 1 | undefined, now: Date): Promise<ReserveResult> {
  const match = await requireMatch(db, matchId);
  if (match.status === 'finished' && reserve !== 0) {
    const existing = await db.selectFrom('live_reservation').select('id').where('user_id', '=', userId).where('match_id', '=', match.id).executeTakeFirst();
    // Unreserving a finished match is fine; reserving one is not.
    if (existing === undefined) throw errors.LIVE_MATCH_FINISHED();
  }
  return toggleReservation(db, userId, { column: 'match_id', id: match.id }, reserve, now);
}

/** `reserveMatch2`: a viewer reserves an anchor's scheduled broadcast. */
export async function reserveSchedule(db: Kysely<Database>, userId: number, scheduleId: number, reserve: 0 | 1 | undefined, now: Date): Promise<ReserveResult> {
  const schedule = await db.selectFrom('live_schedule').select('id').where('id', '=', scheduleId).executeTakeFirst();
  if (schedule === undefined) throw errors.LIVE_SCHEDULE_NOT_FOUND();
  return toggleReservation(db, userId, { column: 'schedule_id', id: schedule.id }, reserve, now);
}

/** `getUserReserveLiveList`: my reservations, by when the thing happens (soonest first). */
export async function userReservations(db: Kysely<Database>, userId: number, query: PageQuery): Promise<PageOf<UserReservation>> {
  const window = pageWindow(query);
  const base = db.selectFrom('live_reservation as v').where('v.user_id', '=', userId);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .leftJoin('live_schedule as s', 's.id', 'v.schedule_id')
    .innerJoin('match as m', (join) => join.on(sql<boolean>`m.id = coalesce(v.match_id, s.match_id)`))
    .select(['v.id', 'v.match_id', 'v.schedule_id', 'v.created_at', 'm.id as resolved_match_id'])
    .orderBy(sql`coalesce(s.starts_at, m.kickoff_at)`)
    .orderBy('v.id')
    .limit(window.pageSize)
    .offset(window.offset)
    .execute();
  const matches = await matchesById(db, rows.map((row) => row.resolved_match_id));
  const schedules = new Map((await schedulesById(db, rows.flatMap((row) => (row.schedule_id === null ? [] : [row.schedule_id])), userId)).map((s) => [s.id, s]));
  const list = rows.flatMap((row): UserReservation[] => {
    const match = matches.get(row.resolved_match_id);
    if (match === undefined) return [];
    const schedule = row.schedule_id === null ? null : (schedules.get(row.schedule_id) ?? null);
    return [{ id: row.id, kind: row.schedule_id === null ? 'match' : 'schedule', match, schedule, created_at: row.created_at.toISOString() }];
  });
  return pageOf(list, total, window);
}

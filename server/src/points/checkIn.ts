import type { PointsCheckInResult } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import { chinaDate, chinaDayRange } from '../infra/chinaTime';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { balanceOf, transfer } from '../wallet/index';
import { POINTS_ISSUED, POINTS_KINDS, pointsOf } from './pointsLedger';

/**
 * The daily check-in (每日签到): once per China day (Asia/Shanghai, whatever the server's TZ), paying
 * by the streak of consecutive days: day 1 pays 5, then 10, 15, 20, 25, 30, and day 7 and every day
 * after pays 40. A missed day starts the streak again at day 1.
 */
export const CHECKIN_POINTS: readonly number[] = [5, 10, 15, 20, 25, 30, 40];

/** Points the check-in pays on the streak's nth day (n ≥ 1). */
export function checkInPoints(streak: number): number {
  return CHECKIN_POINTS[Math.min(Math.max(streak, 1), CHECKIN_POINTS.length) - 1] as number;
}

/** The China day before `day` ('YYYY-MM-DD'). */
export function previousChinaDay(day: string): string {
  const range = chinaDayRange(day);
  if (range === null) throw new RangeError(`not a day: ${day}`);
  return chinaDate(new Date(range.from.getTime() - 1));
}

/** The streak today's check-in continues: yesterday's streak, or 0 when yesterday was missed. */
export async function streakBefore(db: Kysely<Database>, userId: number, day: string): Promise<number> {
  const row = await db.selectFrom('points_checkin').select('streak').where('user_id', '=', userId).where('day', '=', previousChinaDay(day)).executeTakeFirst();
  return row?.streak ?? 0;
}

/**
 * Checks the member in for the China day of `now`, in one transaction: the ledger set
 * `points:checkin:<user>:<day>` (points issued → the member's points), then the day's
 * `points_checkin` row. The set's unique key is the claim: a parallel or repeated check-in the
 * same day waits for the first to commit, meets its key and is refused with
 * POINTS_ALREADY_CHECKED_IN (nothing paid twice); the row's primary key says the same in the
 * database.
 */
export async function checkIn(db: Kysely<Database>, userId: number, now: Date): Promise<PointsCheckInResult> {
  const day = chinaDate(now);
  return db.transaction().execute(async (trx) => {
    const streak = (await streakBefore(trx, userId, day)) + 1;
    const points = checkInPoints(streak);
    let applied: Awaited<ReturnType<typeof transfer>>;
    try {
      applied = await transfer(trx, {
        idempotencyKey: `points:checkin:${userId}:${day}`,
        kind: POINTS_KINDS.checkIn,
        reference: `checkin:${day}`,
        legs: [{ from: POINTS_ISSUED, to: pointsOf(userId), amount: points }],
      });
    } catch (error) {
      // The first check-in of the day saw another streak (a check-in of yesterday landed between): still the day's second.
      if ((error as { reason?: string }).reason === errors.WALLET_IDEMPOTENCY_KEY_REUSED.reason) throw errors.POINTS_ALREADY_CHECKED_IN();
      throw error;
    }
    if (applied.replayed) throw errors.POINTS_ALREADY_CHECKED_IN();
    await trx.insertInto('points_checkin').values({ user_id: userId, day, streak, points, set_id: applied.setId, created_at: now }).execute();
    return { day, streak, points, balance: await balanceOf(trx, pointsOf(userId)) };
  });
}

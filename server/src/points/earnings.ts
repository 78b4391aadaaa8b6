import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { chinaDate } from '../infra/chinaTime';
import type { Database } from '../infra/db/schema';
import { transfer } from '../wallet/index';
import type { PointsConfig } from './pointsConfig';
import { POINTS_ISSUED, POINTS_KINDS, pointsOf } from './pointsLedger';

/**
 * Points for watching and chatting (README.md), capped per China day in `points_day`.
 *
 * Watching is counted by the server, never from what a page says: each tick (POINTS_WATCH_TICK_SECONDS)
 * the chat lists the signed-in members in open rooms' chat groups (`app.chatActivity`), and each
 * sighting adds the real time since the member's previous sighting, when that was at most two
 * ticks ago (a longer gap is a member who was away: it counts nothing and starts again). Whole
 * seconds are added and `last_watch_at` moves by exactly what was added, so nothing is rounded
 * up and two nodes seeing one member (two tabs) split the time between them rather than doubling
 * it. So a watch award (one per POINTS_WATCH_INTERVAL_SECONDS counted) needs at least that much
 * real time of connection, whatever the client does.
 *
 * Every award is a ledger set with a deterministic key (`points:watch:<user>:<day>:<n>`,
 * `points:chat:<user>:<day>:<n>`, n the award's number that day), written in the transaction that
 * moves the day's counter under its cap: a retry, a second node or a repeated tick never pays twice.
 */
export class PointsEarnings {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: PointsConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  get watchTickMs(): number {
    return this.config.watchTickSeconds * 1000;
  }

  /** A chat message a member got through; true when it earned points (under the day's cap). */
  async chatMessage(memberId: number, now: Date): Promise<boolean> {
    const { chatPoints, chatMessagesPerDay } = this.config;
    if (!Number.isSafeInteger(memberId) || memberId <= 0 || chatPoints === 0 || chatMessagesPerDay === 0) return false;
    const day = chinaDate(now);
    return this.db.transaction().execute(async (trx) => {
      const counted = await sql<{ chat_awards: number }>`
        insert into points_day (user_id, day, chat_awards)
        select id, ${day}::date, 1 from app_user where id = ${memberId}
        on conflict (user_id, day) do update set chat_awards = points_day.chat_awards + 1
          where points_day.chat_awards < ${chatMessagesPerDay}
        returning chat_awards`.execute(trx);
      const award = counted.rows[0]?.chat_awards;
      if (award === undefined) return false;
      await transfer(trx, {
        idempotencyKey: `points:chat:${memberId}:${day}:${award}`,
        kind: POINTS_KINDS.chat,
        reference: `chat:${day}:${award}`,
        legs: [{ from: POINTS_ISSUED, to: pointsOf(memberId), amount: chatPoints }],
      });
      return true;
    });
  }

  /**
   * One sighting of these members watching (a tick on this node). Answers the members paid a watch
   * award now.
   */
  async watchTick(memberIds: readonly number[], now: Date): Promise<number[]> {
    const ids = [...new Set(memberIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
    const { watchIntervalSeconds, watchAwardsPerDay, watchPoints, watchTickSeconds } = this.config;
    if (ids.length === 0 || watchAwardsPerDay === 0 || watchPoints === 0) return [];
    const day = chinaDate(now);
    const gapSeconds = 2 * watchTickSeconds;
    // Elapsed whole seconds since the last sighting (0 after a gap of more than two ticks, or for the first).
    const seen = await sql<{ user_id: string | number; watch_seconds: number; watch_awards: number }>`
      insert into points_day (user_id, day, last_watch_at)
      select id, ${day}::date, ${now}::timestamptz from app_user where id = any(${ids}::bigint[])
      on conflict (user_id, day) do update set
        watch_seconds = points_day.watch_seconds + case
          when points_day.last_watch_at is null or excluded.last_watch_at - points_day.last_watch_at > make_interval(secs => ${gapSeconds}) then 0
          else greatest(0, floor(extract(epoch from excluded.last_watch_at - points_day.last_watch_at)))::int end,
        last_watch_at = case
          when points_day.last_watch_at is null or excluded.last_watch_at - points_day.last_watch_at > make_interval(secs => ${gapSeconds}) then excluded.last_watch_at
          when excluded.last_watch_at <= points_day.last_watch_at then points_day.last_watch_at
          else points_day.last_watch_at + make_interval(secs => floor(extract(epoch from excluded.last_watch_at - points_day.last_watch_at)))
        end
      returning user_id, watch_seconds, watch_awards`.execute(this.db);
    const due = seen.rows.filter((row) => row.watch_awards < Math.min(watchAwardsPerDay, Math.floor(row.watch_seconds / watchIntervalSeconds)));
    const paid: number[] = [];
    for (const row of due) {
      const userId = Number(row.user_id);
      try {
        if ((await this.payWatch(userId, day)) > 0) paid.push(userId);
      } catch (error) {
        this.log.warn({ err: error, userId }, 'points: paying a watch award failed');
      }
    }
    return paid;
  }

  /** Pays the member's watch awards due today (each its own numbered set); answers how many. */
  private payWatch(userId: number, day: string): Promise<number> {
    const { watchIntervalSeconds, watchAwardsPerDay, watchPoints } = this.config;
    return this.db.transaction().execute(async (trx) => {
      let paid = 0;
      for (;;) {
        const moved = await sql<{ watch_awards: number }>`
          update points_day set watch_awards = watch_awards + 1
          where user_id = ${userId} and day = ${day}::date
            and watch_awards < least(${watchAwardsPerDay}::int, watch_seconds / ${watchIntervalSeconds}::int)
          returning watch_awards`.execute(trx);
        const award = moved.rows[0]?.watch_awards;
        if (award === undefined) return paid;
        await transfer(trx, {
          idempotencyKey: `points:watch:${userId}:${day}:${award}`,
          kind: POINTS_KINDS.watch,
          reference: `watch:${day}:${award}`,
          legs: [{ from: POINTS_ISSUED, to: pointsOf(userId), amount: watchPoints }],
        });
        paid += 1;
      }
    });
  }
}

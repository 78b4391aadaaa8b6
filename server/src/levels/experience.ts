import { type Kysely, sql } from 'kysely';
import { chinaDate } from '../infra/chinaTime';
import type { Database } from '../infra/db/schema';
import type { LevelsConfig } from './levelsConfig';

/**
 * A watched "minute" (one count tick) is counted at most once in this share of the tick per member
 * (two nodes, two tabs, a retried tick): 50 s of a 60 s tick.
 */
export const WATCH_SPACING_SHARE = 5 / 6;

/**
 * How members earn exp (issue 12): a minute watched and a chat message each add exp, up to the
 * day's cap (China day). Each award is one transaction: the day's counter only moves when it is
 * under its cap (and, for minutes, when the last one was at least WATCH_SPACING_SHARE of a tick
 * ago), and the exp total moves with it, so counters and totals never disagree. Coins spent (the
 * wallet) will add exp 1:1 through `addExp`.
 */
export class Experience {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: LevelsConfig,
  ) {}

  /** How often the chat counts minutes watched (LEVEL_WATCH_TICK_SECONDS). */
  get watchTickMs(): number {
    return this.config.watchTickSeconds * 1000;
  }

  /** One minute watched by each of these members; returns those who earned it. */
  async watchedMinute(memberIds: readonly number[], now: Date): Promise<number[]> {
    const ids = [...new Set(memberIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
    if (ids.length === 0 || this.config.watchMinutesPerDay === 0) return [];
    const day = chinaDate(now);
    const spacingSeconds = Math.max(1, Math.floor(this.config.watchTickSeconds * WATCH_SPACING_SHARE));
    return this.db.transaction().execute(async (trx) => {
      const counted = await sql<{ user_id: string | number }>`
        insert into member_exp_day (user_id, day, watch_minutes, last_watch_at)
        select app_user.id, ${day}::date, 1, ${now}::timestamptz from app_user where app_user.id = any(${ids}::bigint[])
        on conflict (user_id, day) do update
          set watch_minutes = member_exp_day.watch_minutes + 1, last_watch_at = excluded.last_watch_at
          where member_exp_day.watch_minutes < ${this.config.watchMinutesPerDay}
            and (member_exp_day.last_watch_at is null
              or member_exp_day.last_watch_at <= ${now}::timestamptz - make_interval(secs => ${spacingSeconds}))
        returning user_id`.execute(trx);
      const earned = counted.rows.map((row) => Number(row.user_id));
      await addExpIn(trx, earned, this.config.watchExpPerMinute);
      return earned;
    });
  }

  /** A chat message a member sent; true when it earned exp (under the day's cap). */
  async chatMessage(memberId: number, now: Date): Promise<boolean> {
    if (!Number.isSafeInteger(memberId) || memberId <= 0 || this.config.chatMessagesPerDay === 0) return false;
    const day = chinaDate(now);
    return this.db.transaction().execute(async (trx) => {
      const counted = await sql<{ user_id: string | number }>`
        insert into member_exp_day (user_id, day, chat_messages)
        select id, ${day}::date, 1 from app_user where id = ${memberId}
        on conflict (user_id, day) do update
          set chat_messages = member_exp_day.chat_messages + 1
          where member_exp_day.chat_messages < ${this.config.chatMessagesPerDay}
        returning user_id`.execute(trx);
      if (counted.rows.length === 0) return false;
      await addExpIn(trx, [memberId], this.config.chatExpPerMessage);
      return true;
    });
  }

  /** Exp from elsewhere (coins spent: 1 coin = 1 exp), uncapped; call inside the spending transaction. */
  static addExp(trx: Kysely<Database>, memberId: number, exp: number): Promise<void> {
    return addExpIn(trx, [memberId], exp);
  }
}

async function addExpIn(db: Kysely<Database>, memberIds: readonly number[], exp: number): Promise<void> {
  if (memberIds.length === 0 || exp <= 0) return;
  await db
    .updateTable('app_user')
    // Stops at the int4 column's limit: a whale's spending must never fail on its exp (22003 rolls the payment back).
    .set({ exp: sql`least(exp::bigint + ${exp}, 2147483647)` })
    .where('id', 'in', [...memberIds])
    .execute();
}

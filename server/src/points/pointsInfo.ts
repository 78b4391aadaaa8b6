import type { PointsHistoryPage, PointsHistoryQuery, PointsInfo } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import { chinaDate, chinaMinute } from '../infra/chinaTime';
import type { Database } from '../infra/db/schema';
import { balanceOf } from '../wallet/index';
import { CHECKIN_POINTS, checkInPoints, streakBefore } from './checkIn';
import type { PointsConfig } from './pointsConfig';
import { pointsOf } from './pointsLedger';

const HISTORY_PAGE_SIZE = 20;

/** api/Points/info: the balance, today's check-in and streak, the daily tasks with their progress and caps. */
export async function pointsInfo(db: Kysely<Database>, config: PointsConfig, userId: number, now: Date): Promise<PointsInfo> {
  const day = chinaDate(now);
  const [balance, checkin, today, before] = await Promise.all([
    balanceOf(db, pointsOf(userId)),
    db.selectFrom('points_checkin').select(['streak', 'points']).where('user_id', '=', userId).where('day', '=', day).executeTakeFirst(),
    db.selectFrom('points_day').select(['watch_seconds', 'watch_awards', 'chat_awards']).where('user_id', '=', userId).where('day', '=', day).executeTakeFirst(),
    streakBefore(db, userId, day),
  ]);
  const watchDone = today?.watch_awards ?? 0;
  const chatDone = today?.chat_awards ?? 0;
  const tasks: PointsInfo['tasks'] = [
    {
      key: 'watch',
      done: watchDone,
      cap: config.watchPoints === 0 ? 0 : config.watchAwardsPerDay,
      points_each: config.watchPoints,
      earned: watchDone * config.watchPoints,
      interval_seconds: config.watchIntervalSeconds,
      watched_seconds: today?.watch_seconds ?? 0,
    },
    { key: 'chat', done: chatDone, cap: config.chatPoints === 0 ? 0 : config.chatMessagesPerDay, points_each: config.chatPoints, earned: chatDone * config.chatPoints },
  ];
  return {
    balance,
    day,
    checked_in_today: checkin !== undefined,
    streak: checkin?.streak ?? before,
    checkin_points: checkin?.points ?? checkInPoints(before + 1),
    checkin_table: [...CHECKIN_POINTS],
    tasks,
    earned_today: (checkin?.points ?? 0) + tasks.reduce((sum, task) => sum + task.earned, 0),
  };
}

/** api/Points/history: the member's points lines, newest first, by keyset (`id < cursor`). */
export async function pointsHistory(db: Kysely<Database>, userId: number, query: PointsHistoryQuery): Promise<PointsHistoryPage> {
  const account = await db.selectFrom('ledger_account').select('id').where('kind', '=', 'member_points').where('owner_id', '=', userId).executeTakeFirst();
  if (account === undefined) return { list: [], next_cursor: null };
  const pageSize = query.page_size ?? HISTORY_PAGE_SIZE;
  let lines = db
    .selectFrom('ledger_transfer')
    .select(['id', 'kind', 'amount', 'credit_account_id', 'created_at'])
    .where((eb) => eb.or([eb('credit_account_id', '=', account.id), eb('debit_account_id', '=', account.id)]))
    .orderBy('id', 'desc')
    .limit(pageSize + 1);
  if (query.cursor !== undefined) lines = lines.where('id', '<', Number(query.cursor));
  const rows = await lines.execute();
  const page = rows.slice(0, pageSize);
  return {
    list: page.map((row) => ({
      id: row.id,
      kind: row.kind,
      amount: row.credit_account_id === account.id ? Number(row.amount) : -Number(row.amount),
      created_at: row.created_at.toISOString(),
      time_text: chinaMinute(row.created_at),
    })),
    next_cursor: rows.length > pageSize ? String(page.at(-1)?.id) : null,
  };
}

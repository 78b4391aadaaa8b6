import { Envelope, PointsCheckInResultSchema, PointsHistoryPageSchema, PointsHistoryQuerySchema, PointsInfoSchema } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import { sessionOf } from '../accounts/index';
import type { Clock } from '../infra/clock';
import type { Database } from '../infra/db/schema';
import { ok } from '../infra/http/envelope';
import type { App } from '../infra/http/types';
import { checkIn } from './checkIn';
import type { PointsConfig } from './pointsConfig';
import { pointsHistory, pointsInfo } from './pointsInfo';

export interface PointsRoutesOptions {
  db: Kysely<Database>;
  config: PointsConfig;
  clock: Clock;
}

/** `api/Points/*` (members only): info, checkIn (once per China day), history. */
export async function pointsRoutes(app: App, { db, config, clock }: PointsRoutesOptions): Promise<void> {
  const login = { preHandler: app.requireLogin };

  app.get('/api/Points/info', { ...login, schema: { summary: '我的积分 (login): the points balance, today\'s check-in and streak, the daily tasks (watch, chat) with progress and caps; China days', response: { 200: Envelope(PointsInfoSchema) } } }, async (request) => ok(await pointsInfo(db, config, sessionOf(request).user.id, clock())));

  app.post('/api/Points/checkIn', { ...login, schema: { summary: '每日签到 (login): once per China day, paid by the streak (5, 10, 15, 20, 25, 30, then 40); a second one that day: POINTS_ALREADY_CHECKED_IN', response: { 200: Envelope(PointsCheckInResultSchema) } } }, async (request) => {
    const result = await checkIn(db, sessionOf(request).user.id, clock());
    request.log.info({ userId: sessionOf(request).user.id, day: result.day, streak: result.streak, points: result.points }, 'points: checked in');
    return ok(result);
  });

  app.get('/api/Points/history', { ...login, schema: { summary: 'The member\'s points lines (login), newest first, keyset by next_cursor: kind, signed amount, China time', querystring: PointsHistoryQuerySchema, response: { 200: Envelope(PointsHistoryPageSchema) } } }, async (request) =>
    ok(await pointsHistory(db, sessionOf(request).user.id, request.query)),
  );
}

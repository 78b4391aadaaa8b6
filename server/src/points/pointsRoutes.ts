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

  app.get('/api/Points/info', { ...login, schema: { response: { 200: Envelope(PointsInfoSchema) } } }, async (request) => ok(await pointsInfo(db, config, sessionOf(request).user.id, clock())));

  app.post('/api/Points/checkIn', { ...login, schema: { response: { 200: Envelope(PointsCheckInResultSchema) } } }, async (request) => {
    const result = await checkIn(db, sessionOf(request).user.id, clock());
    request.log.info({ userId: sessionOf(request).user.id, day: result.day, streak: result.streak, points: result.points }, 'points: checked in');
    return ok(result);
  });

  app.get('/api/Points/history', { ...login, schema: { querystring: PointsHistoryQuerySchema, response: { 200: Envelope(PointsHistoryPageSchema) } } }, async (request) =>
    ok(await pointsHistory(db, sessionOf(request).user.id, request.query)),
  );
}

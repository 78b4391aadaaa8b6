import {
  AllMatchRequestSchema,
  CollectRequestSchema,
  CollectResultSchema,
  CommentaryPageSchema,
  Envelope,
  HotMatchListSchema,
  MatchPageQuerySchema,
  MatchPageSchema,
  RecommendQuerySchema,
  SeasonTableQuerySchema,
  SeasonTableSchema,
} from '@sports/shared/server';
import type { Kysely } from 'kysely';
import { type Clock, systemClock } from '../infra/clock';
import type { Database } from '../infra/db/schema';
import { ok } from '../infra/http/envelope';
import type { App } from '../infra/http/types';
import { sessionOf } from '../accounts/index';
import { robotCommentary } from './commentary';
import { setFavorite } from './favorites';
import { allMatches, recommendedMatches } from './schedule';
import { seasonTable } from './seasonTable';
import { listHotMatches } from './hotMatches';

export interface HotMatchRoutesOptions {
  db: Kysely<Database>;
  /** "Today" of the schedule and "now" of recommendations (tests move it with the feed's clock). */
  clock?: Clock;
}

/** `api/hot_match/*`, `api/Football/season_table`, `api/Basketballuser/collect` (SPEC.md section 7). */
export async function hotMatchRoutes(app: App, { db, clock = systemClock }: HotMatchRoutesOptions): Promise<void> {
  app.get('/api/hot_match/initial_list', { schema: { response: { 200: Envelope(HotMatchListSchema) } } }, async () =>
    ok(await listHotMatches(db)),
  );

  app.get('/api/hot_match/recommend', { schema: { querystring: RecommendQuerySchema, response: { 200: Envelope(MatchPageSchema) } } }, async (request) =>
    ok(await recommendedMatches(db, request.query, clock())),
  );

  app.get('/api/hot_match/getRobot', { schema: { querystring: MatchPageQuerySchema, response: { 200: Envelope(CommentaryPageSchema) } } }, async (request) =>
    ok(await robotCommentary(db, request.query.match_id, request.query)),
  );

  app.post('/api/hot_match/all_match', { schema: { body: AllMatchRequestSchema, response: { 200: Envelope(MatchPageSchema) } } }, async (request) =>
    ok(await allMatches(db, request.body, clock())),
  );

  app.get('/api/Football/season_table', { schema: { querystring: SeasonTableQuerySchema, response: { 200: Envelope(SeasonTableSchema) } } }, async (request) =>
    ok(await seasonTable(db, request.query.competition_id)),
  );

  app.post(
    '/api/Basketballuser/collect',
    { preHandler: app.requireLogin, schema: { body: CollectRequestSchema, response: { 200: Envelope(CollectResultSchema) } } },
    async (request) => ok(await setFavorite(db, sessionOf(request).user.id, request.body.match_id, request.body.collect)),
  );
}

import {
  CompetitionQuerySchema,
  Envelope,
  ExponentListSchema,
  IntelligenceSchema,
  MatchDetailSchema,
  MatchEventPageSchema,
  MatchIdQuerySchema,
  MatchPageQuerySchema,
  MatchPageSchema,
  MatchStatisticListSchema,
  OddsCompanyListSchema,
  OddsHistoryPageSchema,
  OddsHistoryQuerySchema,
  PageQuerySchema,
  ScoreCompetitionListSchema,
} from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import { ok } from '../infra/http/envelope';
import type { App } from '../infra/http/types';
import { sessionOf } from '../accounts/index';
import { eventsOf, intelligenceOf, matchDetail, oddsHistory, oddsOf, scoreCompetitions, statisticsOf } from './matchInfo';
import { pageWindow } from '../infra/http/pagination';
import { favoriteMatches } from './schedule';

export interface ScoresRoutesOptions {
  db: Kysely<Database>;
}

/** Events of a basketball game run to a couple of hundred: a bigger default page. */
const EVENTS_PAGE_SIZE = 100;

/** `api/scores/*`: what the score-detail page and the filters need beyond SPEC's calls. */
export async function scoresRoutes(app: App, { db }: ScoresRoutesOptions): Promise<void> {
  app.get('/api/scores/match', { schema: { querystring: MatchIdQuerySchema, response: { 200: Envelope(MatchDetailSchema) } } }, async (request) =>
    ok(await matchDetail(db, request.query.match_id)),
  );

  app.get('/api/scores/events', { schema: { querystring: MatchPageQuerySchema, response: { 200: Envelope(MatchEventPageSchema) } } }, async (request) =>
    ok(await eventsOf(db, request.query.match_id, pageWindow(request.query, EVENTS_PAGE_SIZE))),
  );

  app.get('/api/scores/statistics', { schema: { querystring: MatchIdQuerySchema, response: { 200: Envelope(MatchStatisticListSchema) } } }, async (request) =>
    ok(await statisticsOf(db, request.query.match_id)),
  );

  app.get('/api/scores/odds', { schema: { querystring: MatchIdQuerySchema, response: { 200: Envelope(ExponentListSchema) } } }, async (request) =>
    ok(await oddsOf(db, request.query.match_id)),
  );

  app.get('/api/scores/odds_history', { schema: { querystring: OddsHistoryQuerySchema, response: { 200: Envelope(OddsHistoryPageSchema) } } }, async (request) =>
    ok(await oddsHistory(db, request.query)),
  );

  app.get('/api/scores/intelligence', { schema: { querystring: MatchIdQuerySchema, response: { 200: Envelope(IntelligenceSchema) } } }, async (request) =>
    ok(await intelligenceOf(db, request.query.match_id)),
  );

  app.get('/api/scores/competitions', { schema: { querystring: CompetitionQuerySchema, response: { 200: Envelope(ScoreCompetitionListSchema) } } }, async (request) =>
    ok(await scoreCompetitions(db, request.query.sport)),
  );

  app.get('/api/scores/companies', { schema: { response: { 200: Envelope(OddsCompanyListSchema) } } }, async () =>
    ok(await db.selectFrom('odds_company').select(['id', 'name_zh']).orderBy('id').execute()),
  );

  app.get('/api/scores/favorites', { preHandler: app.requireLogin, schema: { querystring: PageQuerySchema, response: { 200: Envelope(MatchPageSchema) } } }, async (request) =>
    ok(await favoriteMatches(db, sessionOf(request).user.id, request.query)),
  );
}

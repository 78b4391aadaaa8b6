import {
  BaseCompetitionListSchema,
  BaseCompetitionQuerySchema,
  BaseCompetitionSchema,
  BaseCompetitionsQuerySchema,
  BaseIdQuerySchema,
  BaseMatchPageSchema,
  BaseMatchesQuerySchema,
  BasePlayerSchema,
  BaseTeamSchema,
  Envelope,
} from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema';
import { ok } from '../../infra/http/envelope';
import type { App } from '../../infra/http/types';
import { baseCompetition, baseCompetitions, basePlayer, baseTeam, seasonMatches } from './knowledge';

/** Public and read-only; a short shared cache keeps a busy page off the database. */
const CACHE = 'public, max-age=15';

/** `api/base/*`: the knowledge bases (base-football, base-basketball), read from the scores data. */
export async function knowledgeRoutes(app: App, { db }: { db: Kysely<Database> }): Promise<void> {
  app.get('/api/base/competitions', { schema: { querystring: BaseCompetitionsQuerySchema, response: { 200: Envelope(BaseCompetitionListSchema) } } }, async (request, reply) => {
    reply.header('cache-control', CACHE);
    return ok(await baseCompetitions(db, request.query.sport));
  });

  app.get('/api/base/competition', { schema: { querystring: BaseCompetitionQuerySchema, response: { 200: Envelope(BaseCompetitionSchema) } } }, async (request, reply) => {
    reply.header('cache-control', CACHE);
    return ok(await baseCompetition(db, request.query.id, request.query.season_id));
  });

  app.get('/api/base/matches', { schema: { querystring: BaseMatchesQuerySchema, response: { 200: Envelope(BaseMatchPageSchema) } } }, async (request, reply) => {
    reply.header('cache-control', CACHE);
    return ok(await seasonMatches(db, request.query));
  });

  app.get('/api/base/team', { schema: { querystring: BaseIdQuerySchema, response: { 200: Envelope(BaseTeamSchema) } } }, async (request, reply) => {
    reply.header('cache-control', CACHE);
    return ok(await baseTeam(db, request.query.id));
  });

  app.get('/api/base/player', { schema: { querystring: BaseIdQuerySchema, response: { 200: Envelope(BasePlayerSchema) } } }, async (request, reply) => {
    reply.header('cache-control', CACHE);
    return ok(await basePlayer(db, request.query.id));
  });
}

import { Envelope, SearchQuerySchema, SearchResultSchema } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import { ok } from '../infra/http/envelope';
import type { App } from '../infra/http/types';
import { searchCompetitions } from '../scores/index';

export interface SearchRoutesOptions {
  db: Kysely<Database>;
}

/** `api/Search/*` (SPEC.md section 7): one search box over the domains; today competitions by name. */
export async function searchRoutes(app: App, { db }: SearchRoutesOptions): Promise<void> {
  app.get('/api/Search/index', { schema: { querystring: SearchQuerySchema, response: { 200: Envelope(SearchResultSchema) } } }, async (request) =>
    ok(await searchCompetitions(db, request.query.name)),
  );
}

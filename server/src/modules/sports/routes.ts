import { Envelope, HotMatchListSchema, SearchQuerySchema, SearchResultSchema } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ok } from '../../http/envelope';
import type { App } from '../../http/types';
import { listHotMatches, search } from './service';

export interface SportsRoutesOptions {
  db: Kysely<Database>;
}

/** `api/hot_match/*` and `api/Search/*`. */
export async function sportsRoutes(app: App, { db }: SportsRoutesOptions): Promise<void> {
  app.get('/api/hot_match/initial_list', { schema: { response: { 200: Envelope(HotMatchListSchema) } } }, async () =>
    ok(await listHotMatches(db)),
  );

  app.get(
    '/api/Search/index',
    { schema: { querystring: SearchQuerySchema, response: { 200: Envelope(SearchResultSchema) } } },
    async (request) => ok(await search(db, request.query.name)),
  );
}

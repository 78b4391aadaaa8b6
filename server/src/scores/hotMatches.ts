import { HOT_SEARCH_ITEMS, type HotMatch, type SearchResult } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import { containsPattern } from '../infra/db/likePattern';

/** At most this many matches per search: the result is a dropdown, not a report. */
export const SEARCH_MATCH_LIMIT = 20;

/** The hot list of the search box: the 10 best-ranked competitions, hottest first. */
export async function listHotMatches(db: Kysely<Database>): Promise<HotMatch[]> {
  return db
    .selectFrom('competition')
    .select(['id', 'sport', 'short_name_zh'])
    .where('hot_rank', 'is not', null)
    .orderBy('hot_rank')
    .orderBy('id')
    .limit(HOT_SEARCH_ITEMS)
    .execute();
}

/** Competitions whose full or short name contains `name` (case-insensitive); hot ones first. */
export async function search(db: Kysely<Database>, name: string): Promise<SearchResult> {
  const pattern = containsPattern(name);
  const matches = await db
    .selectFrom('competition')
    .select(['id', 'sport', 'short_name_zh'])
    .where((eb) =>
      eb.or([
        sql<boolean>`${eb.ref('name_zh')} ilike ${pattern} escape '\\'`,
        sql<boolean>`${eb.ref('short_name_zh')} ilike ${pattern} escape '\\'`,
      ]),
    )
    .orderBy(sql`hot_rank nulls last`)
    .orderBy('id')
    .limit(SEARCH_MATCH_LIMIT)
    .execute();
  // Anchors and live rooms arrive with the live issue; the shape is already the final one.
  return { matches, anchors: [], lives: [] };
}

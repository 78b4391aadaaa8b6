import { HOT_SEARCH_ITEMS, type HotMatch } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';

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

import { Envelope, SearchAnchorPageSchema, SearchHotSchema, SearchLivePageSchema, SearchPageQuerySchema, SearchQuerySchema, SearchResultSchema } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import { chinaDate } from '../infra/chinaTime';
import { ok } from '../infra/http/envelope';
import type { App } from '../infra/http/types';
import { searchKeyKeeper, searchTermOf } from './searchKeys';
import { hotSearches, normaliseTerm, recordSearch, resultCount, searchAnchorPage, searchEverything, searchLivePage } from './searchService';

/** Only spaces: nothing to look for. */
const EMPTY_RESULT = { matches: [], teams: [], competitions: [], anchors: [], lives: [], posts: [], headlines: [], players: [] };

const EMPTY_PAGE = { list: [], next_cursor: null };

/** Addresses × terms remembered per day on this node; past it the memory starts over. */
const COUNTED_MAX = 100_000;

/**
 * One count per address, term and day (China time) on this node: a client repeating a query (or
 * a script) does not make it hot. Bounded: when full, it forgets and starts over.
 */
function onceADay(): (address: string, term: string) => boolean {
  let day = '';
  const seen = new Set<string>();
  return (address, term) => {
    const today = chinaDate(new Date());
    if (today !== day || seen.size >= COUNTED_MAX) {
      seen.clear();
      day = today;
    }
    const key = `${address}\u0000${term}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
}

export interface SearchRoutesOptions {
  db: Kysely<Database>;
}

/**
 * `api/Search/*` (SPEC.md section 7): one search box over every kind. `index` answers the groups
 * and counts the query for the hot searches when it found something (once per address a day); `anchor` and `live` page
 * one kind by cursor; `hot` the most searched terms (without listed sensitive words).
 */
export async function searchRoutes(app: App, { db }: SearchRoutesOptions): Promise<void> {
  const firstToday = onceADay();
  // The pinyin keys (search_key): made for every name at start-up (after the seeds), then kept
  // fresh before a pinyin query (at most one refresh every SEARCH_KEYS_FRESH_MS).
  const keys = searchKeyKeeper(db);
  app.addHook('onReady', async () => {
    await keys.refresh().catch((error: unknown) => app.log.warn({ err: error }, 'search: pinyin keys not made at start-up'));
  });
  const keysFor = async (name: string) => {
    if (searchTermOf(name).pinyin !== null) await keys.ensureFresh();
  };
  app.get('/api/Search/index', { config: { bookkeepingWrites: 'counts a found query for the hot searches, once per address and term a day: a cross-site page could at most add one count' }, schema: { querystring: SearchQuerySchema, response: { 200: Envelope(SearchResultSchema) } } }, async (request) => {
    const term = request.query.name.trim();
    if (term === '') return ok(EMPTY_RESULT);
    await keysFor(term);
    const result = await searchEverything(db, term);
    const counted = normaliseTerm(term);
    if (resultCount(result) > 0 && app.moderation.check(counted).ok && firstToday(request.ip, counted)) {
      await recordSearch(db, counted).catch((error: unknown) => request.log.warn({ err: error }, 'search: counting a query failed'));
    }
    return ok(result);
  });
  app.get('/api/Search/anchor', { schema: { querystring: SearchPageQuerySchema, response: { 200: Envelope(SearchAnchorPageSchema) } } }, async (request) => {
    const term = request.query.name.trim();
    if (term === '') return ok(EMPTY_PAGE);
    await keysFor(term);
    return ok(await searchAnchorPage(db, term, request.query.cursor, request.query.page_size));
  });
  app.get('/api/Search/live', { schema: { querystring: SearchPageQuerySchema, response: { 200: Envelope(SearchLivePageSchema) } } }, async (request) => {
    const term = request.query.name.trim();
    if (term === '') return ok(EMPTY_PAGE);
    await keysFor(term);
    return ok(await searchLivePage(db, term, request.query.cursor, request.query.page_size));
  });
  app.get('/api/Search/hot', { schema: { response: { 200: Envelope(SearchHotSchema) } } }, async () => ok(await hotSearches(db, (term) => app.moderation.check(term).ok)));
}

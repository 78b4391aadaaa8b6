import type {
  SearchAnchor,
  SearchAnchorPage,
  SearchCompetition,
  SearchHeadline,
  SearchHot,
  SearchLive,
  SearchLivePage,
  SearchMatch,
  SearchPost,
  SearchResult,
  SearchTeam,
} from '@sports/shared/server';
import { SEARCH_GROUP_LIMIT } from '@sports/shared/server';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import { containsPattern } from '../infra/db/likePattern';
import { thumbUrlOf } from '../live/index';

/**
 * The search box over every kind (README.md here): Chinese substring matching served by indexes
 * (migration 0021): a term of 3 or more characters by the pg_trgm GIN index (`ILIKE '%term%'`),
 * a 2-character term by the bigram GIN index (`search_bigrams(column) @> array[term]`, ILIKE
 * rechecks), a 1-character term by ILIKE alone over the bounded, ordered walk.
 */

/** The characters of `text` (code points, as PostgreSQL's char_length counts them). */
const lengthOf = (text: string) => [...text].length;

/** `column` contains `term`, case-insensitively, in the form the indexes serve. */
export function textContains(column: string, term: string): RawBuilder<boolean> {
  const like = sql<boolean>`${sql.ref(column)} ilike ${containsPattern(term)} escape '\\'`;
  if (lengthOf(term) !== 2) return like;
  return sql<boolean>`(search_bigrams(${sql.ref(column)}) @> array[lower(${term})]::text[] and ${like})`;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const sportBase = (sport: string) => (sport === 'basketball' ? 'base-basketball' : 'base-football');
const notBanned = sql<boolean>`(u.banned_until is null or u.banned_until <= now())`;

export async function searchCompetitionsByName(db: Kysely<Database>, term: string, limit = SEARCH_GROUP_LIMIT): Promise<SearchCompetition[]> {
  const rows = await db
    .selectFrom('competition')
    .select(['id', 'sport', 'name_zh', 'short_name_zh'])
    .where((eb) => eb.or([textContains('name_zh', term), textContains('short_name_zh', term)]))
    .orderBy(sql`hot_rank nulls last`)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, link: `#/${sportBase(row.sport)}?competition=${row.id}` }));
}

export async function searchTeams(db: Kysely<Database>, term: string, limit = SEARCH_GROUP_LIMIT): Promise<SearchTeam[]> {
  const rows = await db
    .selectFrom('team')
    .select(['id', 'sport', 'name_zh', 'short_name_zh'])
    .where((eb) => eb.or([textContains('name_zh', term), textContains('short_name_zh', term)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, link: `#/${sportBase(row.sport)}?team=${row.id}` }));
}

/** Matches of the teams or competitions named: in play first, then the nearest kick-offs. */
export async function searchMatches(db: Kysely<Database>, term: string, limit = SEARCH_GROUP_LIMIT): Promise<SearchMatch[]> {
  const teams = db.selectFrom('team').select('id').where((eb) => eb.or([textContains('name_zh', term), textContains('short_name_zh', term)]));
  const competitions = db.selectFrom('competition').select('id').where((eb) => eb.or([textContains('name_zh', term), textContains('short_name_zh', term)]));
  const rows = await db
    .selectFrom('match as m')
    .innerJoin('team as h', 'h.id', 'm.home_team_id')
    .innerJoin('team as a', 'a.id', 'm.away_team_id')
    .innerJoin('competition as c', 'c.id', 'm.competition_id')
    .select(['m.id', 'm.sport', 'c.short_name_zh as competition', 'h.short_name_zh as home', 'a.short_name_zh as away', 'm.home_score', 'm.away_score', 'm.status', 'm.kickoff_at'])
    .where((eb) => eb.or([eb('m.home_team_id', 'in', teams), eb('m.away_team_id', 'in', teams), eb('m.competition_id', 'in', competitions)]))
    .orderBy(sql`m.status in ('live', 'halftime') desc`)
    .orderBy(sql`abs(extract(epoch from m.kickoff_at - now()))`)
    .orderBy('m.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), kickoff_at: iso(row.kickoff_at), link: `#/score-detail?id=${row.id}` }));
}

interface Keyset {
  cursor?: number;
  limit: number;
  /** Group order: on air first; pages: newest first by id (keyset). */
  liveFirst?: boolean;
}

/** Anchors (not banned) whose nickname contains the term, with their room. */
export async function searchAnchors(db: Kysely<Database>, term: string, { cursor, limit, liveFirst = false }: Keyset): Promise<SearchAnchor[]> {
  let query = db
    .selectFrom('app_user as u')
    .leftJoinLateral(
      (eb) => eb.selectFrom('live_room').select(['live_room.id as room_id', 'live_room.stream_status']).whereRef('live_room.owner_id', '=', 'u.id').orderBy('live_room.id').limit(1).as('r'),
      (join) => join.onTrue(),
    )
    .select(['u.id', 'u.user_nickname', 'u.avatar', 'r.room_id', 'r.stream_status'])
    .where('u.is_anchor', '=', 1)
    .where(notBanned)
    .where(textContains('u.user_nickname', term));
  if (cursor !== undefined) query = query.where('u.id', '<', cursor);
  if (liveFirst) query = query.orderBy(sql`r.stream_status = 'live'`, (order) => order.desc().nullsLast());
  const rows = await query.orderBy('u.id', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    id: Number(row.id),
    user_nickname: row.user_nickname,
    avatar: row.avatar,
    room_id: row.room_id === null ? null : Number(row.room_id),
    is_live: row.stream_status === 'live',
    link: `#/about-user?id=${row.id}`,
  }));
}

/** Rooms whose title or anchor's nickname contains the term (anchors not banned). */
export async function searchLives(db: Kysely<Database>, term: string, { cursor, limit, liveFirst = false }: Keyset): Promise<SearchLive[]> {
  const anchors = db.selectFrom('app_user').select('id').where('is_anchor', '=', 1).where(textContains('user_nickname', term));
  let query = db
    .selectFrom('live_room as r')
    .innerJoin('app_user as u', 'u.id', 'r.owner_id')
    .select(['r.id', 'r.title', 'r.cover', 'r.type', 'r.stream_status', 'r.stream_started_at', 'u.id as anchor_id', 'u.user_nickname'])
    .where(notBanned)
    .where((eb) => eb.or([textContains('r.title', term), eb('r.owner_id', 'in', anchors)]));
  if (cursor !== undefined) query = query.where('r.id', '<', cursor);
  if (liveFirst) query = query.orderBy(sql`r.stream_status = 'live'`, 'desc');
  const rows = await query.orderBy('r.id', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    id: Number(row.id),
    title: row.title,
    cover: row.cover,
    thumb: thumbUrlOf({ id: Number(row.id), type: row.type, stream_status: row.stream_status, stream_started_at: row.stream_started_at }, Date.now()),
    anchor_id: Number(row.anchor_id),
    anchor_nickname: row.user_nickname,
    is_live: row.stream_status === 'live',
    link: `#/live?id=${row.id}`,
  }));
}

/** Visible posts (not hidden, not deleted) containing the term, newest first. */
export async function searchPostTexts(db: Kysely<Database>, term: string, limit = SEARCH_GROUP_LIMIT): Promise<SearchPost[]> {
  const rows = await db
    .selectFrom('post as p')
    .innerJoin('app_user as u', 'u.id', 'p.author_id')
    .select([sql<string>`left(p.text, 100)`.as('text'), 'p.id', 'u.user_nickname', 'p.created_at'])
    .where('p.hidden', '=', false)
    .where('p.deleted_at', 'is', null)
    .where(textContains('p.text', term))
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), text: row.text, author_nickname: row.user_nickname, created_at: iso(row.created_at), link: `#/circle-detail?id=${row.id}` }));
}

/** Published headlines whose title contains the term, newest first. */
export async function searchHeadlines(db: Kysely<Database>, term: string, limit = SEARCH_GROUP_LIMIT): Promise<SearchHeadline[]> {
  const rows = await db
    .selectFrom('headline')
    .select(['id', 'title', 'published_at'])
    .where('state', '=', 'published')
    .where(textContains('title', term))
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), title: row.title, published_at: iso(row.published_at ?? new Date(0)), link: `#/detail?id=${row.id}` }));
}

/** `api/Search/index`: every kind, grouped, at most SEARCH_GROUP_LIMIT each. */
export async function searchEverything(db: Kysely<Database>, term: string): Promise<SearchResult> {
  const [matches, teams, competitions, anchors, lives, posts, headlines] = await Promise.all([
    searchMatches(db, term),
    searchTeams(db, term),
    searchCompetitionsByName(db, term),
    searchAnchors(db, term, { limit: SEARCH_GROUP_LIMIT, liveFirst: true }),
    searchLives(db, term, { limit: SEARCH_GROUP_LIMIT, liveFirst: true }),
    searchPostTexts(db, term),
    searchHeadlines(db, term),
  ]);
  return { matches, teams, competitions, anchors, lives, posts, headlines };
}

/** A page by id (keyset): `size` items and the cursor of the next page (null: the last). */
async function paged<T extends { id: number }>(fetch: (keyset: Keyset) => Promise<T[]>, cursor: string | undefined, size: number): Promise<{ list: T[]; next_cursor: string | null }> {
  const rows = await fetch({ cursor: cursor === undefined ? undefined : Number(cursor), limit: size + 1 });
  const list = rows.slice(0, size);
  return { list, next_cursor: rows.length > size ? String(list[list.length - 1]?.id) : null };
}

export const SEARCH_PAGE_SIZE = 20;
export const searchAnchorPage = (db: Kysely<Database>, term: string, cursor: string | undefined, size = SEARCH_PAGE_SIZE): Promise<SearchAnchorPage> =>
  paged((keyset) => searchAnchors(db, term, keyset), cursor, size);
export const searchLivePage = (db: Kysely<Database>, term: string, cursor: string | undefined, size = SEARCH_PAGE_SIZE): Promise<SearchLivePage> =>
  paged((keyset) => searchLives(db, term, keyset), cursor, size);

/** The form a query is counted under: trimmed, inner spaces collapsed, lower-cased, 10 characters at most. */
export function normaliseTerm(name: string): string {
  return [...name.trim().replace(/\s+/g, ' ').toLowerCase()].slice(0, 10).join('');
}

export const HOT_SEARCH_DAYS = 7;
export const HOT_SEARCH_ITEMS = 10;

/** Counts a query that found something, under today's date in China (UTC+8). */
export async function recordSearch(db: Kysely<Database>, term: string): Promise<void> {
  if (term === '') return;
  await sql`insert into search_term_day (day, term) values ((now() at time zone 'Asia/Shanghai')::date, ${term})
    on conflict (day, term) do update set hits = search_term_day.hits + 1`.execute(db);
}

/** The most searched terms of the last HOT_SEARCH_DAYS days, those `allowed` keeps. */
export async function hotSearches(db: Kysely<Database>, allowed: (term: string) => boolean): Promise<SearchHot> {
  const rows = await db
    .selectFrom('search_term_day')
    .select(['term', sql<string>`sum(hits)`.as('hits')])
    .where(sql<boolean>`day > (now() at time zone 'Asia/Shanghai')::date - ${HOT_SEARCH_DAYS}::int`)
    .groupBy('term')
    .orderBy(sql`sum(hits)`, 'desc')
    .orderBy('term')
    .limit(HOT_SEARCH_ITEMS * 3)
    .execute();
  return { list: rows.filter((row) => allowed(row.term)).slice(0, HOT_SEARCH_ITEMS).map((row) => ({ term: row.term, hits: Number(row.hits) })) };
}

export const resultCount = (result: SearchResult) => Object.values(result).reduce((sum, group: unknown[]) => sum + group.length, 0);

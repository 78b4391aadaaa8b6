import type {
  SearchAnchor,
  SearchAnchorPage,
  SearchCompetition,
  SearchHeadline,
  SearchHot,
  SearchLive,
  SearchLivePage,
  SearchMatch,
  SearchPlayer,
  SearchPost,
  SearchResult,
  SearchTeam,
} from '@sports/shared/server';
import { SEARCH_GROUP_LIMIT } from '@sports/shared/server';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import { containsPattern } from '../infra/db/likePattern';
import { thumbUrlOf } from '../live/index';
import { type SearchTerm, searchTermOf } from './searchKeys';

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

/** The forms a term is matched in: as typed, and in simplified characters when that differs. */
const formsOf = (term: SearchTerm) => [...new Set([term.raw, term.simplified])];

/** `column` contains the term in one of its forms (each form in the shape the indexes serve). */
function nameContains(column: string, term: SearchTerm): RawBuilder<boolean> {
  const [first, ...more] = formsOf(term).map((form) => textContains(column, form));
  return more.length === 0 ? (first as RawBuilder<boolean>) : sql<boolean>`(${sql.join([first, ...more], sql` or `)})`;
}

/** Which ids of `kind` have a pinyin key containing the pinyin query (false when it is none). */
function keyMatches(kind: SearchKind, idColumn: string, term: SearchTerm): RawBuilder<boolean> {
  if (term.pinyin === null) return sql<boolean>`false`;
  return sql<boolean>`${sql.ref(idColumn)} in (select k.ref_id from search_key k where k.kind = ${kind} and (${textContains('k.full', term.pinyin)} or ${textContains('k.initials', term.pinyin)}))`;
}

type SearchKind = 'competition' | 'team' | 'player' | 'anchor';

/**
 * The ranking tier of an item (README.md "Ranking"): 3 when one of its names is the term, 2 when
 * one starts with it, 1 when one contains it, 0 otherwise; names compared case-insensitively in
 * every form of the term, and, for a pinyin query, the item's pinyin keys too (whole or initials).
 */
function tierOf(term: SearchTerm, columns: string[], key?: { kind: SearchKind; id: string }): RawBuilder<number> {
  const prefix = (form: string) => `${containsPattern(form).slice(1)}`;
  const tiers = columns.flatMap((column) =>
    formsOf(term).map(
      (form) =>
        sql<number>`case when lower(${sql.ref(column)}) = lower(${form}) then 3 when ${sql.ref(column)} ilike ${prefix(form)} escape '\\' then 2 when ${sql.ref(column)} ilike ${containsPattern(form)} escape '\\' then 1 else 0 end`,
    ),
  );
  if (key !== undefined && term.pinyin !== null) {
    const p = term.pinyin;
    tiers.push(sql<number>`coalesce((select max(case when k."full" = ${p} or k.initials = ${p} then 3 when k."full" like ${`${p}%`} or k.initials like ${`${p}%`} then 2
      when k."full" like ${`%${p}%`} or k.initials like ${`%${p}%`} then 1 else 0 end) from search_key k where k.kind = ${key.kind} and k.ref_id = ${sql.ref(key.id)}), 0)`);
  }
  return tiers.length === 1 ? (tiers[0] as RawBuilder<number>) : sql<number>`greatest(${sql.join(tiers)})`;
}

/** The documented score (README.md "Ranking"): 100 × tier, + 1000 when on air or in play. */
const SCORE_TIER = 100;
const SCORE_LIVE = 1000;
const scoreOf = (tier: RawBuilder<number>, live?: RawBuilder<boolean>) =>
  live === undefined ? sql<number>`(${SCORE_TIER} * ${tier})::int` : sql<number>`(${SCORE_TIER} * ${tier} + case when ${live} then ${SCORE_LIVE} else 0 end)::int`;

export async function searchCompetitionsByName(db: Kysely<Database>, term: SearchTerm, limit = SEARCH_GROUP_LIMIT): Promise<SearchCompetition[]> {
  const score = scoreOf(tierOf(term, ['name_zh', 'short_name_zh'], { kind: 'competition', id: 'competition.id' }));
  const rows = await db
    .selectFrom('competition')
    .select(['id', 'sport', 'name_zh', 'short_name_zh', score.as('score')])
    .where((eb) => eb.or([nameContains('name_zh', term), nameContains('short_name_zh', term), keyMatches('competition', 'competition.id', term)]))
    .orderBy(sql`score`, 'desc')
    .orderBy(sql`hot_rank nulls last`)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, link: `#/${sportBase(row.sport)}?competition=${row.id}` }));
}

/** Teams named by the term (characters or pinyin): a subquery of their ids. */
const namedTeams = (db: Kysely<Database>, term: SearchTerm) =>
  db.selectFrom('team').select('team.id').where((eb) => eb.or([nameContains('team.name_zh', term), nameContains('team.short_name_zh', term), keyMatches('team', 'team.id', term)]));

export async function searchTeams(db: Kysely<Database>, term: SearchTerm, limit = SEARCH_GROUP_LIMIT): Promise<SearchTeam[]> {
  const score = scoreOf(tierOf(term, ['name_zh', 'short_name_zh'], { kind: 'team', id: 'team.id' }));
  const rows = await db
    .selectFrom('team')
    .select(['id', 'sport', 'name_zh', 'short_name_zh', score.as('score')])
    .where((eb) => eb.or([nameContains('name_zh', term), nameContains('short_name_zh', term), keyMatches('team', 'team.id', term)]))
    .orderBy(sql`score`, 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, link: `#/${sportBase(row.sport)}?team=${row.id}` }));
}

/** How many of the team's latest started matches are looked through for events naming a player. */
export const PLAYER_RECENT_MATCHES = 20;
/** At most this many matches a player. */
export const PLAYER_MATCHES = 3;

/**
 * Players of the knowledge bases' squads (football, basketball) by name or pinyin, each with the
 * matches of their team in which an event names them (in play first, then the latest; among the
 * team's PLAYER_RECENT_MATCHES latest started ones, so the cost is bounded): where a user saw them.
 */
export async function searchPlayers(db: Kysely<Database>, term: SearchTerm, limit = SEARCH_GROUP_LIMIT): Promise<Array<SearchPlayer & { tier: number }>> {
  const tier = tierOf(term, ['p.name_zh'], { kind: 'player', id: 'p.id' });
  const rows = await db
    .selectFrom('player as p')
    .innerJoin('team as t', 't.id', 'p.team_id')
    .select(['p.id', 'p.name_zh', 'p.team_id', 'p.position', 'p.shirt_number', 't.sport', 't.short_name_zh as team', tier.as('tier')])
    .where('t.sport', 'in', ['football', 'basketball'])
    .where((eb) => eb.or([nameContains('p.name_zh', term), keyMatches('player', 'p.id', term)]))
    .orderBy(sql`tier`, 'desc')
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return Promise.all(
    rows.map(async (row) => {
      const recent = db
        .selectFrom('match')
        .select(['match.id', 'match.status', 'match.kickoff_at'])
        .where((eb) => eb.or([eb('match.home_team_id', '=', row.team_id), eb('match.away_team_id', '=', row.team_id)]))
        .where('match.status', '<>', 'scheduled')
        .orderBy('match.kickoff_at', 'desc')
        .limit(PLAYER_RECENT_MATCHES);
      const matches = await db
        .selectFrom(recent.as('m'))
        .select('m.id')
        .where((eb) => eb.exists(eb.selectFrom('match_event as e').select(sql`1`.as('one')).whereRef('e.match_id', '=', 'm.id').where((inner) => inner.or([inner('e.player_zh', '=', row.name_zh), inner('e.player_in_zh', '=', row.name_zh)]))))
        .orderBy(sql`m.status in ('live', 'halftime')`, 'desc')
        .orderBy('m.kickoff_at', 'desc')
        .limit(PLAYER_MATCHES)
        .execute();
      const tierValue = Number(row.tier);
      return {
        id: row.id,
        sport: row.sport,
        name_zh: row.name_zh,
        team_id: row.team_id,
        team: row.team,
        position: row.position,
        shirt_number: row.shirt_number,
        match_ids: matches.map((match) => Number(match.id)),
        score: SCORE_TIER * tierValue,
        tier: tierValue,
        link: `#/${sportBase(row.sport)}?player=${row.id}`,
      };
    }),
  );
}

/**
 * Matches of the teams or competitions named (characters or pinyin), and `also` (the matches the
 * players found appear in, with the players' tier): in play first, then the best named, then the
 * nearest kick-offs.
 */
export async function searchMatches(db: Kysely<Database>, term: SearchTerm, limit = SEARCH_GROUP_LIMIT, also: ReadonlyMap<number, number> = new Map()): Promise<SearchMatch[]> {
  const teams = namedTeams(db, term);
  const competitions = db
    .selectFrom('competition')
    .select('competition.id')
    .where((eb) => eb.or([nameContains('competition.name_zh', term), nameContains('competition.short_name_zh', term), keyMatches('competition', 'competition.id', term)]));
  const alsoIds = [...also.keys()];
  const playerTier = alsoIds.length === 0 ? sql<number>`0` : sql<number>`case m.id ${sql.join(alsoIds.map((id) => sql`when ${id}::bigint then ${also.get(id) ?? 0}::int`), sql` `)} else 0 end`;
  const tier = sql<number>`greatest(${tierOf(term, ['h.name_zh', 'h.short_name_zh'], { kind: 'team', id: 'h.id' })}, ${tierOf(term, ['a.name_zh', 'a.short_name_zh'], { kind: 'team', id: 'a.id' })},
    ${tierOf(term, ['c.name_zh', 'c.short_name_zh'], { kind: 'competition', id: 'c.id' })}, ${playerTier})`;
  const score = scoreOf(tier, sql<boolean>`m.status in ('live', 'halftime')`);
  const rows = await db
    .selectFrom('match as m')
    .innerJoin('team as h', 'h.id', 'm.home_team_id')
    .innerJoin('team as a', 'a.id', 'm.away_team_id')
    .innerJoin('competition as c', 'c.id', 'm.competition_id')
    .select(['m.id', 'm.sport', 'c.short_name_zh as competition', 'h.short_name_zh as home', 'a.short_name_zh as away', 'm.home_score', 'm.away_score', 'm.status', 'm.kickoff_at', score.as('score')])
    .where((eb) =>
      eb.or([eb('m.home_team_id', 'in', teams), eb('m.away_team_id', 'in', teams), eb('m.competition_id', 'in', competitions), ...(alsoIds.length === 0 ? [] : [eb('m.id', 'in', alsoIds)])]),
    )
    .orderBy(sql`score`, 'desc')
    .orderBy(sql`abs(extract(epoch from m.kickoff_at - now()))`)
    .orderBy('m.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), kickoff_at: iso(row.kickoff_at), link: `#/score-detail?id=${row.id}` }));
}

interface Keyset {
  /** Pages: the last item's place (on air or not, id); the page goes on after it. */
  after?: { live: boolean; id: number };
  limit: number;
  /** Group order: best score first (on air above idle); pages: on air first, then newest, by keyset. */
  liveFirst?: boolean;
}

/** Pages (on air first, then newest): rows after `after` in that order. */
function afterKeyset(live: RawBuilder<boolean>, id: string, after: { live: boolean; id: number }): RawBuilder<boolean> {
  const flag = sql<number>`(case when ${live} then 1 else 0 end)`;
  const afterFlag = after.live ? 1 : 0;
  return sql<boolean>`(${flag} < ${afterFlag} or (${flag} = ${afterFlag} and ${sql.ref(id)} < ${after.id}))`;
}

/** Anchors (not banned) whose nickname contains the term (or whose pinyin does), with their room. */
export async function searchAnchors(db: Kysely<Database>, term: SearchTerm, { after, limit, liveFirst = false }: Keyset): Promise<SearchAnchor[]> {
  const onAir = sql<boolean>`coalesce(r.stream_status = 'live', false)`;
  const score = scoreOf(tierOf(term, ['u.user_nickname'], { kind: 'anchor', id: 'u.id' }), onAir);
  let query = db
    .selectFrom('app_user as u')
    .leftJoinLateral(
      (eb) => eb.selectFrom('live_room').select(['live_room.id as room_id', 'live_room.stream_status']).whereRef('live_room.owner_id', '=', 'u.id').orderBy('live_room.id').limit(1).as('r'),
      (join) => join.onTrue(),
    )
    .select(['u.id', 'u.user_nickname', 'u.avatar', 'r.room_id', 'r.stream_status', score.as('score')])
    .where('u.is_anchor', '=', 1)
    .where(notBanned)
    .where((eb) => eb.or([nameContains('u.user_nickname', term), keyMatches('anchor', 'u.id', term)]));
  if (after !== undefined) query = query.where(afterKeyset(onAir, 'u.id', after));
  query = liveFirst ? query.orderBy(sql`score`, 'desc') : query.orderBy(onAir, 'desc');
  const rows = await query.orderBy('u.id', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    id: Number(row.id),
    user_nickname: row.user_nickname,
    avatar: row.avatar,
    room_id: row.room_id === null ? null : Number(row.room_id),
    is_live: row.stream_status === 'live',
    score: row.score,
    link: `#/about-user?id=${row.id}`,
  }));
}

/**
 * Rooms (anchors not banned) whose title contains the term, whose anchor's nickname does (or its
 * pinyin), or that show a match of a team named (characters or pinyin): 伯恩利 v 阿森纳 is found
 * by 阿森纳 whatever the room's title.
 */
export async function searchLives(db: Kysely<Database>, term: SearchTerm, { after, limit, liveFirst = false }: Keyset): Promise<SearchLive[]> {
  const onAir = sql<boolean>`(r.stream_status = 'live')`;
  const anchors = db
    .selectFrom('app_user')
    .select('app_user.id')
    .where('is_anchor', '=', 1)
    .where((eb) => eb.or([nameContains('app_user.user_nickname', term), keyMatches('anchor', 'app_user.id', term)]));
  const teams = namedTeams(db, term);
  const tier = sql<number>`greatest(${tierOf(term, ['r.title'])}, ${tierOf(term, ['u.user_nickname'], { kind: 'anchor', id: 'u.id' })},
    coalesce(${tierOf(term, ['h.name_zh', 'h.short_name_zh'], { kind: 'team', id: 'h.id' })}, 0), coalesce(${tierOf(term, ['a.name_zh', 'a.short_name_zh'], { kind: 'team', id: 'a.id' })}, 0))`;
  const score = scoreOf(tier, onAir);
  let query = db
    .selectFrom('live_room as r')
    .innerJoin('app_user as u', 'u.id', 'r.owner_id')
    .leftJoin('match as m', 'm.id', 'r.match_id')
    .leftJoin('team as h', 'h.id', 'm.home_team_id')
    .leftJoin('team as a', 'a.id', 'm.away_team_id')
    .select(['r.id', 'r.title', 'r.cover', 'r.type', 'r.stream_status', 'r.stream_started_at', 'u.id as anchor_id', 'u.user_nickname', 'm.id as match_id', 'h.name_zh as home', 'a.name_zh as away', score.as('score')])
    .where(notBanned)
    .where((eb) => eb.or([nameContains('r.title', term), eb('r.owner_id', 'in', anchors), eb('h.id', 'in', teams), eb('a.id', 'in', teams)]));
  if (after !== undefined) query = query.where(afterKeyset(onAir, 'r.id', after));
  query = liveFirst ? query.orderBy(sql`score`, 'desc') : query.orderBy(onAir, 'desc');
  const rows = await query.orderBy('r.id', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    id: Number(row.id),
    title: row.title,
    cover: row.cover,
    thumb: thumbUrlOf({ id: Number(row.id), type: row.type, stream_status: row.stream_status, stream_started_at: row.stream_started_at }, Date.now()),
    anchor_id: Number(row.anchor_id),
    anchor_nickname: row.user_nickname,
    is_live: row.stream_status === 'live',
    match: row.match_id === null || row.home === null || row.away === null ? null : { id: Number(row.match_id), home: row.home, away: row.away },
    score: row.score,
    link: `#/live?id=${row.id}`,
  }));
}

/** Visible posts (not hidden, not deleted) containing the term: the best matched, then the newest. */
export async function searchPostTexts(db: Kysely<Database>, term: SearchTerm, limit = SEARCH_GROUP_LIMIT): Promise<SearchPost[]> {
  const rows = await db
    .selectFrom('post as p')
    .innerJoin('app_user as u', 'u.id', 'p.author_id')
    .select([sql<string>`left(p.text, 100)`.as('text'), 'p.id', 'u.user_nickname', 'p.created_at', scoreOf(tierOf(term, ['p.text'])).as('score')])
    .where('p.hidden', '=', false)
    .where('p.deleted_at', 'is', null)
    .where(nameContains('p.text', term))
    .orderBy(sql`score`, 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), text: row.text, author_nickname: row.user_nickname, created_at: iso(row.created_at), score: row.score, link: `#/circle-detail?id=${row.id}` }));
}

/** Published headlines whose title contains the term: the best matched, then the newest. */
export async function searchHeadlines(db: Kysely<Database>, term: SearchTerm, limit = SEARCH_GROUP_LIMIT): Promise<SearchHeadline[]> {
  const rows = await db
    .selectFrom('headline')
    .select(['id', 'title', 'published_at', scoreOf(tierOf(term, ['title'])).as('score')])
    .where('state', '=', 'published')
    .where(nameContains('title', term))
    .orderBy(sql`score`, 'desc')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), title: row.title, published_at: iso(row.published_at ?? new Date(0)), score: row.score, link: `#/detail?id=${row.id}` }));
}

/** `api/Search/index`: every kind, grouped, at most SEARCH_GROUP_LIMIT each, each group best first. */
export async function searchEverything(db: Kysely<Database>, name: string): Promise<SearchResult> {
  const term = searchTermOf(name);
  const [found, teams, competitions, anchors, lives, posts, headlines] = await Promise.all([
    searchPlayers(db, term),
    searchTeams(db, term),
    searchCompetitionsByName(db, term),
    searchAnchors(db, term, { limit: SEARCH_GROUP_LIMIT, liveFirst: true }),
    searchLives(db, term, { limit: SEARCH_GROUP_LIMIT, liveFirst: true }),
    searchPostTexts(db, term),
    searchHeadlines(db, term),
  ]);
  const playerMatches = new Map<number, number>();
  for (const player of found) for (const id of player.match_ids) playerMatches.set(id, Math.max(playerMatches.get(id) ?? 0, player.tier));
  const matches = await searchMatches(db, term, SEARCH_GROUP_LIMIT, playerMatches);
  const players = found.map(({ tier: _tier, ...player }) => player);
  return { matches, teams, competitions, anchors, lives, posts, headlines, players };
}

/**
 * The pages' cursor: the last item's place, on air first then newest, as one number within the
 * schema's digits: 2·10^13 + id for an item on air, 1·10^13 + id for one that is not (ids stay below
 * 10^13). A smaller number (a cursor of an id alone, from before issue 33) pages on after that id
 * among those not on air.
 */
const CURSOR_PLACE = 10 ** 13;
export const cursorOf = (item: { id: number; is_live: boolean }) => String((item.is_live ? 2 : 1) * CURSOR_PLACE + item.id);
export function placeOf(cursor: string): { live: boolean; id: number } {
  const value = Number(cursor);
  if (value < CURSOR_PLACE) return { live: false, id: value };
  return { live: value >= 2 * CURSOR_PLACE, id: value % CURSOR_PLACE };
}

/** A page (keyset): `size` items and the cursor of the next page (null: the last). */
async function paged<T extends { id: number; is_live: boolean }>(fetch: (keyset: Keyset) => Promise<T[]>, cursor: string | undefined, size: number): Promise<{ list: T[]; next_cursor: string | null }> {
  const rows = await fetch({ after: cursor === undefined ? undefined : placeOf(cursor), limit: size + 1 });
  const list = rows.slice(0, size);
  const last = list[list.length - 1];
  return { list, next_cursor: rows.length > size && last !== undefined ? cursorOf(last) : null };
}

export const SEARCH_PAGE_SIZE = 20;
export const searchAnchorPage = (db: Kysely<Database>, term: string, cursor: string | undefined, size = SEARCH_PAGE_SIZE): Promise<SearchAnchorPage> =>
  paged((keyset) => searchAnchors(db, searchTermOf(term), keyset), cursor, size);
export const searchLivePage = (db: Kysely<Database>, term: string, cursor: string | undefined, size = SEARCH_PAGE_SIZE): Promise<SearchLivePage> =>
  paged((keyset) => searchLives(db, searchTermOf(term), keyset), cursor, size);

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

export const resultCount = (result: SearchResult) => Object.values(result).reduce((sum, group: unknown[] | undefined) => sum + (group?.length ?? 0), 0);

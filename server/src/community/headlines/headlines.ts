import type {
  HeadlineCategory,
  HeadlineDetail,
  HeadlineHistoryItem,
  HeadlineHistoryPage,
  HeadlineHistoryQuery,
  HeadlineItem,
  HeadlineLikeResult,
  HeadlineListQuery,
  HeadlinePage,
  HeadlineReadResult,
  HeadlineRelatedMatch,
} from '@sports/shared/server';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, HeadlineTable } from '../../infra/db/schema';
import { errors } from '../../infra/http/errorCatalogue';
import { renderMarkdown } from './markdown';
import { reportClips } from './reportClips';

export const HEADLINE_PAGE_SIZE_DEFAULT = 20;
/** A reader counts once per article in this window (a member by their read row, a guest by address). */
export const VIEW_WINDOW_MS = 30 * 60_000;

/** A keyset position: the last item's time (ms) and id. */
export interface Keyset {
  at: Date;
  id: number;
}

export function encodeCursor(at: Date, id: number): string {
  return `${at.getTime()}_${id}`;
}

/** The schema's pattern already holds; a time past what a Date holds is refused. */
export function decodeCursor(cursor: string | undefined): Keyset | null {
  if (cursor === undefined) return null;
  const [ms, id] = cursor.split('_');
  const at = new Date(Number(ms));
  if (Number.isNaN(at.getTime()) || !Number.isSafeInteger(Number(id))) throw errors.VALIDATION('cursor 格式错误');
  return { at, id: Number(id) };
}

export async function categories(db: Kysely<Database>): Promise<HeadlineCategory[]> {
  return db.selectFrom('headline_category').select(['id', 'key', 'name']).orderBy('sort').orderBy('id').execute();
}

export async function categoryByKey(db: Kysely<Database>, key: string): Promise<{ id: number; key: string; name: string } | null> {
  return (await db.selectFrom('headline_category').select(['id', 'key', 'name']).where('key', '=', key).executeTakeFirst()) ?? null;
}

function itemQuery(db: Kysely<Database>) {
  return db
    .selectFrom('headline as h')
    .innerJoin('headline_category as c', 'c.id', 'h.category_id')
    .select(['h.id', 'h.title', 'h.summary', 'h.cover', 'c.key as category', 'c.name as category_name', 'h.author', 'h.published_at', 'h.view_count', 'h.like_count', 'h.comment_count']);
}

type ItemRecord = Awaited<ReturnType<ReturnType<typeof itemQuery>['executeTakeFirstOrThrow']>>;

function toItem(row: ItemRecord): HeadlineItem {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    cover: row.cover,
    category: row.category,
    category_name: row.category_name,
    author: row.author,
    published_at: (row.published_at as Date).toISOString(),
    view_count: Number(row.view_count),
    like_count: Number(row.like_count),
    comment_count: Number(row.comment_count),
  };
}

/** Published articles newest first (one category or all), by keyset on (published_at, id). */
export async function listHeadlines(db: Kysely<Database>, query: HeadlineListQuery): Promise<HeadlinePage> {
  const pageSize = query.page_size ?? HEADLINE_PAGE_SIZE_DEFAULT;
  const after = decodeCursor(query.cursor);
  let select = itemQuery(db).where('h.state', '=', 'published');
  if (query.category !== undefined) {
    const category = await categoryByKey(db, query.category);
    if (category === null) throw errors.HEADLINE_CATEGORY_UNKNOWN();
    select = select.where('h.category_id', '=', category.id);
  }
  if (after !== null) select = select.where(sql<boolean>`(h.published_at, h.id) < (${after.at}, ${after.id})`);
  const rows = await select.orderBy('h.published_at', 'desc').orderBy('h.id', 'desc').limit(pageSize + 1).execute();
  const list = rows.slice(0, pageSize).map(toItem);
  const last = rows.length > pageSize ? rows[pageSize - 1] : undefined;
  return { list, next_cursor: last === undefined ? null : encodeCursor(last.published_at as Date, last.id) };
}

/** The newest published articles (the portal feed and the home widget). */
export async function topHeadlines(db: Kysely<Database>, limit: number): Promise<HeadlineItem[]> {
  return (await listHeadlines(db, { page_size: limit })).list;
}

/** Related matches as links: names and the score once it started. Unknown ids are skipped. */
export async function relatedMatches(db: Kysely<Database>, ids: readonly number[]): Promise<HeadlineRelatedMatch[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('match as m')
    .innerJoin('team as h', 'h.id', 'm.home_team_id')
    .innerJoin('team as a', 'a.id', 'm.away_team_id')
    .select(['m.id', 'h.name_zh as home', 'a.name_zh as away', 'm.status', 'm.home_score', 'm.away_score', 'm.kickoff_at'])
    .where('m.id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (row === undefined) return [];
    return [{ id: row.id, home: row.home, away: row.away, score: row.status === 'scheduled' ? null : `${row.home_score}-${row.away_score}`, start_time: row.kickoff_at.toISOString() }];
  });
}

/** The article page: published only (anything else is HEADLINE_NOT_FOUND); a match report carries its match's clips (reportClips.ts). */
export async function headlineDetail(db: Kysely<Database>, id: number, viewerId: number | null): Promise<HeadlineDetail> {
  const row = await itemQuery(db).select(['h.body', 'h.source', 'h.related_match_ids', 'h.match_id']).where('h.id', '=', id).where('h.state', '=', 'published').executeTakeFirst();
  if (row === undefined) throw errors.HEADLINE_NOT_FOUND();
  const liked = viewerId === null ? false : (await db.selectFrom('headline_like').select('user_id').where('headline_id', '=', id).where('user_id', '=', viewerId).executeTakeFirst()) !== undefined;
  const matchIds = [...new Set([...(row.match_id === null ? [] : [row.match_id]), ...row.related_match_ids.map(Number)])];
  return {
    ...toItem(row),
    body_html: renderMarkdown(row.body),
    related_matches: await relatedMatches(db, matchIds),
    source: row.source,
    liked,
    // A report's clips are read now, not stored in its body: one cut after full time is there, a deleted or hidden one is not.
    clips: row.source === 'match_report' && row.match_id !== null ? await reportClips(db, row.match_id, viewerId) : [],
  };
}

async function publishedOrThrow(db: Kysely<Database>, id: number): Promise<void> {
  const row = await db.selectFrom('headline').select('id').where('id', '=', id).where('state', '=', 'published').executeTakeFirst();
  if (row === undefined) throw errors.HEADLINE_NOT_FOUND();
}

/**
 * Guests' recent views by address and article: a refresh within VIEW_WINDOW_MS counts once.
 * Bounded: past `max` entries, expired ones are dropped, then the oldest.
 */
export class GuestViews {
  private readonly seen = new Map<string, number>();
  constructor(private readonly max = 50_000) {}

  /** True when this view counts (and remembers it). */
  take(ip: string, id: number, nowMs: number): boolean {
    const key = `${ip}|${id}`;
    const until = this.seen.get(key);
    if (until !== undefined && until > nowMs) return false;
    this.seen.delete(key);
    if (this.seen.size >= this.max) this.prune(nowMs);
    this.seen.set(key, nowMs + VIEW_WINDOW_MS);
    return true;
  }

  private prune(nowMs: number): void {
    for (const [key, until] of this.seen) if (until <= nowMs) this.seen.delete(key);
    // Still full: drop the oldest quarter (insertion order is expiry order).
    if (this.seen.size >= this.max) {
      let drop = Math.ceil(this.max / 4);
      for (const key of this.seen.keys()) {
        if (drop-- <= 0) break;
        this.seen.delete(key);
      }
    }
  }
}

/**
 * `api/Headlines_user/insert`: a member's read moves their history row to now and counts a view
 * unless they read it within VIEW_WINDOW_MS; a guest's counts once per address in that window.
 */
export async function recordRead(db: Kysely<Database>, id: number, reader: { userId: number | null; ip: string }, guestViews: GuestViews, now: Date): Promise<HeadlineReadResult> {
  await publishedOrThrow(db, id);
  let counts: boolean;
  if (reader.userId === null) {
    counts = guestViews.take(reader.ip, id, now.getTime());
  } else {
    const userId = reader.userId;
    counts = await db.transaction().execute(async (trx) => {
      const inserted = await trx.insertInto('headline_read').values({ user_id: userId, headline_id: id, read_at: now }).onConflict((oc) => oc.doNothing()).returning('user_id').executeTakeFirst();
      if (inserted !== undefined) return true;
      const stale = await trx
        .updateTable('headline_read')
        .set({ read_at: now })
        .where('user_id', '=', userId)
        .where('headline_id', '=', id)
        .where('read_at', '<', new Date(now.getTime() - VIEW_WINDOW_MS))
        .returning('user_id')
        .executeTakeFirst();
      if (stale !== undefined) return true;
      await trx.updateTable('headline_read').set({ read_at: now }).where('user_id', '=', userId).where('headline_id', '=', id).execute();
      return false;
    });
  }
  const row = counts
    ? await db.updateTable('headline').set({ view_count: sql`view_count + 1` }).where('id', '=', id).returning('view_count').executeTakeFirstOrThrow()
    : await db.selectFrom('headline').select('view_count').where('id', '=', id).executeTakeFirstOrThrow();
  return { id, view_count: Number(row.view_count) };
}

/** A like toggle: the like row and the count move together in one transaction, so counts stay exact. */
export async function toggleLike(db: Kysely<Database>, id: number, userId: number): Promise<HeadlineLikeResult> {
  await publishedOrThrow(db, id);
  return db.transaction().execute(async (trx) => {
    // Lock the article first: concurrent toggles of one article queue here.
    await trx.selectFrom('headline').select('id').where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    const removed = await trx.deleteFrom('headline_like').where('headline_id', '=', id).where('user_id', '=', userId).returning('user_id').executeTakeFirst();
    if (removed === undefined) await trx.insertInto('headline_like').values({ headline_id: id, user_id: userId }).execute();
    const row = await trx
      .updateTable('headline')
      .set({ like_count: removed === undefined ? sql`like_count + 1` : sql`like_count - 1` })
      .where('id', '=', id)
      .returning('like_count')
      .executeTakeFirstOrThrow();
    return { id, liked: removed === undefined, like_count: Number(row.like_count) };
  });
}

/** A member's reading history, last read first (published articles only), by keyset on (read_at, id). */
export async function readingHistory(db: Kysely<Database>, userId: number, query: HeadlineHistoryQuery): Promise<HeadlineHistoryPage> {
  const pageSize = query.page_size ?? HEADLINE_PAGE_SIZE_DEFAULT;
  const after = decodeCursor(query.cursor);
  let select = itemQuery(db).innerJoin('headline_read as r', 'r.headline_id', 'h.id').select('r.read_at').where('r.user_id', '=', userId).where('h.state', '=', 'published');
  if (after !== null) select = select.where(sql<boolean>`(r.read_at, r.headline_id) < (${after.at}, ${after.id})`);
  const rows = await select.orderBy('r.read_at', 'desc').orderBy('r.headline_id', 'desc').limit(pageSize + 1).execute();
  const list: HeadlineHistoryItem[] = rows.slice(0, pageSize).map((row) => ({ ...toItem(row), read_at: row.read_at.toISOString() }));
  const last = rows.length > pageSize ? rows[pageSize - 1] : undefined;
  return { list, next_cursor: last === undefined ? null : encodeCursor(last.read_at, last.id) };
}

export type HeadlineRow = Selectable<HeadlineTable>;

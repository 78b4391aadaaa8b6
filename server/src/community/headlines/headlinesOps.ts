import type { OpsHeadline, OpsHeadlineListQuery, OpsHeadlinePage, OpsHeadlineWrite, HeadlineState } from '@sports/shared/server';
import { type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import type { Database, HeadlineTable } from '../../infra/db/schema';
import { errors } from '../../infra/http/errorCatalogue';
import { HEADLINE_PAGE_SIZE_DEFAULT, categoryByKey, decodeCursor, encodeCursor } from './headlines';
import { excerpt, markdownToText, safeImageSrc } from './markdown';

/** Who acted: the ops actor name and address (recorded in headline_audit). */
export interface Editor {
  actor: string;
  ip: string;
}

type Row = Selectable<HeadlineTable> & { category: string };

function toOps(row: Row): OpsHeadline {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    cover: row.cover,
    category: row.category,
    author: row.author,
    body: row.body,
    related_match_ids: row.related_match_ids.map(Number),
    state: row.state,
    source: row.source,
    published_at: row.published_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    view_count: Number(row.view_count),
    like_count: Number(row.like_count),
    comment_count: Number(row.comment_count),
  };
}

function rowQuery(db: Kysely<Database> | Transaction<Database>) {
  return db.selectFrom('headline as h').innerJoin('headline_category as c', 'c.id', 'h.category_id').selectAll('h').select('c.key as category');
}

/** Every article (any state), last updated first, by keyset on (updated_at, id). */
export async function listForOps(db: Kysely<Database>, query: OpsHeadlineListQuery): Promise<OpsHeadlinePage> {
  const pageSize = query.page_size ?? HEADLINE_PAGE_SIZE_DEFAULT;
  const after = decodeCursor(query.cursor);
  let select = rowQuery(db);
  if (query.state !== undefined) select = select.where('h.state', '=', query.state);
  if (query.category !== undefined) select = select.where('c.key', '=', query.category);
  if (after !== null) select = select.where(sql<boolean>`(h.updated_at, h.id) < (${after.at}, ${after.id})`);
  const rows = await select.orderBy('h.updated_at', 'desc').orderBy('h.id', 'desc').limit(pageSize + 1).execute();
  const last = rows.length > pageSize ? rows[pageSize - 1] : undefined;
  return { list: rows.slice(0, pageSize).map(toOps), next_cursor: last === undefined ? null : encodeCursor(last.updated_at, last.id) };
}

export async function oneForOps(db: Kysely<Database>, id: number): Promise<OpsHeadline> {
  const row = await rowQuery(db).where('h.id', '=', id).executeTakeFirst();
  if (row === undefined) throw errors.HEADLINE_NOT_FOUND();
  return toOps(row);
}

/** Checks and normalises what the editor sent: text trimmed, category known, cover ours, matches real. */
async function cleanWrite(db: Kysely<Database>, input: OpsHeadlineWrite, editor: Editor) {
  const title = input.title.trim();
  if (title === '') throw errors.HEADLINE_TITLE_BLANK();
  const body = input.body.trim();
  if (body === '') throw errors.HEADLINE_BODY_BLANK();
  const category = await categoryByKey(db, input.category);
  if (category === null) throw errors.HEADLINE_CATEGORY_UNKNOWN();
  const coverText = (input.cover ?? '').trim();
  const cover = coverText === '' ? null : safeImageSrc(coverText);
  if (coverText !== '' && cover === null) throw errors.HEADLINE_BAD_COVER();
  const matchIds = input.related_match_ids ?? [];
  if (matchIds.length > 0) {
    const found = new Set((await db.selectFrom('match').select('id').where('id', 'in', matchIds).execute()).map((row) => row.id));
    const missing = matchIds.filter((id) => !found.has(id));
    if (missing.length > 0) throw errors.HEADLINE_MATCH_NOT_FOUND(missing);
  }
  const summaryText = (input.summary ?? '').trim();
  const author = (input.author ?? '').trim() || editor.actor;
  return {
    title,
    body,
    category_id: category.id,
    cover,
    summary: summaryText === '' ? excerpt(markdownToText(body), 80) : summaryText,
    author: [...author].slice(0, 30).join(''),
    related_match_ids: matchIds,
    editor: editor.actor,
  };
}

async function audit(trx: Transaction<Database>, headlineId: number, action: 'create' | 'edit' | 'publish' | 'unpublish' | 'hide', editor: Editor, now: Date): Promise<void> {
  await trx.insertInto('headline_audit').values({ headline_id: headlineId, action, actor: editor.actor, actor_ip: editor.ip.slice(0, 64), at: now }).execute();
}

/** A new article, a draft until published. */
export async function createHeadline(db: Kysely<Database>, input: OpsHeadlineWrite, editor: Editor, now: Date): Promise<OpsHeadline> {
  const values = await cleanWrite(db, input, editor);
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('headline').values({ ...values, state: 'draft', source: 'editor', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    await audit(trx, row.id, 'create', editor, now);
    return row.id;
  });
  return oneForOps(db, id);
}

/** Edits an article in place (its state and publication time stay). */
export async function editHeadline(db: Kysely<Database>, id: number, input: OpsHeadlineWrite, editor: Editor, now: Date): Promise<OpsHeadline> {
  const values = await cleanWrite(db, input, editor);
  await db.transaction().execute(async (trx) => {
    const row = await trx.updateTable('headline').set({ ...values, updated_at: now }).where('id', '=', id).returning('id').executeTakeFirst();
    if (row === undefined) throw errors.HEADLINE_NOT_FOUND();
    await audit(trx, id, 'edit', editor, now);
  });
  return oneForOps(db, id);
}

/**
 * Publish (`published`: dated now the first time, so it tops the list), unpublish (`draft`) or
 * hide (`hidden`). Setting the state it already has changes nothing and writes no audit row;
 * with `onlyFrom`, neither does any state other than that one.
 */
export async function setHeadlineState(db: Kysely<Database>, id: number, state: HeadlineState, editor: Editor, now: Date, onlyFrom?: HeadlineState): Promise<OpsHeadline> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('headline').select(['state', 'published_at']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (row === undefined) throw errors.HEADLINE_NOT_FOUND();
    // `onlyFrom` (the moderation queue): change it only from that state, decided under the row lock.
    if (row.state === state || (onlyFrom !== undefined && row.state !== onlyFrom)) return;
    await trx
      .updateTable('headline')
      .set({ state, updated_at: now, ...(state === 'published' && row.published_at === null ? { published_at: now } : {}) })
      .where('id', '=', id)
      .execute();
    await audit(trx, id, state === 'published' ? 'publish' : state === 'hidden' ? 'hide' : 'unpublish', editor, now);
  });
  return oneForOps(db, id);
}

import type { Activity, ActivityPage, OpsActivitiesQuery, SaveActivityRequest } from '@sports/shared/server';
import type { Kysely, Selectable } from 'kysely';
import type { ActivityBannerTable, Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { pageOf, pageWindow } from '../infra/http/pagination';
import { isAcceptableCover } from '../live/index';

/**
 * Activity banners: ops schedule them (image, link, target, title, a time window) and the page
 * shows those whose window holds now (`api/Activity_Config/getActivityUrl`).
 */

/** Banners shown at once at most (the page shows a carousel). */
export const ACTIVE_BANNERS_MAX = 20;

type ActivityRow = Selectable<ActivityBannerTable>;

function toActivity(row: ActivityRow): Activity {
  return {
    id: row.id,
    title: row.title,
    image: row.image,
    link: row.link,
    target: row.target,
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at.toISOString(),
  };
}

/**
 * A link the page may open: an https address (no user name or password, no blanks or
 * backslashes) or a path of this site under `/web/` (never `//host`, `/web/../api/…`).
 */
export function isAcceptableLink(link: string): boolean {
  if (/[\\\s\u0000-\u001f\u007f]/.test(link)) return false;
  if (link.startsWith('/web/')) {
    const path = link.split(/[?#]/)[0] as string;
    return !path.includes('//') && !/(^|\/)\.\.?(\/|$)/.test(path) && !/%2e|%2f|%5c/i.test(path);
  }
  if (!link.startsWith('https://')) return false;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** The banners whose window holds `now`, the latest started first. */
export async function activeActivities(db: Kysely<Database>, now: Date): Promise<Activity[]> {
  const rows = await db
    .selectFrom('activity_banner')
    .selectAll()
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .limit(ACTIVE_BANNERS_MAX)
    .execute();
  return rows.map(toActivity);
}

/** Every banner (ops), the newest window first. */
export async function allActivities(db: Kysely<Database>, query: OpsActivitiesQuery): Promise<ActivityPage> {
  const window = pageWindow(query);
  const total = Number((await db.selectFrom('activity_banner').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await db.selectFrom('activity_banner').selectAll().orderBy('starts_at', 'desc').orderBy('id', 'desc').limit(window.pageSize).offset(window.offset).execute();
  return pageOf(rows.map(toActivity), total, window);
}

/** Creates a banner, or updates banner `id`; `siteHostname` is this site's (an image there must be an upload path). */
export async function saveActivity(db: Kysely<Database>, request: SaveActivityRequest, siteHostname: string | null, now: Date): Promise<Activity> {
  const title = request.title.trim();
  if (title === '') throw errors.ACTIVITY_TITLE_EMPTY();
  if (!isAcceptableCover(request.image, siteHostname)) throw errors.ACTIVITY_IMAGE_INVALID();
  if (!isAcceptableLink(request.link)) throw errors.ACTIVITY_LINK_INVALID();
  const startsAt = new Date(request.starts_at);
  const endsAt = new Date(request.ends_at);
  if (Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime()) || endsAt.getTime() <= startsAt.getTime()) throw errors.ACTIVITY_TIME_INVALID();
  const values = { title, image: request.image, link: request.link, target: request.target, starts_at: startsAt, ends_at: endsAt };
  if (request.id === undefined) {
    return toActivity(await db.insertInto('activity_banner').values({ ...values, created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow());
  }
  const row = await db.updateTable('activity_banner').set({ ...values, updated_at: now }).where('id', '=', request.id).returningAll().executeTakeFirst();
  if (row === undefined) throw errors.ACTIVITY_NOT_FOUND();
  return toActivity(row);
}

export async function deleteActivity(db: Kysely<Database>, id: number): Promise<void> {
  const deleted = await db.deleteFrom('activity_banner').where('id', '=', id).returning('id').executeTakeFirst();
  if (deleted === undefined) throw errors.ACTIVITY_NOT_FOUND();
}

import { errors } from '../../infra/http/errorCatalogue';

/**
 * Keyset cursors. Clients treat them as opaque and pass back `next_cursor`; the server decodes
 * them strictly (anything else is COMMUNITY_BAD_CURSOR, never a database error).
 *
 * - id cursors (latest, following, a user's posts, comments, replies): the last row's id; the
 *   next page is `id < cursor` (newest first) or `id > cursor` (comments, oldest first).
 * - hot cursors: `<hot_score>_<id>` of the last row; the next page is
 *   `(hot_score, id) < (score, id)`. A JavaScript number's decimal form and PostgreSQL's float8
 *   text both round-trip exactly, so the comparison is exact.
 */

const ID_PATTERN = /^[1-9][0-9]{0,15}$/;
const HOT_PATTERN = /^([0-9]{1,12}(?:\.[0-9]{1,20})?)_([1-9][0-9]{0,15})$/;

export function encodeIdCursor(id: number): string {
  return String(id);
}

export function decodeIdCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  if (!ID_PATTERN.test(cursor)) throw errors.COMMUNITY_BAD_CURSOR();
  const id = Number(cursor);
  if (!Number.isSafeInteger(id)) throw errors.COMMUNITY_BAD_CURSOR();
  return id;
}

export interface HotCursor {
  score: number;
  id: number;
}

export function encodeHotCursor(score: number, id: number): string {
  return `${score}_${id}`;
}

export function decodeHotCursor(cursor: string | undefined): HotCursor | null {
  if (cursor === undefined) return null;
  const match = HOT_PATTERN.exec(cursor);
  if (match === null) throw errors.COMMUNITY_BAD_CURSOR();
  const score = Number(match[1]);
  const id = Number(match[2]);
  if (!Number.isFinite(score) || !Number.isSafeInteger(id)) throw errors.COMMUNITY_BAD_CURSOR();
  return { score, id };
}

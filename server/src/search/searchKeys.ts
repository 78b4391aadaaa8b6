import { type Kysely, sql } from 'kysely';
import * as OpenCC from 'opencc-js/t2cn';
import { pinyin } from 'pinyin-pro';
import type { Database } from '../infra/db/schema';
import type { SearchKeyTable } from '../infra/db/tables/search';

/**
 * What a query and a name are compared as (README.md "Pinyin and traditional characters"):
 *
 * - a query is also read in simplified characters (opencc-js, Taiwan/Hong Kong → mainland:
 *   阿森納 → 阿森纳), since the site's names and texts are written in simplified ones;
 * - a query of Latin letters only (spaces and apostrophes ignored) is also read as pinyin, and
 *   compared with the pinyin keys of the names (search_key, migration 0028): the whole pinyin
 *   ('asenna') and the initials ('asn'), both computed by pinyin-pro when a name is new or changed.
 */

const toSimplified = OpenCC.Converter({ from: 'tw', to: 'cn' });

export interface SearchTerm {
  /** As typed, trimmed. */
  raw: string;
  /** In simplified characters (equal to `raw` when it has no traditional ones). */
  simplified: string;
  /** Lower-case Latin letters, when the query is only those (spaces and ' dropped): a pinyin query. */
  pinyin: string | null;
}

export function searchTermOf(raw: string): SearchTerm {
  const trimmed = raw.trim();
  const letters = trimmed.toLowerCase().replace(/[\s']+/g, '');
  return { raw: trimmed, simplified: toSimplified(trimmed), pinyin: /^[a-z]+$/.test(letters) ? letters : null };
}

/** The pinyin keys of a name: `full` 'asenna', `initials` 'asn'; Latin letters and digits kept as they are (lower-case). */
export function pinyinKeysOf(name: string): { full: string; initials: string } {
  const clean = (parts: string[]) => parts.join('').toLowerCase().replace(/[^a-z0-9]/g, '');
  const full = clean(pinyin(name, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true }));
  const initials = clean(pinyin(name, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive', v: true }));
  return { full: full.slice(0, 400), initials: initials.slice(0, 200) };
}

/** Every searched name now: (kind, id, name); a team or competition has two (full and short). */
const CURRENT_NAMES = sql`
  select 'competition'::text as kind, id::bigint as ref_id, name_zh as name from competition
  union select 'competition', id, short_name_zh from competition
  union select 'team', id, name_zh from team
  union select 'team', id, short_name_zh from team
  union select 'player', id, name_zh from player
  union select 'anchor', id, user_nickname from app_user where is_anchor = 1`;

const BATCH = 2_000;

/**
 * Brings search_key up to the names the site has now: keys for names that are new or changed,
 * none left for names that are gone. Idempotent and safe to run concurrently (inserts that meet a
 * row already there do nothing). Returns how many keys were added.
 */
export async function refreshSearchKeys(db: Kysely<Database>): Promise<number> {
  let added = 0;
  for (;;) {
    const missing = await sql<{ kind: SearchKeyTable['kind']; ref_id: number; name: string }>`
      select n.kind, n.ref_id, n.name from (${CURRENT_NAMES}) as n
      where not exists (select 1 from search_key k where k.kind = n.kind and k.ref_id = n.ref_id and k.name = n.name)
      limit ${BATCH}`.execute(db);
    if (missing.rows.length === 0) break;
    const rows = missing.rows.map((row) => ({ kind: row.kind, ref_id: Number(row.ref_id), name: row.name, ...pinyinKeysOf(row.name) }));
    await db.insertInto('search_key').values(rows).onConflict((conflict) => conflict.columns(['kind', 'ref_id', 'name']).doNothing()).execute();
    added += rows.length;
    if (missing.rows.length < BATCH) break;
  }
  await sql`delete from search_key k where not exists (select 1 from (${CURRENT_NAMES}) as n where n.kind = k.kind and n.ref_id = k.ref_id and n.name = k.name)`.execute(db);
  return added;
}

/** How stale the keys may be when a pinyin query comes: a name added since is keyed first. */
export const SEARCH_KEYS_FRESH_MS = 10_000;

/**
 * Keeps the keys fresh for pinyin queries: at most one refresh at a time, and none when the last
 * ended less than SEARCH_KEYS_FRESH_MS ago (a new name is found by pinyin within that time; by its
 * characters at once, since those are matched on the name's own column).
 */
export function searchKeyKeeper(db: Kysely<Database>, now: () => number = Date.now) {
  let running: Promise<void> | null = null;
  let doneAt = Number.NEGATIVE_INFINITY;
  const refresh = (): Promise<void> => {
    running ??= refreshSearchKeys(db)
      .then(() => {
        doneAt = now();
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  return {
    refresh,
    ensureFresh: (): Promise<void> => (running ?? (now() - doneAt < SEARCH_KEYS_FRESH_MS ? Promise.resolve() : refresh())),
  };
}

import { type Kysely, sql } from 'kysely';

/**
 * Search (issue 14; server/src/search/README.md): Chinese substring matching that stays fast as
 * content grows, and the hot searches.
 *
 * - pg_trgm (shipped by the embedded PostgreSQL 18; an external database must offer it): GIN
 *   trigram indexes on every searched text column, so `ILIKE '%term%'` of 3 or more characters is
 *   an index search. Measured on the embedded cluster (locale C.UTF-8): pg_trgm keeps CJK
 *   characters as word characters (hashed trigrams), so 3-character Chinese terms use the index.
 * - A 2-character term has no trigram (pg_trgm extracts none from `%梅西%`), so the index would
 *   return every row for a recheck. For those, `search_bigrams(text)`: the distinct lower-cased
 *   2-character substrings as text[], with a GIN expression index; search asks
 *   `search_bigrams(column) @> array[lower(term)]` (exact for a 2-character term; ILIKE rechecks).
 * - search_term_day: each query of `api/Search/index` that found something, normalised (trimmed,
 *   lower-cased, at most 10 characters), counted per day; the hot searches are the last 7 days'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
  } catch (error) {
    throw new Error(
      `migration 0021_search needs the PostgreSQL extension pg_trgm (create extension pg_trgm): install it on this database server (it ships with PostgreSQL's contrib) or ask its administrator; ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  await sql`create or replace function search_bigrams(value text) returns text[]
    language sql immutable strict parallel safe
    as $$ select coalesce(array_agg(distinct substr(lower(value), i, 2)), '{}'::text[]) from generate_series(1, char_length(value) - 1) as i $$`.execute(db);

  const columns: Array<[table: string, column: string]> = [
    ['competition', 'name_zh'],
    ['competition', 'short_name_zh'],
    ['team', 'name_zh'],
    ['team', 'short_name_zh'],
    ['app_user', 'user_nickname'],
    ['live_room', 'title'],
    ['post', 'text'],
    ['headline', 'title'],
  ];
  for (const [table, column] of columns) {
    await sql`create index ${sql.id(`${table}_${column}_trgm`)} on ${sql.table(table)} using gin (${sql.ref(column)} gin_trgm_ops)`.execute(db);
    await sql`create index ${sql.id(`${table}_${column}_bigrams`)} on ${sql.table(table)} using gin (search_bigrams(${sql.ref(column)}))`.execute(db);
  }

  await db.schema
    .createTable('search_term_day')
    .addColumn('day', 'date', (column) => column.notNull())
    .addColumn('term', 'text', (column) => column.notNull().check(sql`char_length(term) between 1 and 10`))
    .addColumn('hits', 'integer', (column) => column.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('search_term_day_pk', ['day', 'term'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_term_day').execute();
  for (const name of ['competition_name_zh', 'competition_short_name_zh', 'team_name_zh', 'team_short_name_zh', 'app_user_user_nickname', 'live_room_title', 'post_text', 'headline_title']) {
    await sql`drop index if exists ${sql.id(`${name}_trgm`)}`.execute(db);
    await sql`drop index if exists ${sql.id(`${name}_bigrams`)}`.execute(db);
  }
  await sql`drop function if exists search_bigrams(text)`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * Search finds what the site shows (issue 33; server/src/search/README.md):
 *
 * - player.name_zh gets the same two indexes as the other searched names (migration 0021: a GIN
 *   trigram index for 3+ characters, a GIN bigram index for 2): players are searched by name.
 * - search_key: the pinyin of every searched name (competitions, teams, players, anchors),
 *   computed in Node (pinyin-pro) by the search domain when a name is new or changed
 *   (`refreshSearchKeys`), one row per (kind, id, name): `full` the whole pinyin without tones or
 *   spaces ('asenna'), `initials` the first letters ('asn'). Both are lower-case ASCII, indexed
 *   like the names, so 'asn' or 'asenna' is an index search over a table of names, not a scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index player_name_zh_trgm on player using gin (name_zh gin_trgm_ops)`.execute(db);
  await sql`create index player_name_zh_bigrams on player using gin (search_bigrams(name_zh))`.execute(db);
  await sql`create table search_key (
      kind text not null check (kind in ('competition', 'team', 'player', 'anchor')),
      ref_id bigint not null,
      name text not null,
      "full" text not null check (char_length("full") <= 400),
      initials text not null check (char_length(initials) <= 200),
      primary key (kind, ref_id, name)
    )`.execute(db);
  for (const column of ['full', 'initials']) {
    await sql`create index ${sql.id(`search_key_${column}_trgm`)} on search_key using gin (${sql.ref(column)} gin_trgm_ops)`.execute(db);
    await sql`create index ${sql.id(`search_key_${column}_bigrams`)} on search_key using gin (search_bigrams(${sql.ref(column)}))`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists search_key`.execute(db);
  await sql`drop index if exists player_name_zh_trgm`.execute(db);
  await sql`drop index if exists player_name_zh_bigrams`.execute(db);
}

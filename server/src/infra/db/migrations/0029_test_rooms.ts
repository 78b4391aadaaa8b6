import { type Kysely, sql } from 'kysely';

/**
 * Test rooms by an ops flag (issue 33 review): `live_room.is_test`, set by ops
 * (`POST /api/ops/rooms/:id/test`), keeps a room off the ranking (#/rank) whatever its title.
 * Until now the ranking guessed from the title (测试, or a word starting with "test", any case):
 * rooms that guess caught are flagged once here, so the board does not change on the day the
 * guess goes; from now on only the flag counts (ops clear it where the guess was wrong).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table live_room add column is_test boolean not null default false`.execute(db);
  await sql`update live_room set is_test = true where title ~* '测试|\\mtest'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table live_room drop column if exists is_test`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * The replay's details (issue 34; live/media/archive/README.md), beside migration 0030's status:
 * - `replay_duration_ms`: the sum of the kept segments' lengths (kept up to date while recording,
 *   recounted when the replay becomes ready), so the lists need not add up segments;
 * - `replay_failure`: why the recording failed (the storage was full…), in Chinese, shown to the
 *   anchor; null otherwise;
 * - `replay_thumb_key`: the storage key of the replay's first picture (JPEG), null when none.
 * And the index the lists page on (newest first, keyset on id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table broadcast add column replay_duration_ms bigint not null default 0 check (replay_duration_ms >= 0)`.execute(db);
  await sql`alter table broadcast add column replay_failure text`.execute(db);
  await sql`alter table broadcast add column replay_thumb_key text`.execute(db);
  await sql`create index broadcast_anchor_replays on broadcast (anchor_id, id desc)`.execute(db);
  await sql`create index broadcast_room_replays on broadcast (room_id, id desc)`.execute(db);
  await sql`create index broadcast_match_replays on broadcast (match_id, id desc) where match_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['broadcast_anchor_replays', 'broadcast_room_replays', 'broadcast_match_replays']) await sql`drop index if exists ${sql.raw(index)}`.execute(db);
  for (const column of ['replay_thumb_key', 'replay_failure', 'replay_duration_ms']) await sql`alter table broadcast drop column if exists ${sql.raw(column)}`.execute(db);
}

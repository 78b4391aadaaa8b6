import { type Kysely, sql } from 'kysely';

/**
 * The media archive (issue 34): every broadcast's HLS segments are kept (stream copy, no
 * re-encode) so a live room can be rewound (回看, the DVR window), a finished broadcast watched
 * (回放) and a clip cut from any span still kept.
 * - `broadcast_segment`: one row per archived segment of a broadcast, in order (`seq`), with the
 *   wall time its first frame reached the ingest (`started_at`, the corrected program date time),
 *   its length and size, and where the storage keeps it (`storage_key`).
 * - `broadcast.match_id`: the match the room showed when the broadcast started (the replay's
 *   event markers); `broadcast.replay_status`: recording → ready (watchable), hidden (by its
 *   anchor), deleted (by its anchor), expired (by the retention policy), failed (nothing kept).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table broadcast_segment (
      broadcast_id bigint not null references broadcast(id) on delete cascade,
      seq integer not null check (seq >= 0),
      started_at timestamptz not null,
      duration_ms integer not null check (duration_ms > 0 and duration_ms <= 60000),
      bytes integer not null check (bytes >= 0),
      storage_key text not null,
      primary key (broadcast_id, seq)
    )`.execute(db);
  await sql`create index broadcast_segment_time_idx on broadcast_segment (broadcast_id, started_at)`.execute(db);
  await sql`alter table broadcast add column match_id bigint references match(id) on delete set null`.execute(db);
  await sql`
    alter table broadcast add column replay_status text not null default 'recording'
      check (replay_status in ('recording', 'ready', 'hidden', 'deleted', 'expired', 'failed'))`.execute(db);
  await sql`alter table broadcast add column replay_bytes bigint not null default 0 check (replay_bytes >= 0)`.execute(db);
  // Broadcasts that ended before the archive existed kept nothing.
  await sql`update broadcast set replay_status = 'failed' where ended_at is not null`.execute(db);
  await sql`create index broadcast_replay_idx on broadcast (replay_status, ended_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists broadcast_segment`.execute(db);
  for (const column of ['replay_bytes', 'replay_status', 'match_id']) await sql`alter table broadcast drop column if exists ${sql.raw(column)}`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * Clips (issue 34; server/src/clips/README.md): a faststart MP4 and a JPEG thumbnail cut by stream
 * copy from a room's archived segments (migration 0030's broadcast_segment).
 * - `clip`: one row per clip. `event_id` is the feed event it shows (match_event), unique where
 *   set: the insert that claims an event wins and every other (a second node, a restart) does
 *   nothing, so one event never makes two clips. `status` cutting → ready | failed (`failure`
 *   says why, in Chinese). `hidden` is ops' (the moderation queue), `deleted_at` its creator's or
 *   the anchor's. `stream_seq` is its number on the live-data socket's `clip` stream (feed clips,
 *   set when ready: a reconnecting client is sent the ones it missed from here, as goals are).
 * - `live_room.clip_offset_seconds`: the room's feed-to-stream offset the anchor sets (±60 s),
 *   added to an event's time before a clip is cut.
 * - moderation reports may name a clip (kind `clip`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table clip (
      id bigserial primary key,
      room_id bigint not null references live_room(id) on delete cascade,
      broadcast_id bigint references broadcast(id) on delete set null,
      anchor_id bigint not null references app_user(id) on delete cascade,
      match_id bigint references match(id) on delete set null,
      event_id bigint references match_event(id) on delete set null,
      kind text not null check (kind in ('goal', 'penalty', 'red_card', 'quarter_end', 'lead_change', 'person')),
      title text not null check (char_length(title) between 1 and 200),
      status text not null default 'cutting' check (status in ('cutting', 'ready', 'failed')),
      failure text,
      from_at timestamptz not null,
      to_at timestamptz not null check (to_at > from_at),
      happened_at timestamptz not null,
      minute text,
      home_score smallint,
      away_score smallint,
      duration_ms integer not null default 0 check (duration_ms >= 0),
      video_key text,
      thumb_key text,
      bytes bigint not null default 0 check (bytes >= 0),
      creator_id bigint references app_user(id) on delete set null,
      hidden boolean not null default false,
      deleted_at timestamptz,
      stream_seq bigint,
      ready_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index clip_event_once on clip (event_id) where event_id is not null`.execute(db);
  await sql`create unique index clip_stream_seq_idx on clip (stream_seq) where stream_seq is not null`.execute(db);
  // The lists: newest first per match, per room, site-wide (keyset on id), ready and shown only.
  await sql`create index clip_match_list on clip (match_id, id desc) where status = 'ready' and not hidden and deleted_at is null`.execute(db);
  await sql`create index clip_room_list on clip (room_id, id desc) where status = 'ready' and not hidden and deleted_at is null`.execute(db);
  await sql`create index clip_latest_list on clip (id desc) where status = 'ready' and not hidden and deleted_at is null`.execute(db);
  // Person clips' limits (per creator, per room) and the retention sweep.
  await sql`create index clip_creator_recent on clip (creator_id, created_at) where creator_id is not null`.execute(db);
  await sql`create index clip_room_recent on clip (room_id, created_at)`.execute(db);
  await sql`create index clip_retention on clip (created_at) where video_key is not null or thumb_key is not null`.execute(db);
  await sql`
    alter table live_room add column clip_offset_seconds integer not null default 0
      check (clip_offset_seconds between -60 and 60)`.execute(db);
  await sql`alter table moderation_report drop constraint if exists moderation_report_kind_check`.execute(db);
  await sql`alter table moderation_report add constraint moderation_report_kind_check check (kind in ('post', 'comment', 'chat', 'user', 'headline', 'clip'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from moderation_report where kind = 'clip'`.execute(db);
  await sql`alter table moderation_report drop constraint if exists moderation_report_kind_check`.execute(db);
  await sql`alter table moderation_report add constraint moderation_report_kind_check check (kind in ('post', 'comment', 'chat', 'user', 'headline'))`.execute(db);
  await sql`alter table live_room drop column if exists clip_offset_seconds`.execute(db);
  await sql`drop table if exists clip`.execute(db);
}

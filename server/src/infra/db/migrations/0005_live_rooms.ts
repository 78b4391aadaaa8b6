import { type Kysely, sql } from 'kysely';

/**
 * Live rooms (issue 5): one room per anchor, its admins and muted users, follows, broadcast
 * schedules and viewers' reservations, and the broadcast records the ingest writes.
 *
 * Who writes what: the rooms module (modules/live) owns rooms, admins, mutes, follows and
 * reservations; the media ingest (media/) sets `stream_status` and writes `broadcast` rows as a
 * push starts and ends; the chat (chat/) reads admins and mutes to decide who may speak.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table live_room (
      id bigserial primary key,
      owner_id bigint not null unique references app_user(id) on delete cascade,
      title text not null check (char_length(title) between 1 and 30),
      -- 1 football, 2 basketball, 3 esports, 4 general (the anchor list's type filter).
      type smallint not null default 4 check (type in (1, 2, 3, 4)),
      cover text not null default '',
      placard text not null default '' check (char_length(placard) <= 200),
      -- The match this room shows (score-live), if any.
      match_id bigint references match(id) on delete set null,
      -- The anchor opened the room (startRoom) or closed it (endRoom).
      is_open boolean not null default false,
      -- What the ingest sees: 'live' while a push is publishing, else 'offline'.
      stream_status text not null default 'offline' check (stream_status in ('live', 'offline')),
      stream_started_at timestamptz,
      -- Bumped to invalidate push addresses already handed out (a leaked key stops working).
      stream_key_version integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index live_room_listing_idx on live_room (stream_status, type)`.execute(db);
  // score-live: the rooms showing a match (getLiveList?match_id=).
  await sql`create index live_room_match_idx on live_room (match_id) where match_id is not null`.execute(db);

  await sql`
    create table live_room_admin (
      room_id bigint not null references live_room(id) on delete cascade,
      user_id bigint not null references app_user(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (room_id, user_id)
    )`.execute(db);

  await sql`
    create table live_room_mute (
      room_id bigint not null references live_room(id) on delete cascade,
      user_id bigint not null references app_user(id) on delete cascade,
      muted_by bigint not null references app_user(id) on delete cascade,
      -- Null: muted until lifted.
      until timestamptz,
      created_at timestamptz not null default now(),
      primary key (room_id, user_id)
    )`.execute(db);

  await sql`
    create table user_follow (
      follower_id bigint not null references app_user(id) on delete cascade,
      anchor_id bigint not null references app_user(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (follower_id, anchor_id),
      check (follower_id <> anchor_id)
    )`.execute(db);
  await sql`create index user_follow_anchor_idx on user_follow (anchor_id)`.execute(db);

  // An anchor schedules a broadcast of a match (setReserveLiveNew / deleteReserveLive).
  await sql`
    create table live_schedule (
      id bigserial primary key,
      room_id bigint not null references live_room(id) on delete cascade,
      match_id bigint not null references match(id) on delete cascade,
      title text not null default '' check (char_length(title) <= 30),
      starts_at timestamptz not null,
      created_at timestamptz not null default now(),
      unique (room_id, match_id)
    )`.execute(db);
  await sql`create index live_schedule_starts_idx on live_schedule (starts_at)`.execute(db);
  await sql`create index live_schedule_match_idx on live_schedule (match_id)`.execute(db);

  // A viewer reserves a match (reserveMatch) or an anchor's scheduled broadcast (reserveMatch2).
  await sql`
    create table live_reservation (
      id bigserial primary key,
      user_id bigint not null references app_user(id) on delete cascade,
      match_id bigint references match(id) on delete cascade,
      schedule_id bigint references live_schedule(id) on delete cascade,
      created_at timestamptz not null default now(),
      check ((match_id is null) <> (schedule_id is null))
    )`.execute(db);
  await sql`create unique index live_reservation_match_key on live_reservation (user_id, match_id) where match_id is not null`.execute(db);
  await sql`create unique index live_reservation_schedule_key on live_reservation (user_id, schedule_id) where schedule_id is not null`.execute(db);

  // One row per push: started when the ingest accepts it, ended when it stops.
  await sql`
    create table broadcast (
      id bigserial primary key,
      room_id bigint not null references live_room(id) on delete cascade,
      anchor_id bigint not null references app_user(id) on delete cascade,
      title text not null,
      started_at timestamptz not null,
      ended_at timestamptz,
      duration_seconds integer,
      peak_viewers integer not null default 0 check (peak_viewers >= 0)
    )`.execute(db);
  await sql`create index broadcast_anchor_idx on broadcast (anchor_id, started_at desc)`.execute(db);
  // At most one open broadcast a room (a second publish of the same stream is refused anyway).
  await sql`create unique index broadcast_open_key on broadcast (room_id) where ended_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['broadcast', 'live_reservation', 'live_schedule', 'user_follow', 'live_room_mute', 'live_room_admin', 'live_room']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}

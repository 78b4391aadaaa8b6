import { type Kysely, sql } from 'kysely';

/**
 * The member centre (issue 12): real-name verification, anchor applications and their review
 * audit, watch history, and the activity banners ops manage.
 *
 * Who writes what: the member domain (member/) owns `member_real_name`, `anchor_application`,
 * `anchor_application_audit` and `watch_record`; the activities domain (activities/) owns
 * `activity_banner`.
 *
 * ID numbers are never stored in the clear: `id_cipher` is AES-256-GCM (version byte, 12-byte IV,
 * 16-byte tag, ciphertext), and `id_hmac`, an HMAC-SHA-256 of the normalised number, is what the
 * one-account-per-ID rule is checked on (unique).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table member_real_name (
      user_id bigint primary key references app_user(id) on delete cascade,
      name_cipher bytea not null check (octet_length(name_cipher) between 29 and 1024),
      id_cipher bytea not null check (octet_length(id_cipher) = 47),
      id_hmac bytea not null check (octet_length(id_hmac) = 32),
      -- Which verifier approved it ('checksum' for the embedded one, else the KYC provider's name).
      verified_by text not null check (char_length(verified_by) between 1 and 40),
      verified_at timestamptz not null
    )`.execute(db);
  // One account per ID number.
  await sql`create unique index member_real_name_id_hmac_key on member_real_name (id_hmac)`.execute(db);

  await sql`
    create table anchor_application (
      id bigserial primary key,
      user_id bigint not null references app_user(id) on delete cascade,
      -- The live room types: 1 football, 2 basketball, 3 esports, 4 general.
      category smallint not null check (category in (1, 2, 3, 4)),
      introduction text not null check (char_length(introduction) between 10 and 300),
      sample text not null check (char_length(sample) <= 300 and sample like 'https://%'),
      state text not null default 'pending' check (state in ('pending', 'approved', 'rejected')),
      reject_reason text check (reject_reason is null or char_length(reject_reason) between 2 and 100),
      created_at timestamptz not null,
      reviewed_at timestamptz,
      check ((state = 'pending') = (reviewed_at is null)),
      check ((state = 'rejected') = (reject_reason is not null))
    )`.execute(db);
  // At most one pending application a member.
  await sql`create unique index anchor_application_pending_key on anchor_application (user_id) where state = 'pending'`.execute(db);
  await sql`create index anchor_application_user_idx on anchor_application (user_id, created_at desc, id desc)`.execute(db);
  await sql`create index anchor_application_state_idx on anchor_application (state, created_at)`.execute(db);

  // Every review, written in the review's transaction: the ops token has no user, so the actor is
  // 'ops' (or the X-Ops-Actor name) plus the caller's address.
  await sql`
    create table anchor_application_audit (
      id bigserial primary key,
      application_id bigint not null references anchor_application(id) on delete cascade,
      action text not null check (action in ('approve', 'reject')),
      actor text not null check (char_length(actor) between 1 and 64),
      actor_ip text not null check (char_length(actor_ip) <= 64),
      reason text check (reason is null or char_length(reason) <= 100),
      at timestamptz not null
    )`.execute(db);
  await sql`create index anchor_application_audit_application_idx on anchor_application_audit (application_id)`.execute(db);

  // Seconds a member watched a room, per day (Asia/Shanghai), from the room page's heartbeats.
  await sql`
    create table watch_record (
      user_id bigint not null references app_user(id) on delete cascade,
      room_id bigint not null references live_room(id) on delete cascade,
      day date not null,
      seconds integer not null check (seconds between 0 and 86400),
      last_watched_at timestamptz not null,
      primary key (user_id, room_id, day)
    )`.execute(db);
  await sql`create index watch_record_recent_idx on watch_record (user_id, last_watched_at desc)`.execute(db);

  await sql`
    create table activity_banner (
      id bigserial primary key,
      title text not null check (char_length(title) between 1 and 30),
      image text not null check (char_length(image) between 1 and 300 and (image like 'https://%' or image like '/uploads/%')),
      link text not null check (char_length(link) between 1 and 300 and (link like 'https://%' or link like '/web/%')),
      target text not null check (target in ('_self', '_blank')),
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (ends_at > starts_at)
    )`.execute(db);
  await sql`create index activity_banner_window_idx on activity_banner (ends_at, starts_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['activity_banner', 'watch_record', 'anchor_application_audit', 'anchor_application', 'member_real_name']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}

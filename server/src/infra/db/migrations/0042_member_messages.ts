import { type Kysely, sql } from 'kysely';

/**
 * The message centre (消息中心, issue 39 part 3; server/src/messages/README.md).
 *
 * - `member_message`: one row per event per recipient, in one of three tabs (system 系统通知,
 *   interaction 互动, match 赛事). `event_key` names the event (e.g. `anchor_application:12:approved`):
 *   UNIQUE (member_id, event_key), so an event told twice (a retry, a second node) is one row.
 *   `read_at` null = unread. Keyset paging by id within a member's tab.
 * - The trigger `member_message_notify`: once per INSERT statement (a set-based insert of 100k rows
 *   too), `pg_notify('member_message', '<id>,<id>,…')` with the distinct recipients, 500 per
 *   notification (under PostgreSQL's 8000-byte payload). NOTIFY is transactional: the messages
 *   plugin hears it only after the event's transaction commits, and never for a rolled-back one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table member_message (
      id bigserial primary key,
      member_id bigint not null references app_user(id) on delete cascade,
      tab text not null check (tab in ('system', 'interaction', 'match')),
      kind text not null check (length(kind) between 1 and 40),
      title text not null check (length(title) between 1 and 60),
      body text not null check (length(body) <= 300),
      link text check (link is null or length(link) between 1 and 300),
      event_key text not null check (length(event_key) between 1 and 120),
      created_at timestamptz not null default now(),
      read_at timestamptz,
      unique (member_id, event_key)
    )`.execute(db);
  await sql`create index member_message_tab_idx on member_message (member_id, tab, id desc)`.execute(db);
  await sql`create index member_message_unread_idx on member_message (member_id, tab) where read_at is null`.execute(db);
  await sql`create index member_message_match_age_idx on member_message (created_at) where tab = 'match'`.execute(db);
  await sql`
    create function member_message_notify() returns trigger language plpgsql as $$
    declare
      chunk text;
    begin
      for chunk in
        select string_agg(member_id::text, ',') from (
          select member_id, (row_number() over (order by member_id) - 1) / 500 as part
          from (select distinct member_id from new_rows) recipients
        ) parts group by part
      loop
        perform pg_notify('member_message', chunk);
      end loop;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger member_message_notify after insert on member_message
    referencing new table as new_rows for each statement execute function member_message_notify()`.execute(db);
}

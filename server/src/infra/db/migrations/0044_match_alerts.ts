import { type Kysely, sql } from 'kysely';

/**
 * Alerts that follow the fan (issue 39 part 2; server/src/alerts/README.md).
 *
 * - `alert_event`: one row per alert-worthy event, noted by a trigger in the transaction that
 *   stores the event (so nothing is lost on a restart and no feed code calls anything): a new
 *   `match_event` of kind goal / red / kickoff / fulltime that happened in the last 10 minutes (a
 *   replayed or seeded history is not news), and a new `broadcast` (an anchor went live).
 *   `event_key` is unique (`match_event:<id>`, `broadcast:<id>`). The fan-out job's progress is
 *   on the row: `fanout_after` (the last member id written), `fanout_done_at`; a restart resumes
 *   from there.
 * - The statement trigger sends `pg_notify('match_alert', '<id>,<id>,…')` with the new alert ids
 *   (after the commit): every node hears it and alerts its own open pages at once.
 * - `notify_setting`: a member's switches (no row: every kind on).
 * - `push_subscription`: Web Push subscriptions (endpoint unique), failures counted for backoff.
 * - `vapid_key`: the generated VAPID key pair when none is configured (one row).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table alert_event (
      id bigserial primary key,
      event_key text not null unique,
      kind text not null check (kind in ('goal', 'red_card', 'kickoff', 'fulltime', 'anchor_live')),
      match_id bigint references match(id) on delete cascade,
      match_event_id bigint references match_event(id) on delete cascade,
      anchor_id bigint references app_user(id) on delete cascade,
      room_id bigint references live_room(id) on delete cascade,
      created_at timestamptz not null default now(),
      fanout_after bigint not null default 0,
      fanout_attempts smallint not null default 0,
      fanout_done_at timestamptz,
      check ((kind = 'anchor_live') = (anchor_id is not null)),
      check ((kind = 'anchor_live') <> (match_id is not null))
    )`.execute(db);
  await sql`create index alert_event_pending_idx on alert_event (id) where fanout_done_at is null`.execute(db);
  await sql`create index alert_event_age_idx on alert_event (created_at)`.execute(db);

  await sql`
    create function alert_event_notify() returns trigger language plpgsql as $$
    declare
      chunk text;
    begin
      for chunk in
        select string_agg(id::text, ',') from (
          select id, (row_number() over (order by id) - 1) / 500 as part from new_alerts
        ) parts group by part
      loop
        perform pg_notify('match_alert', chunk);
      end loop;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger alert_event_notify after insert on alert_event
    referencing new table as new_alerts for each statement execute function alert_event_notify()`.execute(db);

  await sql`
    create function match_event_alert() returns trigger language plpgsql as $$
    begin
      insert into alert_event (event_key, kind, match_id, match_event_id)
      select 'match_event:' || e.id, case e.kind when 'red' then 'red_card' else e.kind end, e.match_id, e.id
      from new_events e
      where e.kind in ('goal', 'red', 'kickoff', 'fulltime') and e.occurred_at > now() - interval '10 minutes'
      order by e.id
      on conflict (event_key) do nothing;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger match_event_alert after insert on match_event
    referencing new table as new_events for each statement execute function match_event_alert()`.execute(db);

  await sql`
    create function broadcast_alert() returns trigger language plpgsql as $$
    begin
      insert into alert_event (event_key, kind, anchor_id, room_id)
      select 'broadcast:' || b.id, 'anchor_live', b.anchor_id, b.room_id
      from new_broadcasts b
      where b.ended_at is null
      order by b.id
      on conflict (event_key) do nothing;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger broadcast_alert after insert on broadcast
    referencing new table as new_broadcasts for each statement execute function broadcast_alert()`.execute(db);

  await sql`
    create table notify_setting (
      member_id bigint primary key references app_user(id) on delete cascade,
      goals boolean not null default true,
      red_cards boolean not null default true,
      match_status boolean not null default true,
      anchor_live boolean not null default true,
      system boolean not null default true,
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table push_subscription (
      id bigserial primary key,
      member_id bigint not null references app_user(id) on delete cascade,
      endpoint text not null unique check (length(endpoint) between 9 and 1000),
      p256dh text not null check (length(p256dh) between 1 and 200),
      auth text not null check (length(auth) between 1 and 100),
      created_at timestamptz not null default now(),
      failures smallint not null default 0
    )`.execute(db);
  await sql`create index push_subscription_member_idx on push_subscription (member_id)`.execute(db);

  await sql`
    create table vapid_key (
      id smallint primary key check (id = 1),
      public_key text not null,
      private_key text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

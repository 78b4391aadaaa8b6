import { type Kysely, sql } from 'kysely';

/**
 * The alert is the badge's push (issue 39; server/src/alerts/README.md, "On open pages"): the 赛事
 * messages the alerts' fan-out job writes (`event_key` `alert:<id>`) no longer send
 * `pg_notify('member_message', …)`. Each open page of a recipient had the alert's own frame at
 * the goal, which tells the host's badge of the 赛事 message that follows; a second notice per
 * page per batch (5,000 frames for a team with 5,000 fans online, and 200 NOTIFY payloads of 500
 * ids for 100,000 followers to parse) only slowed the live data (bench:alerts). Every other
 * message keeps its notice.
 */
/** member_message_notify() of migration 0042, its recipients filtered by `recipients` (a WHERE on new_rows). */
function notifyFunction(recipients: string) {
  return sql`
    create or replace function member_message_notify() returns trigger language plpgsql as $$
    declare
      chunk text;
    begin
      for chunk in
        select string_agg(member_id::text, ',') from (
          select member_id, (row_number() over (order by member_id) - 1) / 500 as part
          from (select distinct member_id from new_rows ${sql.raw(recipients)}) recipients
        ) parts group by part
      loop
        perform pg_notify('member_message', chunk);
      end loop;
      return null;
    end $$`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await notifyFunction(`where event_key not like 'alert:%'`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await notifyFunction('').execute(db);
}

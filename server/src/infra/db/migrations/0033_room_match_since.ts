import { type Kysely, sql } from 'kysely';

/**
 * When a room began showing its match (issue 34): `live_room.match_since`, set by the database
 * whenever `match_id` changes (the anchor's console, the demo rooms moving on to the next match).
 * A feed clip is cut only for an event that happened while the room showed that match and was on
 * air: a room pointed at a match after a goal has no picture of that goal.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table live_room add column match_since timestamptz`.execute(db);
  await sql`
    create function live_room_match_since() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        if new.match_id is not null and new.match_since is null then new.match_since := now(); end if;
      elsif new.match_id is distinct from old.match_id and new.match_since is not distinct from old.match_since then
        new.match_since := case when new.match_id is null then null else now() end;
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger live_room_match_since before insert or update of match_id on live_room for each row execute function live_room_match_since()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists live_room_match_since on live_room`.execute(db);
  await sql`drop function if exists live_room_match_since()`.execute(db);
  await sql`alter table live_room drop column if exists match_since`.execute(db);
}

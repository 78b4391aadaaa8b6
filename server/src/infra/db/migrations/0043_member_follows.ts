import { type Kysely, sql } from 'kysely';

/**
 * Follows of teams, leagues and players (关注, issue 39 part 1; server/src/follows/README.md).
 *
 * - `member_follow`: one row per member and followed thing. `target_type` 'team' (a `team` row),
 *   'league' (a `competition` row) or 'player' (a `player` row); `target_id` its id. No foreign
 *   key on the target (one column names three tables): the follows service checks the target
 *   exists before it writes, and a list joins the tables (a deleted target drops out of it).
 *   Anchors stay in `user_follow` (live/follows.ts).
 * - The primary key (member_id, target_type, target_id) answers "does this member follow it" and
 *   a member's list of one type; `member_follow_target_idx` (target_type, target_id, member_id)
 *   answers "who follows team 12" for the alerts' fan-out (issue 39 part 2) without a sort.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table member_follow (
      member_id bigint not null references app_user(id) on delete cascade,
      target_type text not null check (target_type in ('team', 'league', 'player')),
      target_id bigint not null check (target_id > 0),
      created_at timestamptz not null default now(),
      primary key (member_id, target_type, target_id)
    )`.execute(db);
  await sql`create index member_follow_target_idx on member_follow (target_type, target_id, member_id)`.execute(db);
}

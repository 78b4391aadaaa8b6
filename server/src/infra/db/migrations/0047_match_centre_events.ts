import { type Kysely, sql } from 'kysely';

/**
 * The match centre's other football events (issue 36; server/src/scores/matchCentre/README.md):
 * `match_action` also keeps cards, substitutions and fouls, each with the match minute and second,
 * the side, the player and a place on the 105 x 68 pitch (x/y, as a shot's).
 *
 * - `card`: 'yellow', 'second_yellow' (the red that follows a second booking) or 'red' (kind 'card').
 * - `player_in_id`, `player_in_zh`: a substitution's player coming on (`player_id` is the one
 *   going off).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table match_action drop constraint match_action_kind_check`.execute(db);
  await sql`
    alter table match_action
      add constraint match_action_kind_check check (kind in ('shot', 'final_third', 'dangerous_attack', 'corner', 'field_goal', 'free_throw', 'card', 'substitution', 'foul')),
      add column card text check (card is null or card in ('yellow', 'second_yellow', 'red')),
      add column player_in_id integer references player(id) on delete set null,
      add column player_in_zh text not null default ''`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from match_action where kind in ('card', 'substitution', 'foul')`.execute(db);
  await sql`alter table match_action drop column card, drop column player_in_id, drop column player_in_zh, drop constraint match_action_kind_check`.execute(db);
  await sql`alter table match_action add constraint match_action_kind_check check (kind in ('shot', 'final_third', 'dangerous_attack', 'corner', 'field_goal', 'free_throw'))`.execute(db);
}

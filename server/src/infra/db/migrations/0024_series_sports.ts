import { type Kysely, sql } from 'kysely';

/**
 * Esports and general (snooker) matches in the scores tables (issue 15): the demo feed plays
 * best-of series. A series' score is games won; each game (map, frame) is a period with its own
 * score in `period_scores`. New event kinds: game_start, game_end (the side that won the game),
 * highlight (esports first blood / tower / dragon / baron; snooker a big break). Esports players
 * have lane roles (TOP, JUG, MID, ADC, SUP); a snooker "team" is one player (P).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sports = sql`sport in ('football', 'basketball', 'esports', 'general')`;
  await sql`alter table team drop constraint team_sport_check, add constraint team_sport_check check (${sports})`.execute(db);
  await sql`alter table match drop constraint match_sport_check, add constraint match_sport_check check (${sports})`.execute(db);
  await sql`alter table player drop constraint player_position_check, add constraint player_position_check
    check (position in ('GK', 'DF', 'MF', 'FW', 'G', 'F', 'C', 'TOP', 'JUG', 'MID', 'ADC', 'SUP', 'P'))`.execute(db);
  await sql`alter table match_event drop constraint match_event_kind_check, add constraint match_event_kind_check
    check (kind in ('kickoff', 'goal', 'yellow', 'red', 'substitution', 'halftime', 'second_half', 'fulltime', 'score', 'period_end', 'game_start', 'game_end', 'highlight'))`.execute(db);
}

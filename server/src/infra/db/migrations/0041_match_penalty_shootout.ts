import { type Kysely, sql } from 'kysely';

/**
 * A knockout match decided on penalties (issue 33, the World Cup's knockout rounds:
 * server/src/scores/feed/world/knockoutStage.ts): `match.home_penalty_score` / `away_penalty_score`
 * hold the shoot-out, beside `home_score` / `away_score` which stay the score after extra time
 * (120 minutes), as fans and the standings read it. Null on every match without a shoot-out; set
 * together, never negative; never equal once the match is finished (a shoot-out has a winner; a
 * feed may send one level while it is being taken).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table match
      add column home_penalty_score smallint,
      add column away_penalty_score smallint,
      add constraint match_penalty_score_check check (
        (home_penalty_score is null and away_penalty_score is null)
        or (home_penalty_score >= 0 and away_penalty_score >= 0 and (status <> 'finished' or home_penalty_score <> away_penalty_score)))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table match drop constraint match_penalty_score_check, drop column home_penalty_score, drop column away_penalty_score`.execute(db);
}

import type { ScoreSport, SeasonTable, StandingRow } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';

/**
 * `GET api/Football/season_table?competition_id=`: the current season's table, per group,
 * ranked by points, goal difference, goals scored (basketball: wins, point difference).
 */
export async function seasonTable(db: Kysely<Database>, competitionId: number): Promise<SeasonTable> {
  const competition = await db.selectFrom('competition').select(['id', 'sport', 'name_zh', 'short_name_zh', 'hot_rank']).where('id', '=', competitionId).executeTakeFirst();
  if (competition === undefined) throw errors.SCORES_COMPETITION_NOT_FOUND();
  const season = await db
    .selectFrom('season')
    .select(['id', 'name'])
    .where('competition_id', '=', competitionId)
    .where('is_current', '=', true)
    .where((eb) => eb.exists(eb.selectFrom('standing').select(sql`1`.as('one')).whereRef('standing.season_id', '=', 'season.id')))
    .orderBy('name', 'desc')
    .executeTakeFirst();
  if (season === undefined || (competition.sport !== 'football' && competition.sport !== 'basketball')) throw errors.SCORES_NO_STANDINGS();
  const rows = await db
    .selectFrom('standing as s')
    .innerJoin('team as t', 't.id', 's.team_id')
    .select(['s.group_name', 's.team_id', 't.name_zh as team_name_zh', 't.short_name_zh as team_short_zh', 's.played', 's.won', 's.drawn', 's.lost', 's.goals_for', 's.goals_against', 's.points', 's.form'])
    .where('s.season_id', '=', season.id)
    .orderBy('s.group_name')
    .orderBy('s.points', 'desc')
    .orderBy(sql`s.goals_for - s.goals_against`, 'desc')
    .orderBy('s.goals_for', 'desc')
    .orderBy('t.name_zh')
    .execute();
  const groups = new Map<string, StandingRow[]>();
  for (const { group_name, ...row } of rows) {
    const list = groups.get(group_name) ?? [];
    list.push({ position: list.length + 1, ...row, goal_diff: row.goals_for - row.goals_against });
    groups.set(group_name, list);
  }
  return {
    competition: { id: competition.id, sport: competition.sport as ScoreSport, name_zh: competition.name_zh, short_name_zh: competition.short_name_zh, hot: competition.hot_rank !== null },
    season,
    groups: [...groups].map(([group_name, list]) => ({ group_name, rows: list })),
  };
}

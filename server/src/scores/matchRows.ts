import type { ExponentRow, GoalData, MatchRow, OddsMarket, OddsMarketName, ScoreSport } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import { footballMinute, formatMatchStr } from './matchStr';

/**
 * Database rows -> the rows the API and the socket carry. One query shape for both, so a row from
 * `all_match` and a row from a `football_match` frame are the same thing.
 */
export function matchRowQuery(db: Kysely<Database>) {
  return db
    .selectFrom('match as m')
    .innerJoin('competition as c', 'c.id', 'm.competition_id')
    .innerJoin('team as h', 'h.id', 'm.home_team_id')
    .innerJoin('team as a', 'a.id', 'm.away_team_id')
    .select([
      'm.id as match_id',
      'm.sport',
      'm.competition_id',
      'c.short_name_zh as competition_short_zh',
      sql<boolean>`c.hot_rank is not null`.as('hot'),
      'm.round_zh',
      'm.home_team_id',
      'm.away_team_id',
      'h.name_zh as home_team_name_zh',
      'a.name_zh as away_team_name_zh',
      'm.kickoff_at',
      'm.status',
      'm.period',
      'm.minute',
      'm.extra_minute',
      'm.clock_seconds',
      'm.home_score',
      'm.away_score',
      'm.home_half_score',
      'm.away_half_score',
      'm.period_scores',
      'm.home_red',
      'm.away_red',
      'm.home_yellow',
      'm.away_yellow',
      'm.home_corner',
      'm.away_corner',
      'm.home_penalty_score',
      'm.away_penalty_score',
    ]);
}

type MatchRowRecord = Awaited<ReturnType<ReturnType<typeof matchRowQuery>['executeTakeFirstOrThrow']>>;

export function toMatchRow(record: MatchRowRecord): MatchRow {
  const { kickoff_at, ...rest } = record;
  return {
    ...rest,
    sport: record.sport as ScoreSport,
    kickoff_at: kickoff_at.toISOString(),
    match_str: formatMatchStr({ ...record, sport: record.sport as ScoreSport }),
  };
}

export async function matchRowsById(db: Kysely<Database>, ids: readonly number[]): Promise<MatchRow[]> {
  if (ids.length === 0) return [];
  return (await matchRowQuery(db).where('m.id', 'in', ids).orderBy('m.kickoff_at').orderBy('m.id').execute()).map(toMatchRow);
}

/** The exponent rows of (match, company) pairs, each with the three markets (null where none). */
export async function exponentRows(db: Kysely<Database>, pairs: readonly { matchId: number; companyId: number }[]): Promise<(ExponentRow & { hot: boolean })[]> {
  if (pairs.length === 0) return [];
  const matchIds = [...new Set(pairs.map((pair) => pair.matchId))];
  const wanted = new Set(pairs.map((pair) => `${pair.matchId}:${pair.companyId}`));
  const quotes = await db
    .selectFrom('match_odds as o')
    .innerJoin('match as m', 'm.id', 'o.match_id')
    .innerJoin('competition as c', 'c.id', 'm.competition_id')
    .select(['o.match_id', 'o.company_id', 'o.market', 'o.line', 'o.home', 'o.draw', 'o.away', 'o.open_line', 'o.open_home', 'o.open_draw', 'o.open_away', 'o.updated_at', 'm.sport'])
    .select(sql<boolean>`c.hot_rank is not null`.as('hot'))
    .where('o.match_id', 'in', matchIds)
    .orderBy('o.match_id')
    .orderBy('o.company_id')
    .execute();
  const rows = new Map<string, ExponentRow & { hot: boolean }>();
  for (const quote of quotes) {
    const key = `${quote.match_id}:${quote.company_id}`;
    if (!wanted.has(key)) continue;
    let row = rows.get(key);
    if (row === undefined) {
      row = { match_id: quote.match_id, company_id: quote.company_id, sport: quote.sport as ScoreSport, europe: null, asia: null, total: null, updated_at: quote.updated_at.toISOString(), hot: quote.hot };
      rows.set(key, row);
    }
    const market: OddsMarket = {
      open: { line: quote.open_line, home: quote.open_home, draw: quote.open_draw, away: quote.open_away },
      now: { line: quote.line, home: quote.home, draw: quote.draw, away: quote.away },
    };
    row[quote.market as OddsMarketName] = market;
    if (quote.updated_at.toISOString() > row.updated_at) row.updated_at = quote.updated_at.toISOString();
  }
  return [...rows.values()];
}

/** What a goal popup shows (SPEC.md section 3), from a stored goal and its match's teams. */
export function goalData(goal: { match_id: number; side: 'home' | 'away' | null; minute: number | null; extra_minute: number | null; home_score: number; away_score: number }, names: { home_team_name_zh: string; away_team_name_zh: string }): GoalData {
  return {
    match_id: goal.match_id,
    iszhu: goal.side === 'home' ? 1 : 0,
    match_str: footballMinute(goal.minute, goal.extra_minute),
    home_team_name_zh: names.home_team_name_zh,
    away_team_name_zh: names.away_team_name_zh,
    home_score: goal.home_score,
    away_score: goal.away_score,
  };
}

/** Drops the routing-only `hot` flag from exponent rows before they are sent. */
export function withoutHot<Row extends { hot: boolean }>(row: Row): Omit<Row, 'hot'> {
  const { hot: _hot, ...rest } = row;
  return rest;
}

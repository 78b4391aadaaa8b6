import type { PlayerSeasonStats, ScoreSport } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../infra/db/schema';

/**
 * A team's players' statistics in one season, from the events the feed stored:
 *
 * - goals (football, own goals not counted) and points (basketball) are counted from the goal and
 *   score events that name the player;
 * - appearances are the season's finished matches in which an event names the player (a goal, a
 *   score, a card, a substitution): the feed sends no line-ups;
 * - assists (both sports) and rebounds (basketball) are NOT sent by the demo feed. They are derived
 *   deterministically from the ids (an assist for most open-play goals, from a team-mate chosen by
 *   the goal's id; rebounds and basketball assists per game by position), so they stay the same
 *   on every read and add up across the season. A provider's feed that sends them would replace
 *   `derived*` below with a count of its events.
 */

export interface SquadMember {
  id: number;
  name_zh: string;
  position: string;
}

export const POSITION_ZH: Readonly<Record<string, string>> = { GK: '门将', DF: '后卫', MF: '中场', FW: '前锋', G: '后卫', F: '前锋', C: '中锋' };

export function emptyStats(): PlayerSeasonStats {
  return { appearances: 0, goals: 0, assists: 0, points: 0, rebounds: 0 };
}

/** FNV-1a of the parts: a stable number in 0..2^32-1. */
export function stableHash(...parts: (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join(':')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Rebounds and assists of a basketball player in one game: a range per position. */
const BASKETBALL_RANGES: Readonly<Record<string, { rebounds: [number, number]; assists: [number, number] }>> = {
  G: { rebounds: [1, 5], assists: [3, 9] },
  F: { rebounds: [3, 8], assists: [1, 4] },
  C: { rebounds: [6, 13], assists: [0, 3] },
};
const inRange = ([low, high]: [number, number], hash: number) => low + (hash % (high - low + 1));

/** Open-play goals with an assist (penalties and own goals have none). */
const ASSISTED_SHARE = 0.7;

/** Statistics of every squad member of `teamId` in season `seasonId`, by player id. */
export async function teamSeasonStats(db: Kysely<Database>, sport: ScoreSport, teamId: number, seasonId: number, squad: readonly SquadMember[]): Promise<Map<number, PlayerSeasonStats>> {
  const stats = new Map<number, PlayerSeasonStats>(squad.map((player) => [player.id, emptyStats()]));
  const byName = new Map(squad.map((player) => [player.name_zh, player]));
  // The team's finished matches first (by the team indexes), then their events (by match): a
  // season's other events are never read.
  const matches = await db
    .selectFrom('match')
    .select(['id', 'home_team_id'])
    .where('season_id', '=', seasonId)
    .where('status', '=', 'finished')
    .where((eb) => eb.or([eb('home_team_id', '=', teamId), eb('away_team_id', '=', teamId)]))
    .execute();
  if (matches.length === 0) return stats;
  const sideIn = new Map(matches.map((match) => [match.id, match.home_team_id === teamId ? 'home' : 'away']));
  // Grouped per match, side, kind and player (a basketball season is ~15,000 score events a team);
  // goals stay one row each (their ids choose the assist).
  const goalId = sql<number | null>`case when kind = 'goal' then id end`;
  const events = (
    await db
      .selectFrom('match_event')
      .select(['match_id', 'kind', 'detail', 'side', 'player_zh', 'player_in_zh', goalId.as('goal_id')])
      .select(sql<number>`coalesce(sum(points), 0)::int`.as('points'))
      .where('match_id', 'in', [...sideIn.keys()])
      .where('kind', 'in', ['goal', 'score', 'yellow', 'red', 'substitution'])
      .where('player_zh', 'is not', null)
      .groupBy(['match_id', 'kind', 'detail', 'side', 'player_zh', 'player_in_zh', goalId])
      .orderBy('match_id')
      .orderBy(goalId)
      .execute()
  ).filter((event) => event.side === sideIn.get(event.match_id));
  const appeared = new Map<number, Set<number>>();
  const appear = (player: SquadMember | undefined, matchId: number) => {
    if (player === undefined) return;
    const matches = appeared.get(player.id) ?? new Set<number>();
    matches.add(matchId);
    appeared.set(player.id, matches);
  };
  const outfield = squad.filter((player) => player.position !== 'GK');
  for (const event of events) {
    const player = byName.get(event.player_zh ?? '');
    // An own goal is the other side's player; it counts for nobody here.
    if (event.kind === 'goal' && event.detail === 'own_goal') continue;
    appear(player, event.match_id);
    if (event.kind === 'substitution') appear(byName.get(event.player_in_zh ?? ''), event.match_id);
    if (player === undefined) continue;
    const row = stats.get(player.id);
    if (row === undefined) continue;
    if (event.kind === 'goal') {
      row.goals += 1;
      if (event.detail !== 'penalty' && event.goal_id !== null) derivedFootballAssist(event.goal_id, player, outfield, stats);
    } else if (event.kind === 'score') {
      row.points += event.points;
    }
  }
  for (const [playerId, matches] of appeared) {
    const row = stats.get(playerId);
    if (row === undefined) continue;
    row.appearances = matches.size;
    if (sport === 'basketball') {
      const position = squad.find((player) => player.id === playerId)?.position ?? 'F';
      const ranges = BASKETBALL_RANGES[position] ?? BASKETBALL_RANGES.F;
      if (ranges === undefined) continue;
      for (const matchId of matches) {
        row.rebounds += inRange(ranges.rebounds, stableHash('reb', matchId, playerId));
        row.assists += inRange(ranges.assists, stableHash('ast', matchId, playerId));
      }
    }
  }
  return stats;
}

function derivedFootballAssist(goalId: number, scorer: SquadMember, outfield: readonly SquadMember[], stats: Map<number, PlayerSeasonStats>): void {
  const hash = stableHash('assist', goalId);
  if ((hash % 1000) / 1000 >= ASSISTED_SHARE) return;
  const mates = outfield.filter((player) => player.id !== scorer.id);
  const assister = mates[(hash >>> 10) % Math.max(1, mates.length)];
  const row = assister === undefined ? undefined : stats.get(assister.id);
  if (row !== undefined) row.assists += 1;
}

/** The season's leaders: goals (football, no own goals) or points (basketball), best first. */
export async function topScorers(db: Kysely<Database>, sport: ScoreSport, seasonId: number, limit: number) {
  const side = sql<number>`case when e.side = 'home' then m.home_team_id else m.away_team_id end`;
  const rows = await db
    .selectFrom('match_event as e')
    .innerJoin('match as m', 'm.id', 'e.match_id')
    .select([side.as('team_id'), 'e.player_zh'])
    .select(sport === 'football' ? sql<number>`count(*)::int`.as('value') : sql<number>`coalesce(sum(e.points), 0)::int`.as('value'))
    .select(sql<number>`count(distinct e.match_id)::int`.as('matches'))
    .where('m.season_id', '=', seasonId)
    .where('e.kind', '=', sport === 'football' ? 'goal' : 'score')
    .where('e.player_zh', 'is not', null)
    .where('e.side', 'is not', null)
    .where(sql<boolean>`coalesce(e.detail, '') <> 'own_goal'`)
    .groupBy([side, 'e.player_zh'])
    .orderBy('value', 'desc')
    .orderBy('matches')
    .orderBy('e.player_zh')
    .limit(limit)
    .execute();
  if (rows.length === 0) return [];
  const teamIds = [...new Set(rows.map((row) => row.team_id))];
  const teams = new Map((await db.selectFrom('team').select(['id', 'name_zh']).where('id', 'in', teamIds).execute()).map((team) => [team.id, team.name_zh]));
  const players = await db.selectFrom('player').select(['id', 'team_id', 'name_zh']).where('team_id', 'in', teamIds).execute();
  const playerId = new Map(players.map((player) => [`${player.team_id}:${player.name_zh}`, player.id]));
  return rows.map((row, index) => ({
    rank: index + 1,
    player_id: playerId.get(`${row.team_id}:${row.player_zh}`) ?? null,
    player_name_zh: row.player_zh ?? '',
    team_id: row.team_id,
    team_name_zh: teams.get(row.team_id) ?? '',
    value: row.value,
    matches: row.matches,
  }));
}

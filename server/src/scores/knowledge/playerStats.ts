import type { PlayerSeasonStats, ScoreSport } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../infra/db/schema';

/**
 * A team's players' statistics in one season, from the events the feed stored:
 *
 * - goals (football, own goals not counted) and points (basketball) are counted from the goal and
 *   score events that name the player;
 * - appearances are the season's finished matches the player took part in: the starters (the demo
 *   feed's line-up: football GK, 4 DF, 4 MF, 2 FW, basketball 2 G, 2 F, 1 C, first by roster order,
 *   i.e. by player id within the position) and every player an event names (a goal, a score, a
 *   card, a substitute coming on);
 * - the rounds of a season played before the feed started (the standing's games beyond the stored
 *   finished matches, and its goals or points beyond theirs) are shared out deterministically:
 *   regulars play nearly all of those games, squad players some; the goals or points go to the
 *   players by position and games played and add up to the team's (football: 3% own goals);
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

/** The demo feed's starters: football GK, 4 DF, 4 MF, 2 FW; basketball 2 G, 2 F, 1 C (roster order). */
const STARTERS: Readonly<Record<string, number>> = { GK: 1, DF: 4, MF: 4, FW: 2, G: 2, F: 2, C: 1 };

/** Each player's rank within his position by roster order (player id): 0 is the first choice. */
function positionRanks(squad: readonly SquadMember[]): Map<number, number> {
  const ranks = new Map<number, number>();
  const byPosition = new Map<string, SquadMember[]>();
  for (const player of squad) byPosition.set(player.position, [...(byPosition.get(player.position) ?? []), player]);
  for (const members of byPosition.values()) [...members].sort((a, b) => a.id - b.id).forEach((player, rank) => ranks.set(player.id, rank));
  return ranks;
}

export function isStarter(player: SquadMember, rank: number): boolean {
  return rank < (STARTERS[player.position] ?? 0);
}

/** The share of a team's games a player plays: starters nearly all, the bench some (the third keeper hardly any). */
function playedShare(sport: ScoreSport, player: SquadMember, rank: number): number {
  const jitter = (stableHash('share', player.id) % 1000) / 1000;
  if (isStarter(player, rank)) return 0.86 + 0.14 * jitter;
  if (player.position === 'GK') return 0.05 * jitter;
  if (sport === 'basketball') return rank < (STARTERS[player.position] ?? 0) + 1 ? 0.75 + 0.2 * jitter : 0.35 + 0.3 * jitter;
  return 0.3 + 0.35 * jitter;
}

/** `total` shared out by weight, whole numbers adding up to it (largest remainders; ties by id). */
export function shareOut(total: number, weights: ReadonlyMap<number, number>): Map<number, number> {
  const sum = [...weights.values()].reduce((acc, weight) => acc + weight, 0);
  const result = new Map<number, number>([...weights.keys()].map((id) => [id, 0]));
  if (total <= 0 || sum <= 0) return result;
  const exact = [...weights].map(([id, weight]) => ({ id, value: (total * weight) / sum }));
  let given = 0;
  for (const { id, value } of exact) {
    result.set(id, Math.floor(value));
    given += Math.floor(value);
  }
  exact.sort((a, b) => b.value - Math.floor(b.value) - (a.value - Math.floor(a.value)) || a.id - b.id);
  for (let index = 0; given < total && exact.length > 0; index += 1, given += 1) {
    const { id } = exact[index % exact.length] as { id: number };
    result.set(id, (result.get(id) ?? 0) + 1);
  }
  return result;
}

const GOAL_WEIGHT: Readonly<Record<string, number>> = { FW: 0.3, MF: 0.12, DF: 0.04, GK: 0 };
const ASSIST_WEIGHT: Readonly<Record<string, number>> = { FW: 0.12, MF: 0.16, DF: 0.06, GK: 0.005 };
const POINT_WEIGHT: Readonly<Record<string, number>> = { G: 1.1, F: 1, C: 0.9 };
const OWN_GOAL_SHARE = 0.03;

/** Statistics of every squad member of `teamId` in season `seasonId`, by player id. */
export async function teamSeasonStats(db: Kysely<Database>, sport: ScoreSport, teamId: number, seasonId: number, squad: readonly SquadMember[]): Promise<Map<number, PlayerSeasonStats>> {
  return (await teamSeasonTally(db, sport, teamId, seasonId, squad)).stats;
}

/** The statistics, and the number of matches each player scored in (for the leaders' table). */
export async function teamSeasonTally(
  db: Kysely<Database>,
  sport: ScoreSport,
  teamId: number,
  seasonId: number,
  squad: readonly SquadMember[],
): Promise<{ stats: Map<number, PlayerSeasonStats>; scoredIn: Map<number, number> }> {
  const stats = new Map<number, PlayerSeasonStats>(squad.map((player) => [player.id, emptyStats()]));
  const scoredIn = new Map<number, number>();
  const byName = new Map(squad.map((player) => [player.name_zh, player]));
  const ranks = positionRanks(squad);
  // The team's finished matches first (by the team indexes), then their events (by match): a
  // season's other events are never read.
  const [matches, standing] = await Promise.all([
    db
      .selectFrom('match')
      .select(['id', 'home_team_id', 'home_score', 'away_score'])
      .where('season_id', '=', seasonId)
      .where('status', '=', 'finished')
      .where((eb) => eb.or([eb('home_team_id', '=', teamId), eb('away_team_id', '=', teamId)]))
      .execute(),
    db.selectFrom('standing').select(['played', 'goals_for']).where('season_id', '=', seasonId).where('team_id', '=', teamId).executeTakeFirst(),
  ]);
  const storedFor = matches.reduce((sum, match) => sum + (match.home_team_id === teamId ? match.home_score : match.away_score), 0);
  addEarlierRounds(sport, squad, ranks, stats, scoredIn, Math.max(0, (standing?.played ?? 0) - matches.length), Math.max(0, (standing?.goals_for ?? 0) - storedFor));
  if (matches.length === 0) return { stats, scoredIn };
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
  const scored = new Map<number, Set<number>>();
  const add = (into: Map<number, Set<number>>, player: SquadMember | undefined, matchId: number) => {
    if (player === undefined) return;
    const matches = into.get(player.id) ?? new Set<number>();
    matches.add(matchId);
    into.set(player.id, matches);
  };
  const appear = (player: SquadMember | undefined, matchId: number) => add(appeared, player, matchId);
  // The starters played every stored match.
  const starters = squad.filter((player) => isStarter(player, ranks.get(player.id) ?? 99));
  for (const match of matches) for (const player of starters) appear(player, match.id);
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
    if (event.kind === 'goal' || (event.kind === 'score' && event.points > 0)) add(scored, player, event.match_id);
    if (event.kind === 'goal') {
      row.goals += 1;
      if (event.detail !== 'penalty' && event.goal_id !== null) derivedFootballAssist(event.goal_id, player, outfield, stats);
    } else if (event.kind === 'score') {
      row.points += event.points;
    }
  }
  for (const [playerId, matches] of scored) scoredIn.set(playerId, (scoredIn.get(playerId) ?? 0) + matches.size);
  for (const [playerId, matches] of appeared) {
    const row = stats.get(playerId);
    if (row === undefined) continue;
    row.appearances += matches.size;
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
  return { stats, scoredIn };
}

/**
 * The games played before the feed's first stored match: appearances by share of games, goals or
 * points shared by position and games played (adding up to the team's), assists for 70% of the
 * goals, basketball rebounds and assists per game by position.
 */
function addEarlierRounds(
  sport: ScoreSport,
  squad: readonly SquadMember[],
  ranks: ReadonlyMap<number, number>,
  stats: Map<number, PlayerSeasonStats>,
  scoredIn: Map<number, number>,
  games: number,
  teamFor: number,
): void {
  if (games <= 0 || (sport !== 'football' && sport !== 'basketball')) return;
  const apps = new Map<number, number>();
  for (const player of squad) apps.set(player.id, Math.min(games, Math.round(games * playedShare(sport, player, ranks.get(player.id) ?? 99))));
  const weighted = (weights: Readonly<Record<string, number>>, salt: string) =>
    new Map(squad.map((player) => [player.id, (apps.get(player.id) ?? 0) * (weights[player.position] ?? 0) * (0.6 + (stableHash(salt, player.id) % 1000) / 1250)]));
  const football = sport === 'football';
  const scoredTotal = football ? teamFor - Math.round(teamFor * OWN_GOAL_SHARE) : teamFor;
  const goals = shareOut(scoredTotal, weighted(football ? GOAL_WEIGHT : POINT_WEIGHT, 'goals'));
  const assists = football ? shareOut(Math.round(scoredTotal * ASSISTED_SHARE), weighted(ASSIST_WEIGHT, 'assists')) : new Map<number, number>();
  for (const player of squad) {
    const row = stats.get(player.id);
    if (row === undefined) continue;
    const played = apps.get(player.id) ?? 0;
    const own = goals.get(player.id) ?? 0;
    row.appearances += played;
    if (football) {
      row.goals += own;
      row.assists += assists.get(player.id) ?? 0;
      // A brace now and then: the games he scored in.
      scoredIn.set(player.id, (scoredIn.get(player.id) ?? 0) + Math.min(played, own - Math.floor(own / 5)));
    } else {
      row.points += own;
      scoredIn.set(player.id, (scoredIn.get(player.id) ?? 0) + (own > 0 ? played : 0));
      const ranges = BASKETBALL_RANGES[player.position] ?? BASKETBALL_RANGES.F;
      if (ranges === undefined) continue;
      for (let game = 0; game < played; game += 1) {
        row.rebounds += inRange(ranges.rebounds, stableHash('reb-early', game, player.id));
        row.assists += inRange(ranges.assists, stableHash('ast-early', game, player.id));
      }
    }
  }
}

function derivedFootballAssist(goalId: number, scorer: SquadMember, outfield: readonly SquadMember[], stats: Map<number, PlayerSeasonStats>): void {
  const hash = stableHash('assist', goalId);
  if ((hash % 1000) / 1000 >= ASSISTED_SHARE) return;
  const mates = outfield.filter((player) => player.id !== scorer.id);
  const assister = mates[(hash >>> 10) % Math.max(1, mates.length)];
  const row = assister === undefined ? undefined : stats.get(assister.id);
  if (row !== undefined) row.assists += 1;
}

/**
 * The season's leaders: goals (football, no own goals) or points (basketball), best first, from
 * each team's statistics (so the leaders' table and the team and player pages always agree, the
 * rounds played before the feed started included).
 */
export async function topScorers(db: Kysely<Database>, sport: ScoreSport, seasonId: number, limit: number) {
  const teams = await db.selectFrom('standing as st').innerJoin('team as t', 't.id', 'st.team_id').select(['t.id', 't.name_zh']).where('st.season_id', '=', seasonId).execute();
  if (teams.length === 0) return [];
  const players = await db.selectFrom('player').select(['id', 'team_id', 'name_zh', 'position']).where('team_id', 'in', teams.map((team) => team.id)).execute();
  const tallies = await Promise.all(
    teams.map(async (team) => {
      const squad = players.filter((player) => player.team_id === team.id);
      return { team, squad, ...(await teamSeasonTally(db, sport, team.id, seasonId, squad)) };
    }),
  );
  const rows = tallies.flatMap(({ team, squad, stats, scoredIn }) =>
    squad.map((player) => ({
      player_id: player.id as number | null,
      player_name_zh: player.name_zh,
      team_id: team.id,
      team_name_zh: team.name_zh,
      value: sport === 'football' ? (stats.get(player.id)?.goals ?? 0) : (stats.get(player.id)?.points ?? 0),
      matches: scoredIn.get(player.id) ?? 0,
    })),
  );
  return rows
    .filter((row) => row.value > 0)
    .sort((a, b) => b.value - a.value || a.matches - b.matches || a.player_name_zh.localeCompare(b.player_name_zh))
    .slice(0, limit)
    .map((row, index) => ({ rank: index + 1, ...row }));
}

import { CHINA_OFFSET_MS } from '../../../infra/chinaTime';
import type { PlannedFixture } from '../engine/schedule';
import type { FeedMatchState } from '../matchFeed';
import type { WorldCompetition } from './demoWorld';

/**
 * The knockout stage of a finished tournament in the 2026 World Cup's format, drawn from its group
 * results and played round by round (each round's pairs are its predecessor's winners):
 *
 * - Qualifiers (32): each group's top two and the eight best third-placed teams. A group is ranked
 *   by points, goal difference, goals scored, then the team key (the draw of lots, made
 *   deterministic); the thirds across groups by the same keys.
 * - Round of 32 (1/16决赛), a fixed bracket: the winners of groups A-H meet the eight best thirds
 *   (taken in group order, the winner of the j-th group meeting the (j+1)-th third, cyclically: never
 *   its own group's, whichever eight groups they come from); the winners of I-L meet the runners-up
 *   of A-D (1I v 2A, 1J v 2B, 1K v 2C, 1L v 2D); the runners-up of E-H meet those of I-L
 *   (2E v 2I ...). The group winner is the home side. BRACKET_ORDER lists the sixteen matches in
 *   tree order: matches 2k and 2k+1 feed match k of the next round, and so on to the final.
 * - Then 1/8决赛, 1/4决赛, 半决赛, the semi-finals' losers in 季军赛 and their winners in 决赛.
 * - Dates (China days, the real schedule's shape): R32 28 June - 3 July, R16 4-7 July, QF 9-11
 *   July, SF 14-15 July, third place 18 July, final 19 July.
 *
 * A level match goes to extra time and penalties (FootballSimulation, `knockout`): every match has
 * a winner (knockoutWinner).
 */
const HOUR_MS = 3_600_000;

export interface KnockoutRound {
  round_zh: string;
  /** China day ('MM-DD') of each match, in bracket order. */
  days: readonly string[];
}

const repeat = (day: string, times: number): string[] => Array.from({ length: times }, () => day);

export const KNOCKOUT_ROUNDS: readonly KnockoutRound[] = [
  { round_zh: '1/16决赛', days: ['06-28', ...repeat('06-29', 3), ...repeat('06-30', 3), ...repeat('07-01', 3), ...repeat('07-02', 3), ...repeat('07-03', 3)] },
  { round_zh: '1/8决赛', days: [...repeat('07-04', 2), ...repeat('07-05', 2), ...repeat('07-06', 2), ...repeat('07-07', 2)] },
  { round_zh: '1/4决赛', days: ['07-09', '07-10', '07-11', '07-11'] },
  { round_zh: '半决赛', days: ['07-14', '07-15'] },
  { round_zh: '季军赛', days: ['07-18'] },
  { round_zh: '决赛', days: ['07-19'] },
];

/** China kick-off hours of a day's matches, by how many are played that day. */
const KICKOFF_HOURS: Readonly<Record<number, readonly number[]>> = { 1: [3], 2: [0, 4], 3: [0, 4, 8] };

/** A team's group line, enough to rank it. */
export interface RankedLine {
  teamKey: string;
  group: string;
  points: number;
  goalDifference: number;
  goalsFor: number;
}

/** Points, goal difference, goals scored, then the key (the lots). */
export function compareLines(a: RankedLine, b: RankedLine): number {
  return b.points - a.points || b.goalDifference - a.goalDifference || b.goalsFor - a.goalsFor || a.teamKey.localeCompare(b.teamKey);
}

/** Each group's table from its finished matches, ranked; groups in the fixtures' group order. */
export function rankGroups(fixtures: readonly PlannedFixture[], results: ReadonlyMap<string, FeedMatchState>): RankedLine[][] {
  const groups = new Map<string, Map<string, RankedLine>>();
  const line = (group: string, teamKey: string): RankedLine => {
    const lines = groups.get(group) ?? new Map<string, RankedLine>();
    groups.set(group, lines);
    const found = lines.get(teamKey) ?? { teamKey, group, points: 0, goalDifference: 0, goalsFor: 0 };
    lines.set(teamKey, found);
    return found;
  };
  for (const fixture of fixtures) {
    const group = fixture.standingsGroup ?? '';
    const home = line(group, fixture.homeKey);
    const away = line(group, fixture.awayKey);
    const state = results.get(fixture.key);
    if (state === undefined) continue;
    for (const [own, score, conceded] of [
      [home, state.home_score, state.away_score],
      [away, state.away_score, state.home_score],
    ] as const) {
      own.goalsFor += score;
      own.goalDifference += score - conceded;
      own.points += score > conceded ? 3 : score === conceded ? 1 : 0;
    }
  }
  return [...groups.values()].map((lines) => [...lines.values()].sort(compareLines));
}

/** Groups ranked (A-L) into the 32 of the round of 32: [home, away] per match, in BRACKET_ORDER. */
export function roundOf32(tables: readonly RankedLine[][]): [string, string][] {
  const place = (group: number, rank: number): string => tables[group]?.[rank]?.teamKey ?? '';
  const thirds = bestThirds(tables);
  const matches: [string, string][] = [];
  // 0-7: the winners of A-H against the thirds; 8-11: winners of I-L v runners-up of A-D; 12-15: 2E-2H v 2I-2L.
  for (let group = 0; group < 8; group += 1) matches.push([place(group, 0), thirds[(group + 1) % thirds.length]?.teamKey ?? '']);
  for (let index = 0; index < 4; index += 1) matches.push([place(8 + index, 0), place(index, 1)]);
  for (let index = 0; index < 4; index += 1) matches.push([place(4 + index, 1), place(8 + index, 1)]);
  return BRACKET_ORDER.map((index) => matches[index] as [string, string]);
}

/** The eight best third-placed teams, in group order. */
export function bestThirds(tables: readonly RankedLine[][]): RankedLine[] {
  const thirds = tables.flatMap((table) => (table[2] === undefined ? [] : [table[2]]));
  const best = new Set(thirds.sort(compareLines).slice(0, 8));
  return tables.flatMap((table) => (table[2] !== undefined && best.has(table[2]) ? [table[2]] : []));
}

/**
 * The round of 32 in tree order (indexes into the matches built above): 1A v 3rd, 2E v 2I; 1B v
 * 3rd, 1I v 2A; 1C v 3rd, 2F v 2J; 1D v 3rd, 1J v 2B; 1E v 3rd, 2G v 2K; 1F v 3rd, 1K v 2C; 1G v
 * 3rd, 2H v 2L; 1H v 3rd, 1L v 2D.
 */
export const BRACKET_ORDER: readonly number[] = [0, 12, 1, 8, 2, 13, 3, 9, 4, 14, 5, 10, 6, 15, 7, 11];

/** The side that went through: more goals after 90 or 120 minutes, else the shoot-out. */
export function knockoutWinner(state: FeedMatchState): 'home' | 'away' | null {
  if (state.status !== 'finished') return null;
  if (state.home_score !== state.away_score) return state.home_score > state.away_score ? 'home' : 'away';
  if (state.home_penalty_score === null || state.away_penalty_score === null || state.home_penalty_score === state.away_penalty_score) return null;
  return state.home_penalty_score > state.away_penalty_score ? 'home' : 'away';
}

/**
 * Plays the knockout stage after `groupFixtures` (played, their finished states in `results`):
 * `play` simulates a fixture and answers its finished state, or null when it is not over by now
 * (the bracket stops there). Answers the knockout fixtures played.
 */
export function playKnockoutStage(
  competition: WorldCompetition,
  keyPrefix: string,
  year: number,
  groupFixtures: readonly PlannedFixture[],
  results: ReadonlyMap<string, FeedMatchState>,
  play: (fixture: PlannedFixture) => FeedMatchState | null,
): PlannedFixture[] {
  if (groupFixtures.some((fixture) => results.get(fixture.key)?.status !== 'finished')) return [];
  const played: PlannedFixture[] = [];
  let pairs = roundOf32(rankGroups(groupFixtures, results));
  let semiFinalLosers: [string, string][] = [];
  for (const [roundIndex, round] of KNOCKOUT_ROUNDS.entries()) {
    const thirdPlace = round.round_zh === '季军赛';
    const winners: string[] = [];
    const losers: string[] = [];
    for (const [index, [homeKey, awayKey]] of (thirdPlace ? semiFinalLosers : pairs).entries()) {
      const fixture = knockoutFixture(competition, keyPrefix, year, roundIndex, round, index, homeKey, awayKey);
      const state = play(fixture);
      const winner = state === null ? null : knockoutWinner(state);
      if (winner === null) return played;
      played.push(fixture);
      winners.push(winner === 'home' ? homeKey : awayKey);
      losers.push(winner === 'home' ? awayKey : homeKey);
    }
    if (round.round_zh === '半决赛') semiFinalLosers = [[losers[0] ?? '', losers[1] ?? '']];
    // The final is the semi-finals' winners (the third-place match in between).
    if (!thirdPlace) pairs = Array.from({ length: winners.length / 2 }, (_, index) => [winners[2 * index] ?? '', winners[2 * index + 1] ?? ''] as [string, string]);
  }
  return played;
}

function knockoutFixture(
  competition: WorldCompetition,
  keyPrefix: string,
  year: number,
  roundIndex: number,
  round: KnockoutRound,
  index: number,
  homeKey: string,
  awayKey: string,
): PlannedFixture {
  const day = round.days[index] ?? round.days[0] ?? '07-19';
  const sameDay = round.days.filter((other) => other === day).length;
  const slot = round.days.slice(0, index).filter((other) => other === day).length;
  const midnight = Date.UTC(year, Number(day.slice(0, 2)) - 1, Number(day.slice(3, 5))) - CHINA_OFFSET_MS;
  return {
    key: `${keyPrefix}:k${roundIndex}:${index}`,
    sport: competition.spec.sport,
    competition,
    homeKey,
    awayKey,
    kickoffAt: new Date(midnight + (KICKOFF_HOURS[sameDay]?.[slot] ?? 0) * HOUR_MS),
    round_zh: round.round_zh,
    standingsGroup: null,
    bestOf: 1,
    knockout: true,
  };
}

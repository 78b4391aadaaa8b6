import { createRng } from '../engine/prng';
import { type FeedSeason, type FeedStanding, emptyStanding } from '../matchFeed';
import { type DemoWorld, seasonName, worldTeam } from './demoWorld';
import { playedAsMatches } from './pastTournaments';
import { resultLetter, sampleFinalScore } from './pastResults';
import { roundsPlayedAt } from './seasonCalendar';

/**
 * The seasons current at `at`, each with a table as if the rounds a real season has played by
 * then (seasonCalendar.ts: 15 of 38 in the Premier League in early December, none before the
 * opening) had been played: a round robin within each group (everyone meets everyone once before
 * anyone meets a side twice), so wins and losses, goals for and against add up across the table.
 * A tournament whose group stage the feed sends as matches (pastTournaments.ts) starts at zero:
 * its table is computed from those results.
 */
export function initialSeasons(world: DemoWorld, seed: number, at: Date): FeedSeason[] {
  return world.competitions.map(({ spec, teamKeys, groupOf }) => {
    const name = seasonName(spec, at);
    const rng = createRng(seed, 'table', spec.name_zh, name);
    const rows = new Map<string, FeedStanding>(teamKeys.map((key) => [key, emptyStanding(key, groupOf.get(key) ?? '')]));
    const rounds = playedAsMatches(spec, at) ? 0 : roundsPlayedAt(spec, at);
    // Teams meet within their group only.
    const groups = new Map<string, string[]>();
    for (const key of teamKeys) groups.set(groupOf.get(key) ?? '', [...(groups.get(groupOf.get(key) ?? '') ?? []), key]);
    const orders = [...groups.values()].map((members) => rng.shuffle(members));
    for (let round = 0; round < rounds; round += 1) {
      for (const order of orders) {
        for (const [homeKey, awayKey] of roundRobinRound(order, round)) {
          const [home, away] = sampleFinalScore(rng, spec.sport, worldTeam(world, homeKey).rating, worldTeam(world, awayKey).rating, spec.periodMinutes, spec.bestOf);
          applyResult(rows.get(homeKey), home, away, spec.sport === 'football');
          applyResult(rows.get(awayKey), away, home, spec.sport === 'football');
        }
      }
    }
    return { competition: { sport: spec.sport, name_zh: spec.name_zh }, name, standings: [...rows.values()] };
  });
}

/** One result into a table row (football 3/1/0 points; basketball a point a win). */
export function applyResult(row: FeedStanding | undefined, own: number, other: number, football: boolean): void {
  if (row === undefined) return;
  const letter = resultLetter(own, other);
  row.played += 1;
  row.goals_for += own;
  row.goals_against += other;
  if (letter === 'W') row.won += 1;
  else if (letter === 'D') row.drawn += 1;
  else row.lost += 1;
  row.points += letter === 'W' ? (football ? 3 : 1) : letter === 'D' ? 1 : 0;
  row.form = (row.form + letter).slice(-5);
}

/**
 * Round `round` of a double round robin over `teams` (the circle method; a bye when the count is
 * odd): in each half everyone meets everyone once, home and away swap in the second; past the
 * double round robin it starts again (an 82-game NBA season).
 */
export function roundRobinRound(teams: readonly string[], round: number): [string, string][] {
  const list: (string | null)[] = teams.length % 2 === 0 ? [...teams] : [...teams, null];
  const size = list.length;
  const perHalf = size - 1;
  const inCycle = round % (2 * perHalf);
  const turn = inCycle % perHalf;
  // Rotate all but the first: position i holds list[1 + (i - 1 + turn) % perHalf].
  const at = (index: number) => (index === 0 ? list[0] : list[1 + ((index - 1 + turn) % perHalf)]) ?? null;
  const pairs: [string, string][] = [];
  for (let index = 0; index < size / 2; index += 1) {
    const first = at(index);
    const second = at(size - 1 - index);
    if (first === null || second === null) continue;
    // Alternate who is at home so no side is always first; swapped in the second half.
    const swap = (index === 0 ? turn % 2 === 1 : index % 2 === 1) !== inCycle >= perHalf;
    pairs.push(swap ? [second, first] : [first, second]);
  }
  return pairs;
}

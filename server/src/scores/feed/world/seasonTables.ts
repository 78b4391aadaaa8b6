import { createRng } from '../engine/prng';
import type { FeedSeason, FeedStanding } from '../matchFeed';
import { type DemoWorld, seasonName, worldTeam } from './demoWorld';
import { resultLetter, sampleFinalScore } from './pastResults';

/** Rounds already played when the feed first starts (a season well under way). */
const PLAYED_ROUNDS = { league: 14, cup: 4, basketballLeague: 24 } as const;

/**
 * The seasons current at `at`, each with a table as if its first rounds had been played:
 * real pairings round by round, so wins and losses add up across the table.
 */
export function initialSeasons(world: DemoWorld, seed: number, at: Date): FeedSeason[] {
  return world.competitions.map(({ spec, teamKeys, groupOf }) => {
    const name = seasonName(spec, at);
    const rng = createRng(seed, 'table', spec.name_zh, name);
    const rows = new Map<string, FeedStanding>(
      teamKeys.map((key) => [key, { teamKey: key, group_name: groupOf.get(key) ?? '', played: 0, won: 0, drawn: 0, lost: 0, goals_for: 0, goals_against: 0, points: 0, form: '' }]),
    );
    const rounds = spec.sport === 'basketball' ? PLAYED_ROUNDS.basketballLeague : spec.format === 'cup' ? PLAYED_ROUNDS.cup : PLAYED_ROUNDS.league;
    // Teams meet within their group only.
    const groups = new Map<string, string[]>();
    for (const key of teamKeys) groups.set(groupOf.get(key) ?? '', [...(groups.get(groupOf.get(key) ?? '') ?? []), key]);
    for (let round = 0; round < rounds; round += 1) {
      for (const members of groups.values()) {
        const order = rng.shuffle(members);
        for (let index = 0; index + 1 < order.length; index += 2) {
          const homeKey = order[index] as string;
          const awayKey = order[index + 1] as string;
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

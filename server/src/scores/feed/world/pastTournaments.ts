import { CHINA_OFFSET_MS, chinaYearMonth } from '../../../infra/chinaTime';
import type { PlannedFixture } from '../engine/schedule';
import type { FeedMatchState } from '../matchFeed';
import type { DemoCompetitionSpec } from './demoCompetitions';
import type { DemoWorld, WorldCompetition } from './demoWorld';
import { playKnockoutStage } from './knockoutStage';
import { inSeasonWindow, seasonProgress } from './seasonCalendar';

/**
 * A tournament already played this year (the World Cup in December): its group stage and then its
 * knockout stage (knockoutStage.ts, drawn from the group results) as finished matches, simulated in
 * full by the feed like any other (goals, cards, half-time, extra time and penalties), so its
 * groups, results, bracket, champion and scorers come from real rows and its table from the group
 * results.
 *
 * Each group plays three matchdays (everyone meets everyone once: six matches a group), two
 * groups a day from the window's opening (a matchday's last day shared with the next one's
 * first); the last matchday of a group kicks off at one time.
 */
const HOUR_MS = 3_600_000;
/** China kick-off hours of a day's four matches (evening in North America). */
const KICKOFF_HOURS = [0, 3, 6, 9] as const;
/** A group's matchday: pairs by index in the group. */
const MATCHDAYS: readonly (readonly [number, number])[][] = [
  [
    [0, 1],
    [2, 3],
  ],
  [
    [0, 2],
    [3, 1],
  ],
  [
    [3, 0],
    [1, 2],
  ],
];

/** Whether the competition's season at `at` is a finished tournament the feed sends as matches. */
export function playedAsMatches(spec: DemoCompetitionSpec, at: Date): boolean {
  return spec.pastAsMatches === true && !inSeasonWindow(spec, at) && seasonProgress(spec, at) === 1;
}

/**
 * Every finished tournament at `at`, played: its group matches in kick-off order, then its
 * knockout rounds from their results. `play` simulates a fixture to its end and answers the final
 * state (null: not over by `at`). Answers the fixtures played, group stage first.
 */
export function playPastTournaments(world: DemoWorld, seed: number, at: Date, play: (fixture: PlannedFixture) => FeedMatchState | null): PlannedFixture[] {
  const played: PlannedFixture[] = [];
  const { year } = chinaYearMonth(at);
  for (const competition of world.competitions) {
    const groupFixtures = groupStageOf(competition, seed, at);
    if (groupFixtures.length === 0) continue;
    const results = new Map<string, FeedMatchState>();
    for (const fixture of groupFixtures) {
      const state = play(fixture);
      if (state === null) continue;
      played.push(fixture);
      results.set(fixture.key, state);
    }
    played.push(...playKnockoutStage(competition, tournamentKey(competition, seed, year), year, groupFixtures, results, play));
  }
  return played;
}

/** The group matches of every finished tournament at `at`, in kick-off order. */
export function pastGroupStages(world: DemoWorld, seed: number, at: Date): PlannedFixture[] {
  return world.competitions.flatMap((competition) => groupStageOf(competition, seed, at)).sort((a, b) => a.kickoffAt.getTime() - b.kickoffAt.getTime() || a.key.localeCompare(b.key));
}

/** The prefix of a past tournament's match keys (stable across restarts). */
function tournamentKey(competition: WorldCompetition, seed: number, year: number): string {
  return `sim:s${seed}:${competition.spec.sport}:past${competition.spec.teams.length}:${year}`;
}

/** One finished tournament's group matches at `at` (none when it is not one), in kick-off order. */
function groupStageOf(competition: WorldCompetition, seed: number, at: Date): PlannedFixture[] {
  const { spec } = competition;
  if (!playedAsMatches(spec, at) || spec.window === undefined) return [];
  const fixtures: PlannedFixture[] = [];
  const { year } = chinaYearMonth(at);
  const opening = Date.UTC(year, Number(spec.window.from.slice(0, 2)) - 1, Number(spec.window.from.slice(3, 5))) - CHINA_OFFSET_MS;
  const groups = new Map<string, string[]>();
  for (const key of competition.teamKeys) {
    const group = competition.groupOf.get(key) ?? '';
    groups.set(group, [...(groups.get(group) ?? []), key]);
  }
  // Two groups a day; a matchday's last day is the next one's first (the window is 17 days).
  const daysPerMatchday = Math.ceil(groups.size / 2) - 1;
  [...groups].forEach(([group, members], groupIndex) => {
    MATCHDAYS.forEach((pairs, matchday) => {
      const day = matchday * daysPerMatchday + Math.floor(groupIndex / 2);
      pairs.forEach(([home, away], index) => {
        const homeKey = members[home];
        const awayKey = members[away];
        if (homeKey === undefined || awayKey === undefined) return;
        // Matchdays 1-2: the group's two matches one after the other; matchday 3: at the same time.
        const slot = (groupIndex % 2) * 2 + (matchday === 2 ? 0 : index);
        fixtures.push({
          key: `${tournamentKey(competition, seed, year)}:g${groupIndex}:m${matchday}:${index}`,
          sport: spec.sport,
          competition,
          homeKey,
          awayKey,
          kickoffAt: new Date(opening + day * 24 * HOUR_MS + (KICKOFF_HOURS[slot] ?? 0) * HOUR_MS),
          round_zh: group,
          standingsGroup: group,
          bestOf: 1,
        });
      });
    });
  });
  return fixtures.sort((a, b) => a.kickoffAt.getTime() - b.kickoffAt.getTime() || a.key.localeCompare(b.key));
}

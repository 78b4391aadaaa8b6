import { CHINA_OFFSET_MS, chinaYearMonth } from '../../../infra/chinaTime';
import type { PlannedFixture } from '../engine/schedule';
import type { DemoCompetitionSpec } from './demoCompetitions';
import type { DemoWorld } from './demoWorld';
import { inSeasonWindow, seasonProgress } from './seasonCalendar';

/**
 * A tournament already played this year (the World Cup in December): its group stage as finished
 * matches, simulated in full by the feed like any other (goals, cards, half-time), so its groups,
 * results and scorers come from real rows and its table from those results.
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

/** The group matches of every finished tournament at `at`, in kick-off order. */
export function pastGroupStages(world: DemoWorld, seed: number, at: Date): PlannedFixture[] {
  const fixtures: PlannedFixture[] = [];
  for (const competition of world.competitions) {
    const { spec } = competition;
    if (!playedAsMatches(spec, at) || spec.window === undefined) continue;
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
            key: `sim:s${seed}:${spec.sport}:past${spec.teams.length}:${year}:g${groupIndex}:m${matchday}:${index}`,
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
  }
  return fixtures.sort((a, b) => a.kickoffAt.getTime() - b.kickoffAt.getTime() || a.key.localeCompare(b.key));
}

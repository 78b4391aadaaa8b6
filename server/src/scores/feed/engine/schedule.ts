import type { ScoreSport } from '@sports/shared/server';
import type { DemoWorld, WorldCompetition } from '../world/demoWorld';
import { chinaMonthDay, fixtureBestOf, inPlayWindow, phaseRounds, roundsPlayedAt, snookerEventAt } from '../world/seasonCalendar';
import { createRng } from './prng';

/** Day 0 of the simulated calendar: midnight in China, 2024-01-01. Days are numbered from here. */
export const FEED_EPOCH_MS = Date.UTC(2023, 11, 31, 16, 0, 0);
export const FEED_DAY_MS = 86_400_000;
const FIVE_MINUTES_MS = 300_000;

/** How wall time maps to the simulation: `speed` simulated ms pass per wall ms. */
export interface FeedTiming {
  seed: number;
  speed: number;
}

export interface PlannedFixture {
  /** Unique across seeds and speeds, stable across restarts: the match's external key. */
  key: string;
  sport: ScoreSport;
  competition: WorldCompetition;
  homeKey: string;
  awayKey: string;
  kickoffAt: Date;
  round_zh: string;
  /** The table group it counts towards ('' a league's); null: a knockout match, in no table. */
  standingsGroup: string | null;
  /** Series: the games (maps, frames) it is played over. */
  bestOf: number;
  /** Football knockout: level after 90 minutes, extra time, then penalties (a winner always). */
  knockout?: boolean;
}

/** Wall-clock length of a simulated day. */
export function wallDayMs(timing: FeedTiming): number {
  return FEED_DAY_MS / timing.speed;
}

/** The simulated day a wall-clock instant falls in. */
export function dayIndexAt(timing: FeedTiming, at: Date): number {
  return Math.floor((at.getTime() - FEED_EPOCH_MS) / wallDayMs(timing));
}

/**
 * The fixtures of one simulated day: each sport's fixtures spread evenly over the 24 hours (with a
 * little jitter, on 5-minute marks), so several matches are live at any moment; competitions take
 * turns across the day; a team plays at most once a day, against a team of its own group. A
 * competition plays only inside its season window, a cup only in its league or group phase
 * (seasonCalendar.ts).
 */
export function planDay(world: DemoWorld, timing: FeedTiming, day: number): PlannedFixture[] {
  const fixtures: PlannedFixture[] = [];
  const dayStart = FEED_EPOCH_MS + day * wallDayMs(timing);
  const dayDate = new Date(dayStart);
  // Each sport's competitions share a day; a competition with its own schedule (added later, so
  // the others keep their fixtures) is planned alone, with its own random stream and keys.
  const plans = [
    ...(['football', 'basketball', 'esports', 'general'] as const).map((sport) => ({
      sport,
      stream: sport as string,
      competitions: world.competitions.filter((competition) => competition.spec.sport === sport && competition.spec.ownSchedule !== true && inPlayWindow(competition.spec, dayDate)),
    })),
    ...world.competitions
      .filter((competition) => competition.spec.ownSchedule === true && inPlayWindow(competition.spec, dayDate))
      .map((competition) => ({ sport: competition.spec.sport, stream: `${competition.spec.sport}:${competition.spec.name_zh}`, competitions: [competition] })),
  ];
  for (const { sport, stream, competitions } of plans) {
    const rng = createRng(timing.seed, 'day', day, stream);
    const keyPrefix = stream === sport ? sport : `${sport}:own${competitions[0]?.spec.teams.length ?? 0}`;
    const pairings = new Map(competitions.map((competition) => [competition, pairTeams(competition, rng.shuffle(competition.teamKeys))]));
    const slots = rng.shuffle(competitions.flatMap((competition) => Array.from({ length: Math.min(competition.spec.dailyFixtures, pairings.get(competition)?.length ?? 0) }, () => competition)));
    const spacingMs = FEED_DAY_MS / Math.max(1, slots.length);
    slots.forEach((competition, index) => {
      const pair = pairings.get(competition)?.shift();
      if (pair === undefined) return;
      const offsetMs = Math.round((index * spacingMs + rng.next() * spacingMs * 0.6) / FIVE_MINUTES_MS) * FIVE_MINUTES_MS;
      fixtures.push({
        key: `sim:s${timing.seed}:x${timing.speed}:d${day}:${keyPrefix}:${index}`,
        sport,
        competition,
        homeKey: pair[0],
        awayKey: pair[1],
        kickoffAt: new Date(Math.round(dayStart + offsetMs / timing.speed)),
        round_zh: roundName(competition, dayDate, competition.groupOf.get(pair[0]) ?? ''),
        standingsGroup: competition.groupOf.get(pair[0]) ?? '',
        bestOf: fixtureBestOf(competition.spec, dayDate),
      });
    });
  }
  return fixtures.sort((a, b) => a.kickoffAt.getTime() - b.kickoffAt.getTime() || a.key.localeCompare(b.key));
}

/** Pairs from a shuffled list, within groups; no team twice. */
function pairTeams(competition: WorldCompetition, shuffled: readonly string[]): [string, string][] {
  const waiting = new Map<string, string>();
  const pairs: [string, string][] = [];
  for (const key of shuffled) {
    const group = competition.groupOf.get(key) ?? '';
    const partner = waiting.get(group);
    if (partner === undefined) {
      waiting.set(group, key);
    } else {
      waiting.delete(group);
      pairs.push([partner, key]);
    }
  }
  return pairs;
}

/** The round a day's fixtures belong to: the next league round (by the season's progress), the group, the snooker event. */
function roundName(competition: WorldCompetition, at: Date, group: string): string {
  const { spec } = competition;
  if (spec.sport === 'general') {
    const dayOfMonth = chinaMonthDay(at) % 100;
    return `${snookerEventAt(at).name_zh}${dayOfMonth <= 8 ? '第一轮' : dayOfMonth <= 16 ? '第二轮' : dayOfMonth <= 24 ? '第三轮' : '1/8决赛'}`;
  }
  if (spec.sport === 'basketball') return '常规赛';
  if (spec.sport === 'esports') return spec.format === 'cup' ? (group === '' ? '淘汰赛' : group) : '常规赛';
  if (spec.format === 'cup') return group === '' ? '联赛阶段' : group;
  return `第${Math.min(phaseRounds(spec), roundsPlayedAt(spec, at) + 1)}轮`;
}

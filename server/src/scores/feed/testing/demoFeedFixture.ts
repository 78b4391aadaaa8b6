import { DemoFeedSimulator } from '../demoFeedSimulator';
import { type FeedBatch, type FeedMatchState, type FeedStanding, emptyStanding, scheduledMatchState } from '../matchFeed';
import { DEMO_SCORE_COMPETITIONS, type DemoCompetitionSpec } from '../world/demoCompetitions';
import { type DemoWorld, buildDemoWorld } from '../world/demoWorld';

/**
 * The demo feed's set-up for tests (not used at run time): one world a test file, a simulator
 * stepped over wall time without a timer, and rows that start from what the feed itself starts
 * from (a match before kick-off, a team before its first game) so a test names only what it plants.
 */

let world: DemoWorld | undefined;

/** The demo world, built once a test file (building it takes a moment). */
export function demoWorld(): DemoWorld {
  world ??= buildDemoWorld();
  return world;
}

/** The demo competitions by name, as the consistency checks look them up. */
export const DEMO_SPECS: ReadonlyMap<string, DemoCompetitionSpec> = new Map(DEMO_SCORE_COMPETITIONS.map((spec) => [spec.name_zh, spec]));

export interface DemoFeedRun {
  start: Date;
  seed: number;
  /** Simulated ms per wall ms. */
  speed: number;
  /** Wall time played from `start`, a batch every `stepSeconds` (the first at `start`). */
  wallMinutes: number;
  stepSeconds: number;
  pastHours?: number;
  futureHours?: number;
}

/** The batches of a fresh simulator (no timer) stepped from `run.start` over `run.wallMinutes`. */
export function playDemoFeed(run: DemoFeedRun): FeedBatch[] {
  const simulator = new DemoFeedSimulator({ seed: run.seed, speed: run.speed, world: demoWorld(), tickMs: null, pastHours: run.pastHours ?? 0, futureHours: run.futureHours ?? 1 });
  const batches: FeedBatch[] = [];
  for (let second = 0; second <= run.wallMinutes * 60; second += run.stepSeconds) batches.push(simulator.advanceTo(new Date(run.start.getTime() + second * 1_000)));
  return batches;
}

/** A finished match 'm' at 0-0 with nothing else, but for `fields`. */
export function matchStateOf(fields: Partial<FeedMatchState>): FeedMatchState {
  return { ...scheduledMatchState('m'), status: 'finished', ...fields };
}

/** Team `teamKey`'s line in group A组 before its first game, but for `fields`. */
export function standingOf(teamKey: string, fields: Partial<FeedStanding>): FeedStanding {
  return { ...emptyStanding(teamKey, 'A组'), ...fields };
}

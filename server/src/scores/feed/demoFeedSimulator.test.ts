import { describe, expect, it, vi } from 'vitest';
import { DemoFeedSimulator } from './demoFeedSimulator';
import type { FeedBatch, FeedMatchState } from './matchFeed';
import { demoWorld, playDemoFeed } from './testing/demoFeedFixture';

const START = new Date('2026-03-01T04:00:00Z');
const MINUTE = 60_000;
const world = demoWorld();

/** Runs a simulator from START for `minutes` wall minutes in steps of `stepMinutes`. */
function run({ minutes, stepMinutes, ...options }: { seed: number; speed?: number; minutes: number; stepMinutes: number; pastHours?: number; futureHours?: number }): FeedBatch[] {
  return playDemoFeed({ start: START, speed: 1, ...options, wallMinutes: minutes, stepSeconds: stepMinutes * 60 });
}

/** Every event, in order within each match (matches interleave differently with other tick rates). */
const eventKeys = (batches: FeedBatch[]) =>
  batches
    .flatMap((batch) => batch.events.map((event) => `${event.matchKey} ${event.occurred_at.toISOString()} ${event.key} ${event.kind} ${event.side} ${event.player_zh} ${event.home_score}-${event.away_score}`))
    .sort();

describe('DemoFeedSimulator', () => {
  it('produces the same events and prices from the same seed, whatever the tick rate', () => {
    const fine = run({ seed: 11, minutes: 240, stepMinutes: 1 });
    const again = run({ seed: 11, minutes: 240, stepMinutes: 1 });
    const coarse = run({ seed: 11, minutes: 240, stepMinutes: 30 });
    expect(eventKeys(again)).toEqual(eventKeys(fine));
    expect(eventKeys(coarse)).toEqual(eventKeys(fine));
    const prices = (batches: FeedBatch[]) => batches.flatMap((batch) => batch.odds.map((quote) => `${quote.key} ${quote.home} ${quote.draw} ${quote.away} ${quote.line}`)).sort();
    expect(prices(coarse)).toEqual(prices(fine));
    expect(eventKeys(fine).length).toBeGreaterThan(500);
  });

  it('plays a different day from another seed', () => {
    const finals = (seed: number) =>
      run({ seed, minutes: 240, stepMinutes: 10 })
        .flatMap((batch) => batch.states)
        .filter((state) => state.status === 'finished')
        .map((state) => `${state.home_score}-${state.away_score}`);
    expect(finals(12)).not.toEqual(finals(11));
  });

  it('keeps a realistic day going: rates of goals, cards and points, matches live all day', () => {
    const simulator = new DemoFeedSimulator({ seed: 5, speed: 1, world, tickMs: null, pastHours: 0, futureHours: 3 });
    const finals = new Map<string, FeedMatchState>();
    const live = new Map<string, FeedMatchState>();
    const liveCounts = { football: [] as number[], basketball: [] as number[] };
    let fixtures = 0;
    // A simulated day and a half (the first hours only warm up), in 5-minute steps.
    for (let minute = 0; minute <= 36 * 60; minute += 5) {
      const batch = simulator.advanceTo(new Date(START.getTime() + minute * MINUTE));
      fixtures += batch.fixtures.length;
      for (const state of batch.states) {
        if (state.status === 'finished') {
          finals.set(state.key, state);
          live.delete(state.key);
        } else if (state.status !== 'scheduled') live.set(state.key, state);
      }
      if (minute >= 4 * 60) {
        for (const sport of ['football', 'basketball'] as const) liveCounts[sport].push([...live.keys()].filter((key) => key.includes(sport)).length);
      }
    }
    const football = [...finals].filter(([key]) => key.includes(':football:')).map(([, state]) => state);
    const basketball = [...finals].filter(([key]) => key.includes(':basketball:')).map(([, state]) => state);
    const mean = (states: FeedMatchState[], value: (state: FeedMatchState) => number) => states.reduce((sum, state) => sum + value(state), 0) / states.length;

    expect(fixtures).toBeGreaterThan(140);
    // March: the leagues only (the European and Asian cups' league phases are over, the World Cup is in June).
    expect(football.length).toBeGreaterThan(70);
    expect(basketball.length).toBeGreaterThan(40);
    // Real averages: ~2.7 goals, ~3.8 yellows, ~0.2 reds, ~10 corners a football match.
    expect(mean(football, (state) => state.home_score + state.away_score)).toBeGreaterThan(2.3);
    expect(mean(football, (state) => state.home_score + state.away_score)).toBeLessThan(3.2);
    expect(mean(football, (state) => state.home_yellow + state.away_yellow)).toBeGreaterThan(3);
    expect(mean(football, (state) => state.home_yellow + state.away_yellow)).toBeLessThan(4.8);
    expect(mean(football, (state) => state.home_red + state.away_red)).toBeGreaterThan(0.05);
    expect(mean(football, (state) => state.home_red + state.away_red)).toBeLessThan(0.45);
    expect(mean(football, (state) => state.home_corner + state.away_corner)).toBeGreaterThan(7);
    // ~200 points a basketball game (NBA more, FIBA less); quarters add up to the score.
    expect(mean(basketball, (state) => state.home_score + state.away_score)).toBeGreaterThan(180);
    expect(mean(basketball, (state) => state.home_score + state.away_score)).toBeLessThan(230);
    for (const state of basketball) {
      expect(state.period_scores.length).toBeGreaterThanOrEqual(4);
      expect(state.period_scores.reduce((sum, [home]) => sum + home, 0)).toBe(state.home_score);
      expect(state.home_score).not.toBe(state.away_score);
    }
    // Several of each live at any time.
    expect(Math.min(...liveCounts.football)).toBeGreaterThanOrEqual(2);
    expect(mean(liveCounts.football.map((count) => ({ home_score: count }) as FeedMatchState), (state) => state.home_score)).toBeGreaterThan(4);
    expect(Math.min(...liveCounts.basketball)).toBeGreaterThanOrEqual(1);
  });

  it('moves the 1X2 prices towards the side that scores', () => {
    const batches = run({ seed: 3, minutes: 180, stepMinutes: 1, futureHours: 0.5 });
    const events = batches.flatMap((batch) => batch.events);
    const quotes = batches.flatMap((batch) => batch.odds).filter((quote) => quote.market === 'europe' && quote.company_id === 3);
    const goals = events.filter((event) => event.kind === 'goal' && event.home_score + event.away_score === 1);
    expect(goals.length).toBeGreaterThan(3);
    for (const goal of goals) {
      const before = quotes.filter((quote) => quote.matchKey === goal.matchKey && quote.recorded_at <= goal.occurred_at).at(-1);
      const after = quotes.find((quote) => quote.matchKey === goal.matchKey && quote.recorded_at > goal.occurred_at);
      if (before === undefined || after === undefined) continue;
      const scorer = goal.side === 'home' ? 'home' : 'away';
      expect(after[scorer]).toBeLessThan(before[scorer]);
    }
    // Prices exist before kick-off too (opening and drift).
    expect(quotes.some((quote) => quote.status === 'scheduled')).toBe(true);
  });

  it('announces the upcoming schedule and sends teams and seasons once', () => {
    const simulator = new DemoFeedSimulator({ seed: 1, speed: 60, world, tickMs: null, pastHours: 1, futureHours: 6 });
    const first = simulator.advanceTo(START);
    const second = simulator.advanceTo(new Date(START.getTime() + 1_000));
    expect(first.teams.length).toBe(world.teams.size);
    expect(first.seasons.length).toBe(world.competitions.length);
    expect(second.teams).toEqual([]);
    expect(second.seasons).toEqual([]);
    expect(first.fixtures.some((fixture) => fixture.kickoff_at > START)).toBe(true);
    expect(new Set(first.fixtures.map((fixture) => fixture.key)).size).toBe(first.fixtures.length);
    for (const fixture of first.fixtures) {
      expect(fixture.homeKey).not.toBe(fixture.awayKey);
      expect(fixture.intel.home_recent.length).toBeGreaterThan(0);
    }
  });
});

describe('DemoFeedSimulator start and stop', () => {
  it('a stop() during the first tick leaves no timer behind: nothing is delivered after it', async () => {
    const simulator = new DemoFeedSimulator({ seed: 3, speed: 60, world, tickMs: 20, pastHours: 0, futureHours: 1 });
    const ticks = vi.spyOn(simulator, 'advanceTo');
    let delivered = 0;
    let releaseFirst: () => void = () => undefined;
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const started = simulator.start(async () => {
      delivered += 1;
      if (delivered === 1) await firstHeld;
    });
    // The server shuts down while the first batch is still being stored.
    const stopped = simulator.stop();
    releaseFirst();
    await Promise.all([started, stopped]);
    expect(delivered).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(ticks).toHaveBeenCalledTimes(1);
  });
});

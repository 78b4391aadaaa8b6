import { describe, expect, it } from 'vitest';
import type { FeedBatch, FeedMatchEvent, FeedMatchState } from '../matchFeed';
import { demoWorld, playDemoFeed } from '../testing/demoFeedFixture';
import { fixtureBestOf } from '../world/seasonCalendar';
import { gamesToWin } from './seriesModel';

const START = new Date('2026-03-01T04:00:00Z');
const world = demoWorld();

/** A simulator at 10x (a simulated day in 2.4 wall hours) stepped over `hours` wall hours. */
function run(seed: number, hours: number, stepMinutes: number): FeedBatch[] {
  return playDemoFeed({ start: START, seed, speed: 10, wallMinutes: hours * 60, stepSeconds: stepMinutes * 60, pastHours: 6, futureHours: 2 });
}

const lastStates = (batches: FeedBatch[]) => {
  const states = new Map<string, FeedMatchState>();
  for (const batch of batches) for (const state of batch.states) states.set(state.key, state);
  return states;
};

describe('series simulation (esports and snooker)', () => {
  const batches = run(7, 3, 1);
  const fixtures = batches.flatMap((batch) => batch.fixtures);
  const events = batches.flatMap((batch) => batch.events);
  const states = lastStates(batches);
  const specs = new Map(world.competitions.map((competition) => [competition.spec.name_zh, competition.spec]));
  const bestOf = (fixture: (typeof fixtures)[number]) => {
    const spec = specs.get(fixture.competition.name_zh);
    return spec === undefined ? 3 : fixtureBestOf(spec, fixture.kickoff_at);
  };

  it('plans esports and general fixtures beside football and basketball', () => {
    const sports = new Set(fixtures.map((fixture) => fixture.sport));
    expect(sports).toEqual(new Set(['football', 'basketball', 'esports', 'general']));
    expect(new Set(fixtures.filter((fixture) => fixture.sport === 'esports').map((fixture) => fixture.competition.name_zh)).size).toBeGreaterThanOrEqual(2);
  });

  it('ends each finished series when a side has won the majority of its best-of', () => {
    const series = fixtures.filter((fixture) => fixture.sport === 'esports' || fixture.sport === 'general');
    const finished = series.map((fixture) => ({ fixture, state: states.get(fixture.key) })).filter(({ state }) => state?.status === 'finished');
    expect(finished.length).toBeGreaterThan(3);
    for (const { fixture, state } of finished) {
      if (state === undefined) continue;
      const needed = gamesToWin(bestOf(fixture));
      expect(Math.max(state.home_score, state.away_score)).toBe(needed);
      expect(Math.min(state.home_score, state.away_score)).toBeLessThan(needed);
      // One entry of period_scores a game played.
      expect(state.period_scores.length).toBe(state.home_score + state.away_score);
      expect(state.home_red + state.away_red + state.home_yellow + state.away_yellow).toBe(0);
    }
  });

  it('tells each game: start, end with the winner and the series score after it, highlights in between', () => {
    const byMatch = new Map<string, FeedMatchEvent[]>();
    for (const event of events) if (event.matchKey.includes(':esports:') || event.matchKey.includes(':general:')) byMatch.set(event.matchKey, [...(byMatch.get(event.matchKey) ?? []), event]);
    const finishedKeys = [...byMatch.keys()].filter((key) => states.get(key)?.status === 'finished');
    expect(finishedKeys.length).toBeGreaterThan(0);
    for (const key of finishedKeys) {
      const list = byMatch.get(key) ?? [];
      const ends = list.filter((event) => event.kind === 'game_end');
      expect(list.filter((event) => event.kind === 'game_start').length).toBe(ends.length);
      let home = 0;
      let away = 0;
      for (const end of ends) {
        if (end.side === 'home') home += 1;
        else away += 1;
        expect([end.home_score, end.away_score]).toEqual([home, away]);
      }
      expect(list.at(-1)?.kind).toBe('fulltime');
    }
    expect(events.some((event) => event.kind === 'highlight' && event.detail === 'first_blood' && event.player_zh !== null)).toBe(true);
    expect(events.some((event) => event.kind === 'highlight' && event.detail === 'break' && (event.points ?? 0) >= 50)).toBe(true);
  });

  it('gives a snooker frame to the player with more points in it', () => {
    const snooker = fixtures.filter((fixture) => fixture.sport === 'general');
    for (const fixture of snooker) {
      const ends = events.filter((event) => event.matchKey === fixture.key && event.kind === 'game_end');
      const state = states.get(fixture.key);
      for (const end of ends) {
        const [home, away] = state?.period_scores[(end.period ?? 1) - 1] ?? [0, 0];
        expect(end.side === 'home' ? home > away : away > home).toBe(true);
      }
    }
  });

  it('scores snooker frames as snooker: 0-147 a player, at most 147 together, no clock', () => {
    const snooker = fixtures.filter((fixture) => fixture.sport === 'general');
    expect(snooker.length).toBeGreaterThan(0);
    const frames = snooker.flatMap((fixture) => states.get(fixture.key)?.period_scores ?? []);
    expect(frames.length).toBeGreaterThan(10);
    for (const [home, away] of frames) {
      expect(home).toBeGreaterThanOrEqual(0);
      expect(away).toBeGreaterThanOrEqual(0);
      expect(home + away).toBeLessThanOrEqual(147);
    }
    const finishedFrames = snooker.flatMap((fixture) => {
      const state = states.get(fixture.key);
      return state === undefined ? [] : state.period_scores.slice(0, state.home_score + state.away_score);
    });
    const totals = finishedFrames.map(([home, away]) => home + away);
    const average = totals.reduce((sum, total) => sum + total, 0) / totals.length;
    expect(average).toBeGreaterThan(60);
    expect(average).toBeLessThan(140);
    for (const fixture of snooker) expect(states.get(fixture.key)?.minute ?? null).toBeNull();
    const snookerEvents = events.filter((event) => event.matchKey.includes(':general:'));
    expect(snookerEvents.every((event) => event.minute === null)).toBe(true);
    expect(snookerEvents.filter((event) => event.kind === 'highlight').every((event) => (event.points ?? 0) >= 50 && (event.points ?? 0) <= 147)).toBe(true);
  });

  it('plays the same series whatever the tick rate', () => {
    const coarse = run(7, 3, 20);
    const keys = (list: FeedBatch[]) => list.flatMap((batch) => batch.events.filter((event) => !event.matchKey.includes(':football:') && !event.matchKey.includes(':basketball:')).map((event) => `${event.key} ${event.kind} ${event.home_score}-${event.away_score}`)).sort();
    expect(keys(coarse)).toEqual(keys(batches));
  });
});

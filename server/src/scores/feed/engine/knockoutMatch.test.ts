import { describe, expect, it } from 'vitest';
import type { FeedMatchEvent, FeedMatchState } from '../matchFeed';
import { checkKnockoutResult } from '../testing/consistency';
import { demoWorld } from '../testing/demoFeedFixture';
import { worldTeam } from '../world/demoWorld';
import { FootballSimulation } from './footballSimulation';
import type { PlannedFixture } from './schedule';

const world = demoWorld();
const worldCup = world.competitions.find((competition) => competition.spec.name_zh === '国际足联世界杯');
const FOUR_HOURS_MS = 4 * 3_600_000;

/** One World Cup match between two of its teams, played to the end in real time; a knockout or not. */
function play(index: number, knockout: boolean): { state: FeedMatchState; events: FeedMatchEvent[] } {
  if (worldCup === undefined) throw new Error('no World Cup in the demo world');
  const [homeKey, awayKey] = [worldCup.teamKeys[index % 48] ?? '', worldCup.teamKeys[(index * 7 + 1) % 48] ?? ''];
  const fixture: PlannedFixture = {
    key: `test:knockout:${index}`,
    sport: 'football',
    competition: worldCup,
    homeKey,
    awayKey,
    kickoffAt: new Date('2026-07-01T00:00:00Z'),
    round_zh: knockout ? '1/16决赛' : 'A组',
    standingsGroup: knockout ? null : 'A组',
    bestOf: 1,
    ...(knockout ? { knockout: true } : {}),
  };
  const events: FeedMatchEvent[] = [];
  const simulation = new FootballSimulation(fixture, { seed: 1, speed: 1 }, worldTeam(world, homeKey), worldTeam(world, awayKey));
  simulation.advance(FOUR_HOURS_MS, { event: (event) => events.push(event), odds: () => undefined, statistics: () => undefined });
  return { state: simulation.state(), events };
}

describe('a knockout match (extra time, penalties)', () => {
  const matches = Array.from({ length: 160 }, (_, index) => ({ index, group: play(index, false), knockout: play(index, true) }));

  it('plays the same 90 minutes as any match; decided ones end there, as before', () => {
    for (const { group, knockout } of matches) {
      const ninety = (events: FeedMatchEvent[]) => events.filter((event) => (event.period ?? 1) <= 2 && event.kind !== 'fulltime');
      expect(ninety(knockout.events)).toEqual(ninety(group.events));
      expect(group.state.home_penalty_score).toBeNull();
      if (group.state.home_score !== group.state.away_score) expect(knockout.state).toEqual(group.state);
    }
  });

  it('after a level 90 minutes plays extra time to 120 and, still level, a shoot-out with a winner', () => {
    const level = matches.filter(({ group }) => group.state.home_score === group.state.away_score);
    expect(level.length).toBeGreaterThan(10);
    for (const { index, knockout } of level) {
      const { state, events } = knockout;
      expect(checkKnockoutResult(`match ${index}`, state, events)).toEqual([]);
      expect(events.at(-1)).toMatchObject({ kind: 'fulltime', minute: 120 });
      for (const event of events.filter((candidate) => candidate.period === 3 || candidate.period === 4)) {
        expect(event.minute ?? 0).toBeGreaterThanOrEqual(event.period === 3 ? 91 : 106);
        expect(event.minute ?? 0).toBeLessThanOrEqual(event.period === 3 ? 105 : 120);
      }
      const shootout = state.home_penalty_score !== null;
      expect(shootout).toBe(state.home_score === state.away_score);
      expect(events.at(-1)?.detail).toBe(shootout ? 'penalties' : 'extra_time');
      if (!shootout) continue;
      const [home, away] = [state.home_penalty_score ?? 0, state.away_penalty_score ?? 0];
      expect(home).not.toBe(away);
      // Over five kicks each a side can lead by at most five; in sudden death by one.
      expect(Math.abs(home - away)).toBeLessThanOrEqual(Math.max(home, away) > 5 ? 1 : 5);
    }
    // Both endings happen.
    expect(level.some(({ knockout }) => knockout.state.home_penalty_score !== null)).toBe(true);
    expect(level.some(({ knockout }) => knockout.state.home_penalty_score === null)).toBe(true);
  });

  it('plays the same match again from the same seed (stable across restarts)', () => {
    for (const { index, knockout } of matches.slice(0, 20)) expect(play(index, true)).toEqual(knockout);
  });
});

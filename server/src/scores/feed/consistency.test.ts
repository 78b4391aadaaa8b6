import { describe, expect, it } from 'vitest';
import type { FeedFixture } from './matchFeed';
import { checkBasketball, checkFeed, checkFootball, checkGroupStage, checkSeries, checkSquad, checkTable, checkTableAgainstResults, recordOf } from './testing/consistency';
import { DEMO_SPECS, matchStateOf, playDemoFeed, standingOf } from './testing/demoFeedFixture';

/** A first start on 6 December 2026 (China 11:00), as e2e runs it: FEED_SEED=1, FEED_SPEED=60. */
const START = new Date('2026-12-06T03:00:00Z');

/** 20 wall minutes = 20 simulated hours, a batch every 20 s (20 simulated minutes). */
const run = () => playDemoFeed({ start: START, seed: 1, speed: 60, wallMinutes: 20, stepSeconds: 20, pastHours: 24, futureHours: 6 });

describe('the demo feed is believable (every sport it produces, first start on 6 December 2026)', () => {
  const record = recordOf(run());
  const finished = (sport: string) => [...record.fixtures.values()].filter((fixture) => fixture.sport === sport && record.states.get(fixture.key)?.status === 'finished');

  it('finds nothing impossible: scores, periods, frames, series, tables, dates', () => {
    expect(checkFeed(record, DEMO_SPECS)).toEqual([]);
  });

  it('covers every sport, with finished matches of each, and the World Cup group stage as results', () => {
    for (const sport of ['football', 'basketball', 'esports', 'general']) expect(finished(sport).length, sport).toBeGreaterThan(0);
    const worldCup = finished('football').filter((fixture) => fixture.competition.name_zh === '国际足联世界杯');
    expect(worldCup).toHaveLength(72);
    expect(worldCup.every((fixture) => fixture.kickoff_at.toISOString() >= '2026-06-10' && fixture.kickoff_at.toISOString() < '2026-06-28')).toBe(true);
  });

  it('plays in December only what is on in December', () => {
    const names = new Set([...record.fixtures.values()].filter((fixture) => fixture.kickoff_at >= START).map((fixture) => fixture.competition.name_zh));
    for (const off of ['国际足联世界杯', '中国足球协会超级联赛', '英雄联盟职业联赛', '英雄联盟全球总决赛']) expect(names.has(off), off).toBe(false);
    for (const on of ['英格兰足球超级联赛', '欧洲冠军联赛', '美国职业篮球联赛', '中国男子篮球职业联赛', '世界斯诺克巡回赛']) expect(names.has(on), on).toBe(true);
    const snooker = [...record.fixtures.values()].filter((fixture) => fixture.sport === 'general');
    expect(snooker.every((fixture) => fixture.round_zh.startsWith('英国锦标赛'))).toBe(true);
  });

  it('starts the tables where a real season is in early December', () => {
    const premier = record.seasons.find((season) => season.competition.name_zh === '英格兰足球超级联赛');
    expect(premier?.name).toBe('2026-2027');
    for (const standing of premier?.standings ?? []) expect(standing.played).toBe(15);
    const nba = record.seasons.find((season) => season.competition.name_zh === '美国职业篮球联赛');
    for (const standing of nba?.standings ?? []) expect(standing.played).toBeGreaterThanOrEqual(20);
  });
});

describe('the consistency checks catch planted impossibilities', () => {
  it('snooker: a 334-26 frame, a frame to the player behind, a minute clock, a series past its majority', () => {
    const frames = matchStateOf({ home_score: 6, away_score: 2, period_scores: [[334, 26], [71, 20], [80, 12], [64, 30], [90, 1], [70, 40], [10, 60], [5, 77]] });
    expect(checkSeries('s', frames, [], 11, true)).toEqual([expect.stringContaining('frame 1 scored 334-26')]);
    const wrongWinner = checkSeries('s', matchStateOf({ home_score: 1, away_score: 0, status: 'live', period_scores: [[40, 70]] }), [{ kind: 'game_end', side: 'home', period: 1, minute: null } as never], 11, true);
    expect(wrongWinner).toEqual([expect.stringContaining('given to home')]);
    expect(checkSeries('s', matchStateOf({ status: 'live', minute: 16, period: 6, period_scores: [[20, 10]] }), [], 11, true)).toEqual([expect.stringContaining('minute clock')]);
    expect(checkSeries('s', matchStateOf({ home_score: 7, away_score: 2, period_scores: Array.from({ length: 9 }, () => [70, 20] as [number, number]) }), [], 11, true)).toEqual([
      expect.stringContaining('finished 7-2 in a best of 11'),
    ]);
  });

  it('basketball: quarters not adding up, an overtime after a decided game, a draw', () => {
    expect(checkBasketball('b', matchStateOf({ home_score: 100, away_score: 90, period_scores: [[25, 20], [25, 20], [25, 25], [20, 25]] }), 12)).toEqual([expect.stringContaining('periods add up to 95-90')]);
    expect(checkBasketball('b', matchStateOf({ home_score: 110, away_score: 96, period_scores: [[25, 20], [25, 20], [25, 25], [25, 25], [10, 6]] }), 12)).toEqual([expect.stringContaining('overtime 1 played after 100-90')]);
    expect(checkBasketball('b', matchStateOf({ home_score: 90, away_score: 90, period_scores: [[25, 20], [25, 20], [20, 25], [20, 25]] }), 10)).toEqual([expect.stringContaining('finished level')]);
  });

  it('football: a score its goals do not make, a half-time score above the final one', () => {
    const goal = { kind: 'goal', side: 'home', minute: 30, extra_minute: null } as never;
    expect(checkFootball('f', matchStateOf({ home_score: 2, away_score: 0, home_half_score: 1, away_half_score: 0 }), [goal])).toEqual([expect.stringContaining('goals 1-0')]);
    expect(checkFootball('f', matchStateOf({ home_score: 1, away_score: 0, home_half_score: 2, away_half_score: 0 }), [goal])).toEqual([expect.stringContaining('half-time 2-0')]);
  });

  it('tables: points that are not 3/1/0, unbalanced goals, a table that is not its results', () => {
    expect(checkTable('t', [standingOf('a', { played: 1, won: 1, points: 1, goals_for: 1 }), standingOf('b', { played: 1, lost: 1, goals_against: 1 })], true)).toEqual([expect.stringContaining('1 points for 1-0-0')]);
    expect(checkTable('t', [standingOf('a', { played: 1, won: 1, points: 3, goals_for: 2 }), standingOf('b', { played: 1, lost: 1, goals_against: 1 })], true)).toEqual([expect.stringContaining('2 scored but 1 conceded')]);
    // A World Cup team on 4-5 games in a group of four.
    const results = [{ homeKey: 'a', awayKey: 'b', home: 1, away: 0 }];
    expect(checkTableAgainstResults('t', [standingOf('a', { played: 5, won: 1, drawn: 4, points: 7, goals_for: 1 })], results)).toContainEqual(expect.stringContaining('played 5, the results say 1'));
  });

  it('formats and dates: a group of four with a fifth game, a World Cup match in December', () => {
    const fixture = (homeKey: string, awayKey: string, kickoff = '2026-06-12T00:00:00Z'): FeedFixture =>
      ({ key: `${homeKey}-${awayKey}-${kickoff}`, sport: 'football', competition: { sport: 'football', name_zh: '国际足联世界杯' }, season_name: '2026', round_zh: 'A组', standingsGroup: 'A组', homeKey, awayKey, kickoff_at: new Date(kickoff) }) as FeedFixture;
    const six = [fixture('a', 'b'), fixture('c', 'd'), fixture('a', 'c'), fixture('d', 'b'), fixture('d', 'a'), fixture('b', 'c')];
    expect(checkGroupStage('wc', six)).toEqual([]);
    expect(checkGroupStage('wc', [...six, fixture('a', 'b', '2026-06-20T00:00:00Z')])).toEqual([expect.stringContaining('7 matches')]);
    const december = fixture('a', 'b', '2026-12-06T12:00:00Z');
    const planted = { fixtures: new Map([[december.key, december]]), states: new Map(), events: new Map(), seasons: [] };
    expect(checkFeed(planted, DEMO_SPECS)).toEqual([expect.stringContaining('outside its season')]);
  });

  it('squads: a player with more games than his team, players scoring more than the team, regulars without games', () => {
    expect(checkSquad('t', 15, 30, [{ name_zh: 'x', appearances: 16, goals: 1 }])).toContainEqual(expect.stringContaining('16 appearances, the team played 15'));
    expect(checkSquad('t', 15, 3, [{ name_zh: 'x', appearances: 15, goals: 4 }])).toContainEqual(expect.stringContaining('scored 4, the team 3'));
    expect(checkSquad('t', 15, 30, Array.from({ length: 11 }, (_, index) => ({ name_zh: `p${index}`, appearances: index === 0 ? 15 : 1, goals: 0 })))).toEqual([
      expect.stringContaining('hardly anyone'),
    ]);
  });
});

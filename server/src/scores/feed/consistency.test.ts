import { describe, expect, it } from 'vitest';
import type { FeedFixture, FeedMatchState } from './matchFeed';
import { type FeedRecord, checkBasketball, checkFeed, checkFootball, checkGroupStage, checkKnockoutResult, checkKnockoutStage, checkSeries, checkSquad, checkTable, checkTableAgainstResults, knockoutQualifiers, recordOf } from './testing/consistency';
import { DEMO_SPECS, matchStateOf, playDemoFeed, standingOf } from './testing/demoFeedFixture';
import { centreRecordOf, checkBasketballCentre, checkFootballCentre, checkFootballEvents } from './testing/centreConsistency';

/** A first start on 6 December 2026 (China 11:00), as e2e runs it: FEED_SEED=1, FEED_SPEED=60. */
const START = new Date('2026-12-06T03:00:00Z');

/** 20 wall minutes = 20 simulated hours, a batch every 20 s (20 simulated minutes). */
const run = () => playDemoFeed({ start: START, seed: 1, speed: 60, wallMinutes: 20, stepSeconds: 20, pastHours: 24, futureHours: 6 });

describe('the demo feed is believable (every sport it produces, first start on 6 December 2026)', () => {
  const batches = run();
  const record = recordOf(batches);
  const finished = (sport: string) => [...record.fixtures.values()].filter((fixture) => fixture.sport === sport && record.states.get(fixture.key)?.status === 'finished');

  it('finds nothing impossible: scores, periods, frames, series, tables, dates', () => {
    expect(checkFeed(record, DEMO_SPECS)).toEqual([]);
  });

  it('covers every sport, with finished matches of each, and the World Cup group stage as results', () => {
    for (const sport of ['football', 'basketball', 'esports', 'general']) expect(finished(sport).length, sport).toBeGreaterThan(0);
    const worldCup = finished('football').filter((fixture) => fixture.competition.name_zh === '国际足联世界杯' && fixture.standingsGroup !== null);
    expect(worldCup).toHaveLength(72);
    expect(worldCup.every((fixture) => fixture.kickoff_at.toISOString() >= '2026-06-10' && fixture.kickoff_at.toISOString() < '2026-06-28')).toBe(true);
  });

  it('plays the World Cup on to its final: 32 knockout matches from 28 June to 19 July (China), in no table, one champion', () => {
    const knockouts = finished('football').filter((fixture) => fixture.competition.name_zh === '国际足联世界杯' && fixture.standingsGroup === null);
    expect(knockouts).toHaveLength(32);
    const china = (fixture: FeedFixture) => new Date(fixture.kickoff_at.getTime() + 8 * 3_600_000).toISOString().slice(5, 10);
    const days = (round: string) => knockouts.filter((fixture) => fixture.round_zh === round).map(china);
    expect(new Set(days('1/16决赛'))).toEqual(new Set(['06-28', '06-29', '06-30', '07-01', '07-02', '07-03']));
    expect(new Set(days('1/8决赛'))).toEqual(new Set(['07-04', '07-05', '07-06', '07-07']));
    expect(new Set(days('1/4决赛'))).toEqual(new Set(['07-09', '07-10', '07-11']));
    expect(days('半决赛')).toEqual(['07-14', '07-15']);
    expect(days('季军赛')).toEqual(['07-18']);
    expect(days('决赛')).toEqual(['07-19']);
    // The feed's seed 1 draws level matches: some go to extra time, some to penalties, each with a winner.
    const states = knockouts.map((fixture) => record.states.get(fixture.key));
    expect(states.some((state) => state?.home_penalty_score !== null)).toBe(true);
    expect(knockouts.some((fixture) => record.events.get(fixture.key)?.some((event) => event.kind === 'fulltime' && event.detail === 'extra_time'))).toBe(true);
    for (const fixture of knockouts) expect(checkKnockoutResult(fixture.key, record.states.get(fixture.key), record.events.get(fixture.key) ?? [])).toEqual([]);
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

  it('gives every match played in the window a match centre that adds up (issue 36): shot map goals = score, players = team, minutes, threes beyond the arc', () => {
    const centre = centreRecordOf(batches);
    // The World Cup's knockouts (played in June and July, sent in the first batch) have theirs; its group stage is results only.
    const worldCup = finished('football').filter((fixture) => fixture.competition.name_zh === '国际足联世界杯');
    expect(worldCup.filter((fixture) => centre.lineups.has(fixture.key)).map((fixture) => fixture.key)).toEqual(worldCup.filter((fixture) => fixture.standingsGroup === null).map((fixture) => fixture.key));
    const played = (sport: string) => finished(sport).filter((fixture) => centre.lineups.has(fixture.key));
    // Those decided on penalties among them: the shoot-out's kicks are no shots, the shot map's goals are the 120 minutes' score.
    expect(played('football').some((fixture) => record.states.get(fixture.key)?.home_penalty_score !== null)).toBe(true);
    expect(played('football').length).toBeGreaterThan(10);
    expect(played('basketball').length).toBeGreaterThan(10);
    const problems = [
      ...played('football').flatMap((fixture) => checkFootballCentre(fixture.key, record.states.get(fixture.key) as FeedMatchState, centre)),
      ...played('basketball').flatMap((fixture) => checkBasketballCentre(fixture, record.states.get(fixture.key) as FeedMatchState, centre, DEMO_SPECS.get(fixture.competition.name_zh)?.periodMinutes ?? 12)),
    ];
    expect(problems).toEqual([]);
    const shots = played('football').flatMap((fixture) => centre.actions.get(fixture.key) ?? []).filter((action) => action.kind === 'shot');
    // Own goals and penalties happen in a day of football; xG is believable (about 0.1 a shot).
    expect(shots.some((shot) => shot.situation === 'penalty')).toBe(true);
    const meanXg = shots.reduce((sum, shot) => sum + (shot.xg ?? 0), 0) / shots.length;
    expect(meanXg).toBeGreaterThan(0.06);
    expect(meanXg).toBeLessThan(0.2);
  });

  it('gives every football event of the match centre its second, team, player and place on the pitch: cards, substitutions and fouls too, each by a player on the pitch then (issue 36)', () => {
    const centre = centreRecordOf(batches);
    const played = finished('football').filter((fixture) => centre.lineups.has(fixture.key));
    const actions = played.flatMap((fixture) => centre.actions.get(fixture.key) ?? []);
    for (const kind of ['card', 'substitution', 'foul'] as const) expect(actions.some((action) => action.kind === kind), kind).toBe(true);
    expect(actions.some((action) => action.kind === 'card' && action.card !== 'yellow')).toBe(true);
    // The checks of checkFootballCentre, and the walk of who is on the pitch, on every match played.
    expect(played.flatMap((fixture) => checkFootballEvents(fixture.key, centre.actions.get(fixture.key) ?? [], centre.lineups.get(fixture.key) ?? []))).toEqual([]);
    // A substitute coming on twice, a sent-off player fouling: the walk catches them.
    const fixture = played.find((entry) => (centre.actions.get(entry.key) ?? []).some((action) => action.kind === 'substitution'));
    const list = centre.actions.get(fixture?.key ?? '') ?? [];
    const change = list.find((action) => action.kind === 'substitution');
    if (fixture === undefined || change === undefined) throw new Error('no substitution');
    expect(checkFootballEvents(fixture.key, [...list, { ...change, key: 'again' }], centre.lineups.get(fixture.key) ?? []).length).toBeGreaterThan(0);
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

  it('knockouts: a loser who plays on, a non-qualifier in the round of 32, a draw without penalties, a final before the semi-finals', () => {
    const record = recordOf(playDemoFeed({ start: START, seed: 1, speed: 60, wallMinutes: 0, stepSeconds: 20 }));
    const worldCup = [...record.fixtures.values()].filter((fixture) => fixture.competition.name_zh === '国际足联世界杯');
    const groups = worldCup.filter((fixture) => fixture.standingsGroup !== null);
    const knockouts = worldCup.filter((fixture) => fixture.standingsGroup === null);
    const check = (fixtures: FeedFixture[], planted: Pick<FeedRecord, 'states' | 'events'> = record) => checkKnockoutStage('wc', groups, fixtures, planted);
    expect(check(knockouts)).toEqual([]);
    const round = (name: string) => knockouts.filter((fixture) => fixture.round_zh === name);
    const loserOf = (fixture: FeedFixture) => {
      const state = record.states.get(fixture.key);
      const homeWon = state !== undefined && (state.home_score > state.away_score || (state.home_score === state.away_score && (state.home_penalty_score ?? 0) > (state.away_penalty_score ?? 0)));
      return homeWon ? fixture.awayKey : fixture.homeKey;
    };
    // A loser of the round of 32 takes a place in the round of 16.
    const [first] = round('1/8决赛');
    const loser = loserOf(round('1/16决赛')[0] as FeedFixture);
    const playsOn = knockouts.map((fixture) => (fixture === first ? { ...fixture, homeKey: loser } : fixture));
    expect(check(playsOn)).toContainEqual(expect.stringMatching(/1\/8决赛: .* lost in 1\/16决赛 and plays on/));
    // A fourth-placed team in the round of 32.
    const { qualifiers } = knockoutQualifiers(groups, record.states);
    const outsider = groups.flatMap((fixture) => [fixture.homeKey, fixture.awayKey]).find((team) => !qualifiers.has(team)) ?? '';
    const opening = round('1/16决赛')[0] as FeedFixture;
    expect(check(knockouts.map((fixture) => (fixture === opening ? { ...fixture, awayKey: outsider } : fixture)))).toContainEqual(expect.stringContaining('is not among the top two and eight best thirds'));
    // A final level after 120 minutes with no shoot-out.
    const final = round('决赛')[0] as FeedFixture;
    const finalState = record.states.get(final.key) as FeedMatchState;
    const drawn = new Map(record.states).set(final.key, { ...finalState, away_score: finalState.home_score, home_penalty_score: null, away_penalty_score: null });
    expect(check(knockouts, { states: drawn, events: record.events })).toContainEqual(expect.stringContaining('without penalties'));
    // The final played before the semi-finals.
    const early = knockouts.map((fixture) => (fixture === final ? { ...fixture, kickoff_at: new Date('2026-07-12T03:00:00Z') } : fixture));
    expect(check(early)).toContainEqual(expect.stringContaining('决赛: starts 2026-07-12'));
  });

  it('squads: a player with more games than his team, players scoring more than the team, regulars without games', () => {
    expect(checkSquad('t', 15, 30, [{ name_zh: 'x', appearances: 16, goals: 1 }])).toContainEqual(expect.stringContaining('16 appearances, the team played 15'));
    expect(checkSquad('t', 15, 3, [{ name_zh: 'x', appearances: 15, goals: 4 }])).toContainEqual(expect.stringContaining('scored 4, the team 3'));
    expect(checkSquad('t', 15, 30, Array.from({ length: 11 }, (_, index) => ({ name_zh: `p${index}`, appearances: index === 0 ? 15 : 1, goals: 0 })))).toEqual([
      expect.stringContaining('hardly anyone'),
    ]);
  });
});

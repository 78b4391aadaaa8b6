import { CommentaryPageSchema, type MatchRow, MatchPageSchema } from '@sports/shared/server';
import { Value } from 'typebox/value';
import { beforeAll, expect, it } from 'vitest';
import { createManualClock } from '../infra/clock';
import { chinaDate } from '../infra/chinaTime';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { LIVE_TEST_START, LiveTestClient, liveFeedTestOptions, playFeed, until } from './feed/testing/liveTestKit';

/** Esports and general (snooker) series through the database, the schedule, the commentary and the socket. */
describeEachDatabase('series sports (esports, general)', (target) => {
  const clock = createManualClock(LIVE_TEST_START);
  const ctx = useTestApp(target, { app: { live: { feed: liveFeedTestOptions(clock, { pastHours: 6 }) } } });
  const today = chinaDate(LIVE_TEST_START);
  const allMatch = async (payload: object) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/hot_match/all_match', payload: { date: today, page_size: 100, ...payload } });
    const body = response.json();
    expect(body.code).toBe(200);
    expect(Value.Errors(MatchPageSchema, body.data)).toEqual([]);
    return body.data.list as MatchRow[];
  };

  beforeAll(async () => {
    // Two simulated hours at 60x.
    await playFeed(ctx.app, clock, 120_000);
  });

  it('schedules esports (type 3) and general (type 4) matches, each of its own sport, with game scores', async () => {
    const esports = await allMatch({ sport: 'esports' });
    const general = await allMatch({ sport: 'general' });
    expect(esports.length).toBeGreaterThan(3);
    expect(general.length).toBeGreaterThan(1);
    expect(esports.every((row) => row.sport === 'esports')).toBe(true);
    expect(general.every((row) => row.sport === 'general')).toBe(true);
    // March: the LPL and KPL are on; the world championship (S赛) is played in September-November.
    expect(new Set(esports.map((row) => row.competition_short_zh))).toEqual(new Set(['LPL', 'KPL']));
    const finished = [...esports, ...general].filter((row) => row.status === 'finished');
    expect(finished.length).toBeGreaterThan(0);
    for (const row of finished) {
      expect(row.match_str).toBe('完场');
      expect(row.period_scores).toHaveLength(row.home_score + row.away_score);
    }
    for (const row of esports.filter((match) => match.status === 'live')) expect(row.match_str).toMatch(/^第\d+局( \d+'|结束)$/);
    // A snooker match is at its event's venue (March: the Players Championship in Telford), not a player's "home".
    const detail = (await ctx.app.inject({ url: `/api/scores/match?match_id=${general[0]?.match_id}` })).json();
    expect(detail.data.match.round_zh).toMatch(/^球员锦标赛/);
    expect(detail.data.venue_zh).toBe('特尔福德国际中心');
    // Snooker has no clock: the frame being played, and its points (0-147 a player) beside it.
    for (const row of general.filter((match) => match.status === 'live')) {
      expect(row.match_str).toMatch(/^第\d+局$/);
      for (const [home, away] of row.period_scores) expect(home + away).toBeLessThanOrEqual(147);
    }
  });

  it('writes the commentary of a series: games started and won with the series score', async () => {
    const [finished] = (await allMatch({ sport: 'esports', status: 'finished' })).filter((row) => row.home_score + row.away_score >= 2);
    expect(finished).toBeDefined();
    if (finished === undefined) return;
    const response = await ctx.app.inject({ url: '/api/hot_match/getRobot', query: { match_id: String(finished.match_id), page_size: '100' } });
    const page = response.json().data;
    expect(Value.Errors(CommentaryPageSchema, page)).toEqual([]);
    const texts = (page.list as { kind: string; text: string }[]).map((line) => `${line.kind} ${line.text}`);
    expect(texts[0]).toMatch(/^fulltime 全场比赛结束/);
    expect(texts.some((text) => text.startsWith('game_start 第1局开始'))).toBe(true);
    expect(texts.filter((text) => text.startsWith('game_end'))).toHaveLength(finished.home_score + finished.away_score);
    expect(texts).toContain(`game_end ${finished.home_score > finished.away_score ? finished.home_team_name_zh : finished.away_team_name_zh} 拿下第${finished.home_score + finished.away_score}局！大比分 ${finished.home_team_name_zh} ${finished.home_score}-${finished.away_score} ${finished.away_team_name_zh}`);
    expect(texts.some((text) => /^highlight (一血！|.+推掉一座防御塔|.+拿下小龙|.+拿下大龙)/.test(text))).toBe(true);
  });

  it('sends live esports and general rows on their own streams', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const client = new LiveTestClient(`${address.replace('http', 'ws')}/ws/live-data`);
    try {
      await playFeed(ctx.app, clock, 30_000);
      await until(() => client.of('esports_match').some((frame) => frame.data.length > 0), 'an esports_match frame');
      const rows = client.of('esports_match').flatMap((frame) => frame.data);
      expect(rows.every((row) => row.sport === 'esports')).toBe(true);
    } finally {
      client.close();
    }
  });
});

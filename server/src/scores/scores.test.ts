import {
  CommentaryPageSchema,
  ExponentListSchema,
  IntelligenceSchema,
  MatchDetailSchema,
  MatchEventPageSchema,
  type MatchRow,
  MatchPageSchema,
  MatchStatisticListSchema,
  OddsHistoryPageSchema,
  ScoreCompetitionListSchema,
  SeasonTableSchema,
} from '@sports/shared/server';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { beforeAll, expect, it } from 'vitest';
import { issueSession } from '../accounts/sessions/sessions';
import { createManualClock } from '../infra/clock';
import { LIVE_TEST_START, liveFeedTestOptions, playFeed } from './feed/testing/liveTestKit';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { chinaDate } from '../infra/chinaTime';
import { MAX_FAVORITES } from './favorites';
import { DEMO_SCORE_COMPETITIONS } from './feed/world/demoCompetitions';
import { roundsPlayedAt } from './feed/world/seasonCalendar';
import { errors } from '../infra/http/errorCatalogue';

describeEachDatabase('scores endpoints', (target) => {
  const clock = createManualClock(LIVE_TEST_START);
  const ctx = useTestApp(target, { app: { live: { feed: liveFeedTestOptions(clock) }, accountOverrides: { clock } } });
  const today = chinaDate(LIVE_TEST_START);
  let finishedFootball: MatchRow;

  const get = async (url: string, query: Record<string, string | number> = {}, headers: Record<string, string> = {}) => {
    const response = await ctx.app.inject({ url, query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])), headers });
    return { status: response.statusCode, body: response.json() };
  };
  const post = async (url: string, payload: object, headers: Record<string, string> = {}) => {
    const response = await ctx.app.inject({ method: 'POST', url, payload, headers });
    return { status: response.statusCode, body: response.json() };
  };
  const data = <Schema extends TSchema>(schema: Schema, body: { code: number; data: unknown }) => {
    expect(body.code).toBe(200);
    expect(Value.Errors(schema, body.data)).toEqual([]);
    return body.data as never;
  };
  const allMatch = async (payload: object) => (await post('/api/hot_match/all_match', { date: today, ...payload })).body;

  beforeAll(async () => {
    // Two simulated hours at 60x: matches finished, in play, and to come.
    await playFeed(ctx.app, clock, 120_000);
    const finished = await allMatch({ sport: 'football', status: 'finished', page_size: 100 });
    finishedFootball = finished.data.list.find((row: MatchRow) => row.home_score + row.away_score > 0 && row.competition_short_zh === '英超') ?? finished.data.list[0];
  });

  it('lists a day of the schedule, filtered and paginated', async () => {
    const all = data(MatchPageSchema, await allMatch({ page_size: 100 })) as { list: MatchRow[]; total: number };
    expect(all.total).toBeGreaterThan(10);
    expect(new Set(all.list.map((row) => row.status))).toEqual(new Set(['finished', 'live', 'scheduled', ...(all.list.some((row) => row.status === 'halftime') ? ['halftime'] : [])]));
    const kickoffs = all.list.map((row) => row.kickoff_at);
    expect(kickoffs).toEqual([...kickoffs].sort());

    const pages = [];
    for (let page = 1; page <= Math.ceil(all.total / 7); page += 1) pages.push(...(await allMatch({ page, page_size: 7 })).data.list.map((row: MatchRow) => row.match_id));
    expect(pages).toEqual(all.list.map((row) => row.match_id));

    const live = (await allMatch({ status: 'live', page_size: 100 })).data;
    expect(live.list.length).toBeGreaterThan(0);
    expect(live.list.every((row: MatchRow) => row.status === 'live' || row.status === 'halftime')).toBe(true);
    const basketball = (await allMatch({ sport: 'basketball', page_size: 100 })).data.list as MatchRow[];
    expect(basketball.every((row) => row.sport === 'basketball' && row.match_str !== '')).toBe(true);
    const one = (await allMatch({ competition_id: finishedFootball.competition_id, page_size: 100 })).data.list as MatchRow[];
    expect(one.every((row) => row.competition_id === finishedFootball.competition_id)).toBe(true);
    expect((await allMatch({ date: '2020-01-01' })).data).toEqual({ list: [], total: 0, page: 1, page_size: 20 });
  });

  it.each([
    [{ status: 'playing' }, 'status 取值无效'],
    [{ page_size: 0 }, 'page_size 不能小于 1'],
    [{ page_size: 101 }, 'page_size 不能大于 100'],
    [{ page: '2' }, 'page 类型错误'],
    [{ date: '2026/03/01' }, 'date 格式错误'],
    [{ sport: 'curling' }, 'sport 取值无效'],
    [{ limit: 5 }, '不支持的参数 limit'],
  ])('refuses all_match %j naming the field', async (payload, msg) => {
    expect(await post('/api/hot_match/all_match', payload)).toEqual({ status: 400, body: { code: 1, msg, data: null, reason: 'VALIDATION' } });
  });

  it('refuses an impossible date', async () => {
    expect((await post('/api/hot_match/all_match', { date: '2026-02-30' })).body).toEqual({ code: 1, msg: errors.SCORES_BAD_DATE.message, data: null, reason: 'SCORES_BAD_DATE' });
  });

  it('recommends matches of hot competitions, in play first', async () => {
    const page = data(MatchPageSchema, (await get('/api/hot_match/recommend', { page_size: 50 })).body) as { list: MatchRow[] };
    expect(page.list.length).toBeGreaterThan(0);
    expect(page.list.every((row) => row.hot && row.status !== 'finished')).toBe(true);
    const firstScheduled = page.list.findIndex((row) => row.status === 'scheduled');
    if (firstScheduled >= 0) expect(page.list.slice(firstScheduled).every((row) => row.status === 'scheduled')).toBe(true);
    expect((await get('/api/hot_match/recommend', { sport: 'basketball' })).body.data.list.every((row: MatchRow) => row.sport === 'basketball')).toBe(true);
  });

  it('writes the commentary of a match, newest first', async () => {
    const page = data(CommentaryPageSchema, (await get('/api/hot_match/getRobot', { match_id: finishedFootball.match_id, page_size: 100 })).body) as {
      list: { text: string; kind: string; occurred_at: string }[];
    };
    expect(page.list[0]?.kind).toBe('fulltime');
    expect(page.list.at(-1)?.text).toContain('比赛开始');
    expect(page.list.filter((line) => line.kind === 'goal').every((line) => /球进了|点球命中|乌龙球/.test(line.text))).toBe(true);
    expect(page.list.some((line) => line.text.includes(finishedFootball.home_team_name_zh))).toBe(true);
    expect((await get('/api/hot_match/getRobot', { match_id: 99_999_999 })).body).toEqual({ code: 1, msg: errors.SCORES_MATCH_NOT_FOUND.message, data: null, reason: 'SCORES_MATCH_NOT_FOUND' });
    expect((await get('/api/hot_match/getRobot')).body).toEqual({ code: 1, msg: '缺少参数 match_id', data: null, reason: 'VALIDATION' });
  });

  it('answers a match: detail, events, statistics, odds with history, intelligence', async () => {
    const id = finishedFootball.match_id;
    const detail = data(MatchDetailSchema, (await get('/api/scores/match', { match_id: id })).body) as { match: MatchRow; season_name: string };
    expect(detail.match).toEqual(finishedFootball);
    expect(detail.season_name).toMatch(/^\d{4}-\d{4}$/);

    const events = data(MatchEventPageSchema, (await get('/api/scores/events', { match_id: id })).body) as { list: { kind: string; home_score: number; away_score: number }[] };
    expect(events.list[0]?.kind).toBe('kickoff');
    expect(events.list.at(-1)).toMatchObject({ kind: 'fulltime', home_score: finishedFootball.home_score, away_score: finishedFootball.away_score });
    expect(events.list.filter((event) => event.kind === 'goal')).toHaveLength(finishedFootball.home_score + finishedFootball.away_score);

    const statistics = data(MatchStatisticListSchema, (await get('/api/scores/statistics', { match_id: id })).body) as { kind: string; name_zh: string; home: number; away: number }[];
    expect(statistics.find((row) => row.kind === 'possession')).toMatchObject({ name_zh: '控球率' });
    expect(statistics.find((row) => row.kind === 'corners')).toMatchObject({ home: finishedFootball.home_corner, away: finishedFootball.away_corner });

    const odds = data(ExponentListSchema, (await get('/api/scores/odds', { match_id: id })).body) as { company_id: number; europe: { open: { draw: number | null } } }[];
    expect(odds.map((row) => row.company_id)).toEqual([1, 3, 8]);
    expect(odds[0]?.europe.open.draw).toBeGreaterThan(1);
    const history = data(OddsHistoryPageSchema, (await get('/api/scores/odds_history', { match_id: id, company_id: 3, market: 'europe', page_size: 100 })).body) as {
      list: { status: string; recorded_at: string }[];
      total: number;
    };
    expect(history.total).toBeGreaterThan(3);
    expect(history.list.map((row) => row.recorded_at)).toEqual(history.list.map((row) => row.recorded_at).sort());
    expect(history.list.some((row) => row.status === 'scheduled') && history.list.some((row) => row.status === 'live')).toBe(true);
    expect((await get('/api/scores/odds_history', { match_id: id, company_id: 3, market: 'corners' })).body.msg).toBe('market 取值无效');

    const intelligence = data(IntelligenceSchema, (await get('/api/scores/intelligence', { match_id: id })).body) as { home_recent: unknown[]; head_to_head: unknown[] };
    expect(intelligence.home_recent).toHaveLength(5);
    expect(intelligence.head_to_head.length).toBeGreaterThanOrEqual(3);

    for (const url of ['/api/scores/match', '/api/scores/events', '/api/scores/statistics', '/api/scores/odds', '/api/scores/intelligence']) {
      expect((await get(url, { match_id: 99_999_999 })).body).toEqual({ code: 1, msg: errors.SCORES_MATCH_NOT_FOUND.message, data: null, reason: 'SCORES_MATCH_NOT_FOUND' });
    }
    expect((await get('/api/scores/match', { match_id: 'abc' })).body).toEqual({ code: 1, msg: 'match_id 类型错误', data: null, reason: 'VALIDATION' });
  });

  it('shows the season table, updated by finished matches', async () => {
    const premier = (await get('/api/scores/competitions', { sport: 'football' })).body.data.find((competition: { short_name_zh: string }) => competition.short_name_zh === '英超');
    const table = data(SeasonTableSchema, (await get('/api/Football/season_table', { competition_id: premier.id })).body) as {
      groups: { rows: { position: number; points: number; played: number; team_id: number }[] }[];
    };
    const rows = table.groups[0]?.rows ?? [];
    expect(rows).toHaveLength(20);
    expect(rows.map((row) => row.position)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(rows.map((row) => row.points)).toEqual([...rows.map((row) => row.points)].sort((a, b) => b - a));
    // The seeded table had the rounds a real season has played by then; a finished league match counts once for each side.
    const premierSpec = DEMO_SCORE_COMPETITIONS.find((spec) => spec.name_zh === '英格兰足球超级联赛');
    expect(premierSpec).toBeDefined();
    const seeded = premierSpec === undefined ? 0 : roundsPlayedAt(premierSpec, LIVE_TEST_START);
    expect(seeded).toBeGreaterThan(20);
    expect(rows.find((row) => row.team_id === finishedFootball.home_team_id)?.played).toBe(seeded + 1);

    const competitions = data(ScoreCompetitionListSchema, (await get('/api/scores/competitions')).body) as { id: number; short_name_zh: string }[];
    const asian = competitions.find((competition) => competition.short_name_zh === '亚冠');
    expect(((await get('/api/Football/season_table', { competition_id: asian?.id ?? 0 })).body.data.groups as { group_name: string }[]).map((group) => group.group_name)).toEqual(['东亚区', '西亚区']);
    expect((await get('/api/Football/season_table', { competition_id: 99_999 })).body.msg).toBe(errors.SCORES_COMPETITION_NOT_FOUND.message);
    const lpl = (await ctx.db.selectFrom('competition').select('id').where('short_name_zh', '=', 'LPL').executeTakeFirstOrThrow()).id;
    expect((await get('/api/Football/season_table', { competition_id: lpl })).body.msg).toBe(errors.SCORES_NO_STANDINGS.message);
    expect((await get('/api/scores/companies')).body.data).toEqual([
      { id: 1, name_zh: '澳门' },
      { id: 3, name_zh: '皇冠' },
      { id: 8, name_zh: 'Bet365' },
    ]);
  });

  it('favourites a match for a signed-in user only', async () => {
    const user = await ctx.db.insertInto('app_user').values({ mobile: `86-1370000${target.name === 'embedded' ? '1' : '2'}001`, user_nickname: '球迷', avatar: '' }).returning('id').executeTakeFirstOrThrow();
    const { token } = await issueSession(ctx.db, user.id, 3_600, clock());
    const collect = (payload: object, headers: Record<string, string> = { token }) => post('/api/Basketballuser/collect', payload, headers);

    expect((await collect({ match_id: finishedFootball.match_id, collect: 1 }, {})).body.code).toBe(700);
    expect((await collect({ match_id: finishedFootball.match_id, collect: 1 })).body).toEqual({ code: 200, msg: '', data: { match_id: finishedFootball.match_id, collect: 1 } });
    expect((await collect({ match_id: finishedFootball.match_id, collect: 1 })).body.code).toBe(200);
    const favorites = (await get('/api/scores/favorites', {}, { token })).body.data;
    expect(favorites).toMatchObject({ total: 1, list: [{ match_id: finishedFootball.match_id }] });
    expect((await collect({ match_id: finishedFootball.match_id, collect: 0 })).body.data.collect).toBe(0);
    expect((await get('/api/scores/favorites', {}, { token })).body.data.total).toBe(0);
    expect((await collect({ match_id: 99_999_999, collect: 1 })).body.msg).toBe(errors.SCORES_MATCH_NOT_FOUND.message);
    expect(await collect({ match_id: finishedFootball.match_id, collect: 2 })).toEqual({ status: 400, body: { code: 1, msg: 'collect 取值无效', data: null, reason: 'VALIDATION' } });
    expect((await get('/api/scores/favorites')).body.code).toBe(700);
    expect(MAX_FAVORITES).toBeGreaterThan(100);
  });
});

import { HotMatchListSchema, SearchResultSchema } from '@sports/shared/server';
import { Value } from 'typebox/value';
import { expect, it } from 'vitest';
import { DEMO_COMPETITIONS } from './seedCompetitions';
import { describeEachDatabase, useTestApp } from '../testing/testApp';

describeEachDatabase('sports routes', (target) => {
  const ctx = useTestApp(target);
  const searchFor = async (name: string) => {
    const response = await ctx.app.inject({ url: '/api/Search/index', query: { name } });
    return { status: response.statusCode, body: response.json() };
  };
  const competitionCount = async () =>
    (await ctx.db.selectFrom('competition').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

  it('answers the 10 hottest competitions, hottest first', async () => {
    const { code, data } = (await ctx.app.inject('/api/hot_match/initial_list')).json();
    expect(code).toBe(200);
    expect(Value.Check(HotMatchListSchema, data)).toBe(true);
    const expected = DEMO_COMPETITIONS.filter((competition) => competition.hot_rank !== null)
      .sort((a, b) => (a.hot_rank ?? 0) - (b.hot_rank ?? 0))
      .slice(0, 10)
      .map((competition) => competition.short_name_zh);
    expect(data.map((match: { short_name_zh: string }) => match.short_name_zh)).toEqual(expected);
    expect(data[0]).toMatchObject({ sport: 'football', short_name_zh: '英超' });
  });

  it('finds competitions by short or full name, case-insensitively', async () => {
    const byShort = await searchFor('英超');
    expect(byShort.status).toBe(200);
    expect(Value.Check(SearchResultSchema, byShort.body.data)).toBe(true);
    expect(byShort.body.data.competitions.map((match: { short_name_zh: string }) => match.short_name_zh)).toEqual(['英超']);

    const byFull = await searchFor('篮球');
    expect(byFull.body.data.competitions.map((match: { short_name_zh: string }) => match.short_name_zh)).toEqual(['NBA', 'CBA', '欧篮联']);
    expect((await searchFor('nba')).body.data.competitions).toHaveLength(1);
  });

  it.each([
    ["' OR 1=1--", 0],
    ["';DROP TABLE competition;--".slice(0, 10), 0],
    ["英超' --", 0],
    ['<script>', 0],
    ['%', 0],
    ['_', 0],
    ['\\', 0],
  ])('treats %j as plain text', async (name, expected) => {
    const { status, body } = await searchFor(name as string);
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(body.data.competitions).toHaveLength(expected as number);
    expect(await competitionCount()).toBe(DEMO_COMPETITIONS.length);
  });

  it('matches literal wildcards only where they really occur', async () => {
    await ctx.db.insertInto('competition').values({ sport: 'general', name_zh: '测试_100%赛', short_name_zh: '100%杯', hot_rank: null }).execute();
    try {
      expect((await searchFor('100%')).body.data.competitions.map((match: { short_name_zh: string }) => match.short_name_zh)).toEqual(['100%杯']);
      expect((await searchFor('_')).body.data.competitions).toHaveLength(1);
    } finally {
      await ctx.db.deleteFrom('competition').where('name_zh', '=', '测试_100%赛').execute();
    }
  });

  it('echoes script text back as data, JSON-encoded', async () => {
    const response = await ctx.app.inject({ url: '/api/Search/index', query: { name: '<b>x</b>' } });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().data.competitions).toEqual([]);
  });

  it.each([
    [{ name: '12345678901' }, 'name 长度不能超过 10 个字符'],
    [{ name: '' }, 'name 不能为空'],
    [{}, '缺少参数 name'],
    [{ name: ['a', 'b'] }, 'name 类型错误'],
  ])('rejects query %j naming the field', async (query, msg) => {
    const response = await ctx.app.inject({ url: '/api/Search/index', query });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 1, msg, data: null, reason: 'VALIDATION' });
  });
});

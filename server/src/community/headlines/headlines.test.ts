import {
  HeadlineCategoryListSchema,
  HeadlineDetailSchema,
  HeadlineHistoryPageSchema,
  HeadlinePageSchema,
  OpsHeadlinePageSchema,
  OpsHeadlinePreviewSchema,
  OpsHeadlineSchema,
  PortalFeedSchema,
} from '@sports/shared/server';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { errors } from '../../infra/http/errorCatalogue';
import { type TestUser, createMatch, createUser } from '../../live/testing/roomsTestKit';
import { TEST_OPS_TOKEN, scratchReleases } from '../../rollouts/testing/releaseFixtures';
import { DEFAULT_HALT_POLICY } from '../../rollouts/releaseHealth';
import { LIVE_TEST_START, liveFeedTestOptions, playFeed } from '../../scores/feed/testing/liveTestKit';
import { createManualClock } from '../../testing/accounts';
import { describeEachDatabase, useTestApp } from '../../testing/testApp';
import { VIEW_WINDOW_MS } from './headlines';
import { REPORT_AUTHOR, coverPath, writeMatchReports } from './matchReports';
import { PREVIEW_AUTHOR, previewCoverPath, writeColumns, writePreviews } from './demoArticles';

const OPS = { 'x-ops-token': TEST_OPS_TOKEN, 'x-ops-actor': '编辑小王' };
const UPLOAD = '/uploads/0123456789abcdef0123456789abcdef.png';

describeEachDatabase('community: headlines (categories, lists, detail, reads, likes, history, ops editor, match reports, portal)', (target) => {
  const clock = createManualClock(LIVE_TEST_START);
  const ctx = useTestApp(target, {
    app: { live: { feed: liveFeedTestOptions(clock) }, accountOverrides: { clock }, releases: scratchReleases(DEFAULT_HALT_POLICY) },
  });

  const call = async (method: 'GET' | 'POST', url: string, options: { payload?: object; headers?: Record<string, string>; as?: TestUser; ip?: string } = {}) => {
    const response = await ctx.app.inject({
      method,
      url,
      ...(options.payload === undefined ? {} : { payload: options.payload }),
      headers: { ...options.as?.headers, ...options.headers },
      ...(options.ip === undefined ? {} : { remoteAddress: options.ip }),
    });
    return { status: response.statusCode, ...(response.json() as { code: number; msg: string; data: never; reason?: string }) };
  };
  const get = (url: string, options: { as?: TestUser; headers?: Record<string, string>; ip?: string } = {}) => call('GET', url, options);
  const post = (url: string, payload: object, options: { as?: TestUser; headers?: Record<string, string> } = {}) => call('POST', url, { ...options, payload });
  const data = <Schema extends TSchema>(schema: Schema, answer: { code: number; data: unknown; msg?: string }) => {
    expect(answer.code, answer.msg).toBe(200);
    expect(Value.Errors(schema, answer.data)).toEqual([]);
    return answer.data as never;
  };
  const refusal = (entry: { reason: string }) => ({ code: 1, reason: entry.reason });
  const validation = { status: 400, code: 1, reason: errors.VALIDATION.reason };

  let counter = 0;
  const article = (overrides: Record<string, unknown> = {}) => ({ title: `测试文章 ${++counter}`, category: 'esports', body: `正文 ${counter}\n\n第二段`, ...overrides });
  /** Creates and publishes an article (the clock moves a second first: distinct publication times). */
  const published = async (overrides: Record<string, unknown> = {}) => {
    clock.advance(1_000);
    const created = data(OpsHeadlineSchema, await post('/api/ops/headlines', article(overrides), { headers: OPS })) as { id: number };
    data(OpsHeadlineSchema, await post(`/api/ops/headlines/${created.id}/state`, { state: 'published' }, { headers: OPS }));
    return created.id;
  };

  beforeAll(async () => {
    // Two simulated hours of the demo feed: some matches finished.
    await playFeed(ctx.app, clock, 120_000);
    // The seed is dated by the real clock at migration; the test clock is in March 2026: date the
    // seed a year back so the articles of these tests are the newest, as they would be live.
    await ctx.db.updateTable('headline').set({ published_at: sql`published_at - interval '1 year'` }).where('source', '=', 'seed').execute();
  });

  it('classifyList: the seeded categories in order', async () => {
    const list = data(HeadlineCategoryListSchema, await get('/api/Headlines/classifyList')) as Array<{ key: string; name: string }>;
    expect(list.map((category) => [category.key, category.name])).toEqual([
      ['football', '足球'],
      ['basketball', '篮球'],
      ['esports', '电竞'],
      ['general', '综合'],
    ]);
  });

  it('out of the box: the evergreen seed is published in every category, and its articles open', async () => {
    const seeds = await ctx.db.selectFrom('headline').select(['id', 'category_id']).where('source', '=', 'seed').where('state', '=', 'published').execute();
    expect(seeds.length).toBeGreaterThanOrEqual(5);
    expect(new Set(seeds.map((seed) => seed.category_id)).size).toBe(4);
    for (const key of ['football', 'basketball', 'esports', 'general']) {
      const page = data(HeadlinePageSchema, await get(`/api/Headlines/getList?category=${key}&page_size=50`)) as { list: Array<{ category: string }> };
      expect(page.list.length, key).toBeGreaterThan(0);
      expect(page.list.every((item) => item.category === key)).toBe(true);
    }
    const detail = data(HeadlineDetailSchema, await get(`/api/Headlines/detail?id=${seeds[0]?.id}`)) as { body_html: string; source: string };
    expect(detail.source).toBe('seed');
    expect(detail.body_html).toMatch(/^<h3>/);
  });

  it('ops routes need the ops token (none, a wrong one, a member session: 403)', async () => {
    const member = await createUser(ctx.db);
    const attempts: Array<[string, string, object | undefined]> = [
      ['GET', '/api/ops/headlines', undefined],
      ['GET', '/api/ops/headlines/1', undefined],
      ['POST', '/api/ops/headlines', article()],
      ['POST', '/api/ops/headlines/1', article()],
      ['POST', '/api/ops/headlines/1/state', { state: 'published' }],
      ['POST', '/api/ops/headlines/preview', { body: 'x' }],
    ];
    for (const [method, url, payload] of attempts) {
      for (const headers of [{}, { 'x-ops-token': 'wrong-token-0123456789' }, member.headers]) {
        const answer = await call(method as 'GET' | 'POST', url, { headers, ...(payload === undefined ? {} : { payload }) });
        expect(answer, `${method} ${url}`).toMatchObject({ status: 403, ...refusal(errors.OPS_FORBIDDEN) });
      }
    }
    expect(await ctx.db.selectFrom('headline').select('id').where('source', '=', 'editor').execute()).toEqual([]);
  });

  it('ops create: bad input is refused, naming the problem; nothing is written', async () => {
    const matchId = await createMatch(ctx.db, LIVE_TEST_START);
    const cases: Array<[Record<string, unknown>, object]> = [
      [{ title: '' }, validation],
      [{ title: '   ' }, refusal(errors.HEADLINE_TITLE_BLANK)],
      [{ title: '长'.repeat(81) }, validation],
      [{ body: '' }, validation],
      [{ body: ' \n ' }, refusal(errors.HEADLINE_BODY_BLANK)],
      [{ body: 'x'.repeat(20_001) }, validation],
      [{ category: 'cricket' }, refusal(errors.HEADLINE_CATEGORY_UNKNOWN)],
      [{ category: 'Bad Key' }, validation],
      [{ cover: 'https://evil.example/a.png' }, refusal(errors.HEADLINE_BAD_COVER)],
      [{ cover: 'javascript:alert(1)' }, refusal(errors.HEADLINE_BAD_COVER)],
      [{ cover: '/uploads/../x.png' }, refusal(errors.HEADLINE_BAD_COVER)],
      [{ related_match_ids: [matchId, 999_999_999] }, refusal(errors.HEADLINE_MATCH_NOT_FOUND)],
      [{ related_match_ids: [1, 2, 3, 4, 5, 6] }, validation],
      [{ related_match_ids: [matchId, matchId] }, validation],
      [{ related_match_ids: [0] }, validation],
      [{ summary: 's'.repeat(201) }, validation],
      [{ state: 'published' }, validation],
      [{ title: 'a\u0000b' }, validation],
    ];
    const before = await ctx.db.selectFrom('headline').select(ctx.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const [overrides, expected] of cases) {
      expect(await post('/api/ops/headlines', article(overrides), { headers: OPS }), JSON.stringify(overrides)).toMatchObject(expected);
    }
    const { category: _category, ...withoutCategory } = article();
    expect(await post('/api/ops/headlines', withoutCategory, { headers: OPS })).toMatchObject(validation);
    const after = await ctx.db.selectFrom('headline').select(ctx.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    for (const bad of ['/api/ops/headlines/0', '/api/ops/headlines/abc']) expect(await get(bad, { headers: OPS })).toMatchObject(validation);
    expect(await get('/api/ops/headlines/999999999', { headers: OPS })).toMatchObject(refusal(errors.HEADLINE_NOT_FOUND));
    expect(await post('/api/ops/headlines/999999999', article(), { headers: OPS })).toMatchObject(refusal(errors.HEADLINE_NOT_FOUND));
    expect(await post('/api/ops/headlines/999999999/state', { state: 'published' }, { headers: OPS })).toMatchObject(refusal(errors.HEADLINE_NOT_FOUND));
    expect(await post('/api/ops/headlines/1/state', { state: 'deleted' }, { headers: OPS })).toMatchObject(validation);
  });

  it('ops: a draft is not public; publishing puts it first, with the safe body; edits, unpublish and hide are audited', async () => {
    const matchId = await createMatch(ctx.db, LIVE_TEST_START, 'finished');
    clock.advance(1_000);
    const created = data(
      OpsHeadlineSchema,
      await post('/api/ops/headlines', { ...article({ category: 'football' }), title: '  周末前瞻  ', body: '# 看点\n\n**强强对话** <script>alert(1)</script>', cover: UPLOAD, related_match_ids: [matchId] }, { headers: OPS }),
    ) as { id: number; state: string; title: string; summary: string; author: string; source: string; published_at: string | null };
    expect(created).toMatchObject({ state: 'draft', title: '周末前瞻', author: '编辑小王', source: 'editor', published_at: null });
    expect(created.summary).toBe('看点 强强对话 <script>alert(1)</script>');
    expect(await get(`/api/Headlines/detail?id=${created.id}`)).toMatchObject(refusal(errors.HEADLINE_NOT_FOUND));
    const notListed = (await get('/api/Headlines/getList?page_size=100')).data as { list: Array<{ id: number }> };
    expect(notListed.list.map((item) => item.id)).not.toContain(created.id);

    // Preview: rendered exactly as the article page will.
    const preview = data(OpsHeadlinePreviewSchema, await post('/api/ops/headlines/preview', { body: '# 看点\n\n**强强对话** <script>alert(1)</script>' }, { headers: OPS })) as { body_html: string };
    expect(preview.body_html).toBe('<h2>看点</h2>\n<p><strong>强强对话</strong> &lt;script&gt;alert(1)&lt;/script&gt;</p>');

    clock.advance(60_000);
    const publishedAt = clock().toISOString();
    const live = data(OpsHeadlineSchema, await post(`/api/ops/headlines/${created.id}/state`, { state: 'published' }, { headers: OPS })) as { state: string; published_at: string };
    expect(live).toMatchObject({ state: 'published', published_at: publishedAt });
    const football = data(HeadlinePageSchema, await get('/api/Headlines/getList?category=football&page_size=5')) as { list: Array<{ id: number }> };
    expect(football.list[0]?.id).toBe(created.id);
    const detail = data(HeadlineDetailSchema, await get(`/api/Headlines/detail?id=${created.id}`)) as Record<string, unknown>;
    expect(detail).toMatchObject({
      id: created.id,
      title: '周末前瞻',
      cover: UPLOAD,
      category: 'football',
      category_name: '足球',
      author: '编辑小王',
      published_at: publishedAt,
      view_count: 0,
      like_count: 0,
      comment_count: 0,
      source: 'editor',
      liked: false,
      body_html: preview.body_html,
      related_matches: [{ id: matchId, home: '主队', away: '客队', score: '0-0', start_time: LIVE_TEST_START.toISOString() }],
    });

    // Publishing again changes nothing (no second audit row); an edit keeps state and date.
    await post(`/api/ops/headlines/${created.id}/state`, { state: 'published' }, { headers: OPS });
    clock.advance(1_000);
    const edited = data(OpsHeadlineSchema, await post(`/api/ops/headlines/${created.id}`, { ...article({ category: 'football' }), title: '周末前瞻（更新）', summary: '手写摘要', cover: null }, { headers: { ...OPS, 'x-ops-actor': '编辑小李' } })) as Record<string, unknown>;
    expect(edited).toMatchObject({ title: '周末前瞻（更新）', summary: '手写摘要', cover: null, state: 'published', published_at: publishedAt, author: '编辑小李', related_match_ids: [] });

    await post(`/api/ops/headlines/${created.id}/state`, { state: 'draft' }, { headers: OPS });
    expect(await get(`/api/Headlines/detail?id=${created.id}`)).toMatchObject(refusal(errors.HEADLINE_NOT_FOUND));
    await post(`/api/ops/headlines/${created.id}/state`, { state: 'published' }, { headers: OPS });
    expect((await get(`/api/Headlines/detail?id=${created.id}`)).code).toBe(200);
    await post(`/api/ops/headlines/${created.id}/state`, { state: 'hidden' }, { headers: OPS });
    expect(await get(`/api/Headlines/detail?id=${created.id}`)).toMatchObject(refusal(errors.HEADLINE_NOT_FOUND));
    const audit = await ctx.db.selectFrom('headline_audit').select(['action', 'actor']).where('headline_id', '=', created.id).orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'create', actor: '编辑小王' },
      { action: 'publish', actor: '编辑小王' },
      { action: 'edit', actor: '编辑小李' },
      { action: 'unpublish', actor: '编辑小王' },
      { action: 'publish', actor: '编辑小王' },
      { action: 'hide', actor: '编辑小王' },
    ]);

    // The ops list shows every state, newest update first, filterable.
    const hidden = data(OpsHeadlinePageSchema, await get('/api/ops/headlines?state=hidden', { headers: OPS })) as { list: Array<{ id: number; body: string }> };
    expect(hidden.list.map((item) => item.id)).toContain(created.id);
    expect(hidden.list.find((item) => item.id === created.id)?.body).toContain('正文');
    const one = data(OpsHeadlineSchema, await get(`/api/ops/headlines/${created.id}`, { headers: OPS })) as { state: string; title: string };
    expect(one).toMatchObject({ state: 'hidden', title: '周末前瞻（更新）' });
  });

  it('lists page by keyset newest first: pages join to the whole list with no gap or repeat; bad cursors and categories refused', async () => {
    for (let i = 0; i < 5; i++) await published({ category: 'general' });
    const whole = data(HeadlinePageSchema, await get('/api/Headlines/getList?category=general&page_size=100')) as { list: Array<{ id: number; published_at: string }>; next_cursor: string | null };
    expect(whole.next_cursor).toBeNull();
    const times = whole.list.map((item) => item.published_at);
    expect(times).toEqual([...times].sort().reverse());
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = data(HeadlinePageSchema, await get(`/api/Headlines/getList?category=general&page_size=2${cursor === null ? '' : `&cursor=${cursor}`}`)) as { list: Array<{ id: number }>; next_cursor: string | null };
      expect(page.list.length).toBeLessThanOrEqual(2);
      seen.push(...page.list.map((item) => item.id));
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(seen).toEqual(whole.list.map((item) => item.id));
    // All categories together.
    const all = data(HeadlinePageSchema, await get('/api/Headlines/getList?page_size=100')) as { list: Array<{ id: number }> };
    expect(all.list.length).toBeGreaterThan(whole.list.length);

    for (const query of ['cursor=abc', 'cursor=1_0', 'cursor=99999999999999999_1', 'page_size=0', 'page_size=101', 'category=', 'category=UPPER', 'extra=1']) {
      expect(await get(`/api/Headlines/getList?${query}`), query).toMatchObject(validation);
    }
    expect(await get('/api/Headlines/getList?category=cricket')).toMatchObject(refusal(errors.HEADLINE_CATEGORY_UNKNOWN));
    for (const query of ['', 'id=0', 'id=abc', 'id=1.5', 'id=1&x=2']) expect(await get(`/api/Headlines/detail?${query}`), query).toMatchObject(validation);
    expect(await get('/api/Headlines/detail?id=999999999')).toMatchObject(refusal(errors.HEADLINE_NOT_FOUND));
  });

  it('Headlines_user/insert: a guest counts once per address in the window; a member counts once per window and gets a history', async () => {
    const id = await published();
    const views = async () => Number((await ctx.db.selectFrom('headline').select('view_count').where('id', '=', id).executeTakeFirstOrThrow()).view_count);
    expect(await get(`/api/Headlines_user/insert?id=${id}`, { ip: '10.0.0.1' })).toMatchObject({ code: 200, data: { id, view_count: 1 } });
    expect(await get(`/api/Headlines_user/insert?id=${id}`, { ip: '10.0.0.1' })).toMatchObject({ code: 200, data: { id, view_count: 1 } });
    expect(await get(`/api/Headlines_user/insert?id=${id}`, { ip: '10.0.0.2' })).toMatchObject({ code: 200, data: { id, view_count: 2 } });
    const reader = await createUser(ctx.db);
    expect((await get(`/api/Headlines_user/insert?id=${id}`, { as: reader })).data).toEqual({ id, view_count: 3 });
    expect((await get(`/api/Headlines_user/insert?id=${id}`, { as: reader })).data).toEqual({ id, view_count: 3 });
    clock.advance(VIEW_WINDOW_MS + 1_000);
    expect((await get(`/api/Headlines_user/insert?id=${id}`, { ip: '10.0.0.1' })).data).toEqual({ id, view_count: 4 });
    expect((await get(`/api/Headlines_user/insert?id=${id}`, { as: reader })).data).toEqual({ id, view_count: 5 });
    // The article page shows the count.
    expect(((await get(`/api/Headlines/detail?id=${id}`)).data as { view_count: number }).view_count).toBe(5);

    // Concurrent first reads by different members: each counted exactly once.
    const members = await Promise.all(Array.from({ length: 8 }, () => createUser(ctx.db)));
    await Promise.all(members.flatMap((member) => [get(`/api/Headlines_user/insert?id=${id}`, { as: member }), get(`/api/Headlines_user/insert?id=${id}`, { as: member })]));
    expect(await views()).toBe(13);

    // A stale token reads as a guest (no error, no history).
    expect((await get(`/api/Headlines_user/insert?id=${id}`, { headers: { token: 'not-a-token' }, ip: '10.0.0.9' })).code).toBe(200);

    for (const query of ['', 'id=0', 'id=x']) expect(await get(`/api/Headlines_user/insert?${query}`), query).toMatchObject(validation);
    expect(await get('/api/Headlines_user/insert?id=999999999')).toMatchObject(refusal(errors.HEADLINE_NOT_FOUND));
    const draft = data(OpsHeadlineSchema, await post('/api/ops/headlines', article(), { headers: OPS })) as { id: number };
    expect(await get(`/api/Headlines_user/insert?id=${draft.id}`, { as: reader })).toMatchObject(refusal(errors.HEADLINE_NOT_FOUND));
  });

  it('history: login, last read first, by keyset; unpublished articles drop out', async () => {
    const reader = await createUser(ctx.db);
    expect((await get('/api/Headlines_user/history')).code).toBe(700);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await published());
    for (const id of ids) {
      clock.advance(1_000);
      await get(`/api/Headlines_user/insert?id=${id}`, { as: reader });
    }
    // Reading the first again moves it to the top.
    clock.advance(1_000);
    await get(`/api/Headlines_user/insert?id=${ids[0]}`, { as: reader });
    const expected = [ids[0], ids[4], ids[3], ids[2], ids[1]];
    const whole = data(HeadlineHistoryPageSchema, await get('/api/Headlines_user/history?page_size=50', { as: reader })) as { list: Array<{ id: number; read_at: string }> };
    expect(whole.list.map((item) => item.id)).toEqual(expected);
    expect(whole.list[0]?.read_at).toBe(clock().toISOString());
    const paged: number[] = [];
    let cursor: string | null = null;
    do {
      const page = data(HeadlineHistoryPageSchema, await get(`/api/Headlines_user/history?page_size=2${cursor === null ? '' : `&cursor=${cursor}`}`, { as: reader })) as { list: Array<{ id: number }>; next_cursor: string | null };
      paged.push(...page.list.map((item) => item.id));
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(paged).toEqual(expected);
    await post(`/api/ops/headlines/${ids[4]}/state`, { state: 'hidden' }, { headers: OPS });
    const after = (await get('/api/Headlines_user/history?page_size=50', { as: reader })).data as { list: Array<{ id: number }> };
    expect(after.list.map((item) => item.id)).toEqual([ids[0], ids[3], ids[2], ids[1]]);
    // Another member's history is theirs.
    const other = await createUser(ctx.db);
    expect(((await get('/api/Headlines_user/history', { as: other })).data as { list: unknown[] }).list).toEqual([]);
    for (const query of ['cursor=x', 'page_size=0', 'page_size=101']) expect(await get(`/api/Headlines_user/history?${query}`, { as: reader }), query).toMatchObject(validation);
  });

  it('likes: login, a toggle, exact counts under concurrency; the page shows liked', async () => {
    const id = await published();
    expect((await post('/api/Headlines_user/like', { id })).code).toBe(700);
    const fan = await createUser(ctx.db);
    expect((await post('/api/Headlines_user/like', { id }, { as: fan })).data).toEqual({ id, liked: true, like_count: 1 });
    expect(((await get(`/api/Headlines/detail?id=${id}`, { as: fan })).data as { liked: boolean }).liked).toBe(true);
    expect(((await get(`/api/Headlines/detail?id=${id}`)).data as { liked: boolean }).liked).toBe(false);
    expect((await post('/api/Headlines_user/like', { id }, { as: fan })).data).toEqual({ id, liked: false, like_count: 0 });

    const fans = await Promise.all(Array.from({ length: 20 }, () => createUser(ctx.db)));
    await Promise.all(fans.map((member) => post('/api/Headlines_user/like', { id }, { as: member })));
    // One member toggling four times at once ends where it started.
    await Promise.all(Array.from({ length: 4 }, () => post('/api/Headlines_user/like', { id }, { as: fan })));
    const row = await ctx.db.selectFrom('headline').select('like_count').where('id', '=', id).executeTakeFirstOrThrow();
    const likes = await ctx.db.selectFrom('headline_like').select(ctx.db.fn.countAll<number>().as('n')).where('headline_id', '=', id).executeTakeFirstOrThrow();
    expect(Number(row.like_count)).toBe(20);
    expect(Number(likes.n)).toBe(20);

    for (const payload of [{}, { id: 0 }, { id: 'x' }, { id, extra: 1 }]) expect(await post('/api/Headlines_user/like', payload, { as: fan }), JSON.stringify(payload)).toMatchObject(validation);
    expect(await post('/api/Headlines_user/like', { id: 999_999_999 }, { as: fan })).toMatchObject(refusal(errors.HEADLINE_NOT_FOUND));
  });

  it('match reports: one per finished demo match (title, score, scorers, cards, cover), written once however many writers race', async () => {
    const finished = await ctx.db
      .selectFrom('match')
      .select(['id', 'sport', 'home_score', 'away_score'])
      .where('status', '=', 'finished')
      .where('external_key', 'like', 'sim:%')
      // Reports are written in the football and basketball categories (esports and snooker series have none).
      .where('sport', 'in', ['football', 'basketball'])
      .execute();
    expect(finished.length).toBeGreaterThan(0);
    const testMatch = await createMatch(ctx.db, LIVE_TEST_START, 'finished');
    await ctx.db.updateTable('match').set({ finished_at: clock() }).where('id', '=', testMatch).execute();

    await Promise.all([writeMatchReports(ctx.db, clock()), writeMatchReports(ctx.db, clock()), writeMatchReports(ctx.db, clock())]);
    expect(await writeMatchReports(ctx.db, clock())).toBe(0);
    const reports = await ctx.db.selectFrom('headline').selectAll().where('source', '=', 'match_report').execute();
    expect(reports.map((report) => report.match_id).sort()).toEqual(finished.map((match) => match.id).sort());
    // Not a demo match (no 'sim:' key): no report.
    expect(reports.some((report) => report.match_id === testMatch)).toBe(false);

    const football = finished.find((match) => match.sport === 'football' && match.home_score + match.away_score > 0) ?? finished.find((match) => match.sport === 'football');
    if (football === undefined) throw new Error('no finished football match in two simulated hours');
    const report = reports.find((row) => row.match_id === football.id);
    if (report === undefined) throw new Error('no report');
    const teams = await ctx.db
      .selectFrom('match as m')
      .innerJoin('team as h', 'h.id', 'm.home_team_id')
      .innerJoin('team as a', 'a.id', 'm.away_team_id')
      .select(['h.name_zh as home', 'a.name_zh as away'])
      .where('m.id', '=', football.id)
      .executeTakeFirstOrThrow();
    expect(report.title.startsWith(`${teams.home} ${football.home_score}-${football.away_score} ${teams.away}：`)).toBe(true);
    expect(report).toMatchObject({ state: 'published', author: REPORT_AUTHOR, cover: coverPath(football.id) });
    const goals = await ctx.db.selectFrom('match_event').select(['player_zh', 'minute']).where('match_id', '=', football.id).where('kind', '=', 'goal').execute();
    for (const goal of goals) expect(report.body).toContain(`${goal.minute}' ${goal.player_zh}`);
    expect(report.body).toContain('### 红黄牌');

    const detail = data(HeadlineDetailSchema, await get(`/api/Headlines/detail?id=${report.id}`)) as { related_matches: Array<{ id: number; score: string }>; source: string; category: string; body_html: string };
    expect(detail).toMatchObject({ source: 'match_report', category: 'football' });
    expect(detail.related_matches).toEqual([expect.objectContaining({ id: football.id, score: `${football.home_score}-${football.away_score}`, home: teams.home, away: teams.away })]);
    expect(detail.body_html).toContain('<h4>进球</h4>');

    const cover = await ctx.app.inject({ url: coverPath(football.id) });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(cover.headers['cache-control']).toBe('public, max-age=86400');
    expect(cover.headers['x-content-type-options']).toBe('nosniff');
    expect(cover.headers['content-security-policy']).toContain('sandbox');
    expect(cover.body).toContain(`${football.home_score} - ${football.away_score}`);
    expect(cover.body).not.toMatch(/<script|on[a-z]+=/i);
    expect((await ctx.app.inject({ url: coverPath(testMatch) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/static/headline-covers/match-abc.svg' })).statusCode).toBe(400);
  });

  it('Portal_post/getList2: top headlines (and hot posts when there are some), bounded by limit', async () => {
    const id = await published({ category: 'football' });
    const feed = data(PortalFeedSchema, await get('/api/Portal_post/getList2')) as { list: Array<{ kind: string; headline?: { id: number } }> };
    expect(feed.list.length).toBeGreaterThan(0);
    expect(feed.list.length).toBeLessThanOrEqual(10);
    expect(feed.list.filter((entry) => entry.kind === 'headline').map((entry) => entry.headline?.id)).toContain(id);
    const three = data(PortalFeedSchema, await get('/api/Portal_post/getList2?limit=3')) as { list: unknown[] };
    expect(three.list).toHaveLength(3);

    // A member's post in the circle joins the feed as the third entry (two headlines, then a post), its text as an excerpt.
    const author = await createUser(ctx.db, { nickname: '门户球迷' });
    const posted = await post('/api/anchor_dynamics_user/insert', { text: `今晚的比赛\n太精彩了${'！'.repeat(80)}` }, { as: author });
    expect(posted.code, posted.msg).toBe(200);
    const mixed = data(PortalFeedSchema, await get('/api/Portal_post/getList2?limit=6')) as { list: Array<{ kind: string; post?: { id: number; text: string; user_nickname: string } }> };
    expect(mixed.list.map((entry) => entry.kind)).toEqual(['headline', 'headline', 'post', 'headline', 'headline', 'headline']);
    expect(mixed.list[2]?.post).toMatchObject({ id: (posted.data as { id: number }).id, user_nickname: '门户球迷' });
    expect([...(mixed.list[2]?.post?.text ?? '')]).toHaveLength(60);
    expect(mixed.list[2]?.post?.text.startsWith('今晚的比赛 太精彩了')).toBe(true);
    for (const query of ['limit=0', 'limit=31', 'limit=x', 'x=1']) expect(await get(`/api/Portal_post/getList2?${query}`), query).toMatchObject(validation);
  });

  it('beside the reports: previews of the big upcoming games (table places, form, venue, a VS cover) and a table analysis, each written once', async () => {
    // The feed announces what is ahead of the (moved) clock.
    await playFeed(ctx.app, clock, 10_000);
    const now = clock();
    expect(await writePreviews(ctx.db, now)).toBeGreaterThan(0);
    const previews = await ctx.db.selectFrom('headline').select(['title', 'body', 'cover', 'related_match_ids', 'state']).where('author', '=', PREVIEW_AUTHOR).execute();
    expect(previews.length).toBeGreaterThan(0);
    for (const preview of previews) {
      const matchId = Number(preview.related_match_ids[0]);
      const match = await ctx.db
        .selectFrom('match as m')
        .innerJoin('team as h', 'h.id', 'm.home_team_id')
        .innerJoin('team as a', 'a.id', 'm.away_team_id')
        .select(['m.status', 'h.name_zh as home', 'a.name_zh as away'])
        .where('m.id', '=', matchId)
        .executeTakeFirstOrThrow();
      // A preview is of a match still to come, naming its teams, their table places and form.
      expect(match.status).toBe('scheduled');
      expect(preview.title).toContain(match.home);
      expect(preview.body).toContain(match.away);
      expect(preview.body).toMatch(/第\d+名，\d+场/);
      expect(preview.body).toContain('近五场');
      expect(preview.cover).toBe(previewCoverPath(matchId));
      const cover = await ctx.app.inject({ url: previewCoverPath(matchId) });
      expect(cover.statusCode).toBe(200);
      expect(cover.body).toContain('VS');
      expect(cover.body).not.toMatch(/<script|on[a-z]+=/i);
    }
    // Written once: the same matches get no second preview.
    const again = await writePreviews(ctx.db, now);
    const titles = (await ctx.db.selectFrom('headline').select('title').where('author', '=', PREVIEW_AUTHOR).execute()).map((row) => row.title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles.length).toBe(previews.length + again);
    expect((await ctx.app.inject({ url: '/static/headline-covers/preview-99999999.svg' })).statusCode).toBe(404);

    // A table analysis per hot league a day (the leader, the chasers, attack and defence), once.
    expect(await writeColumns(ctx.db, now)).toBeGreaterThan(0);
    expect(await writeColumns(ctx.db, now)).toBe(0);
    const analysis = await ctx.db.selectFrom('headline').select(['title', 'body']).where('author', '=', '数据观察').execute();
    expect(analysis.length).toBeGreaterThan(0);
    expect(analysis.every((row) => row.body.includes('最强进攻') && row.body.includes('最稳防守'))).toBe(true);
  });
});

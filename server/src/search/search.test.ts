import { type SearchResult, SearchAnchorPageSchema, SearchHotSchema, SearchLivePageSchema, SearchResultSchema } from '@sports/shared/server';
import { sql } from 'kysely';
import { Value } from 'typebox/value';
import { expect, it } from 'vitest';
import { createUser } from '../live/testing/roomsTestKit';
import { describeEachDatabase, useTestApp } from '../testing/testApp';

describeEachDatabase('search: api/Search/index, anchor, live, hot (indexes of migration 0021)', (target) => {
  const ctx = useTestApp(target);
  let counter = 0;
  const unique = () => `${process.pid % 1000}${++counter}`;
  // Each call from an address of its own unless told (the hot searches count an address once a day).
  let address = 0;
  const nextAddress = () => `10.${(process.pid >> 8) % 250}.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`;
  const get = async (url: string, query: Record<string, string | number>, remoteAddress = nextAddress()) => {
    const response = await ctx.app.inject({ url, remoteAddress, query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])) });
    return { status: response.statusCode, ...response.json() };
  };
  const search = async (name: string, remoteAddress?: string) => {
    const answer = await get('/api/Search/index', { name }, remoteAddress);
    expect(answer.code, JSON.stringify(answer)).toBe(200);
    expect(Value.Check(SearchResultSchema, answer.data)).toBe(true);
    return answer.data as SearchResult;
  };
  const anchorWithRoom = async (nickname: string, title: string, live = false) => {
    const anchor = await createUser(ctx.db, { anchor: true, nickname });
    const room = await ctx.db
      .insertInto('live_room')
      .values({ owner_id: anchor.id, title, ...(live ? { stream_status: 'live' as const, is_open: true } : {}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { anchor, roomId: Number(room.id) };
  };
  const post = async (authorId: number, text: string, flags: { hidden?: boolean; deleted?: boolean } = {}) =>
    Number(
      (
        await ctx.db
          .insertInto('post')
          .values({ author_id: authorId, text, hot_score: 0, hidden: flags.hidden ?? false, deleted_at: flags.deleted ? new Date() : null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const headline = async (title: string, state: 'draft' | 'published' | 'hidden') => {
    const category = await ctx.db.selectFrom('headline_category').select('id').orderBy('id').executeTakeFirstOrThrow();
    return Number(
      (
        await ctx.db
          .insertInto('headline')
          .values({ category_id: category.id, title, body: '正文', author: '编辑', source: 'editor', state, published_at: state === 'published' ? new Date() : null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  };

  it('groups every kind, each item with the link of its page; hidden, deleted, unpublished and banned are left out', async () => {
    const tag = unique();
    const name = `梅西${tag}`;
    const { anchor, roomId } = await anchorWithRoom(`主播${name}`, `看${name}直播`, true);
    const banned = await createUser(ctx.db, { anchor: true, nickname: `禁言${name}` });
    await ctx.db.updateTable('app_user').set({ banned_until: new Date(Date.now() + 3_600_000) }).where('id', '=', banned.id).execute();
    await ctx.db.insertInto('live_room').values({ owner_id: banned.id, title: `封禁${name}` }).execute();
    const visible = await post(anchor.id, `今天${name}进球了`);
    await post(anchor.id, `隐藏${name}`, { hidden: true });
    await post(anchor.id, `删除${name}`, { deleted: true });
    const published = await headline(`${name}的头条`, 'published');
    await headline(`${name}草稿`, 'draft');
    await headline(`${name}下架`, 'hidden');
    const team = await ctx.db.insertInto('team').values({ external_key: `search:${tag}`, sport: 'basketball', name_zh: `${name}队`, short_name_zh: `西${tag}` }).returning('id').executeTakeFirstOrThrow();

    const result = await search(name);
    expect(result.anchors).toEqual([{ id: anchor.id, user_nickname: `主播${name}`, avatar: expect.any(String), room_id: roomId, is_live: true, score: 1100, link: `#/about-user?id=${anchor.id}` }]);
    expect(result.lives).toEqual([{ id: roomId, title: `看${name}直播`, cover: expect.any(String), thumb: expect.stringMatching(new RegExp(`^/live/thumb/room${roomId}\\.jpg\\?v=`)), anchor_id: anchor.id, anchor_nickname: `主播${name}`, is_live: true, match: null, score: 1100, link: `#/live?id=${roomId}` }]);
    expect(result.posts).toEqual([{ id: visible, text: `今天${name}进球了`, author_nickname: `主播${name}`, created_at: expect.any(String), score: 100, link: `#/circle-detail?id=${visible}` }]);
    expect(result.headlines).toEqual([{ id: published, title: `${name}的头条`, published_at: expect.any(String), score: 200, link: `#/detail?id=${published}` }]);
    expect(result.teams).toEqual([{ id: team.id, sport: 'basketball', name_zh: `${name}队`, short_name_zh: `西${tag}`, score: 200, link: `#/base-basketball?team=${team.id}` }]);
    expect(result.competitions).toEqual([]);

    // The anchor's nickname alone finds the room (the room's title need not contain it).
    const roomsByAnchor = await search(`主播${name}`);
    expect(roomsByAnchor.lives.map((live) => live.id)).toEqual([roomId]);
  });

  it('finds matches by team or competition name, and competitions (links to the score and knowledge-base pages)', async () => {
    const tag = unique();
    const competition = await ctx.db.selectFrom('competition').selectAll().where('short_name_zh', '=', '英超').executeTakeFirstOrThrow();
    const season = await ctx.db.insertInto('season').values({ competition_id: competition.id, name: `S${tag}` }).returning('id').executeTakeFirstOrThrow();
    const team = async (name: string) => (await ctx.db.insertInto('team').values({ external_key: `search:${name}`, sport: 'football', name_zh: name, short_name_zh: name }).returning('id').executeTakeFirstOrThrow()).id;
    const home = await team(`阿森${tag}`);
    const away = await team(`切尔${tag}`);
    const match = await ctx.db
      .insertInto('match')
      .values({ external_key: `search:${tag}`, sport: 'football', competition_id: competition.id, season_id: season.id, home_team_id: home, away_team_id: away, kickoff_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const byTeam = await search(`阿森${tag}`);
    expect(byTeam.matches).toEqual([
      { id: Number(match.id), sport: 'football', competition: '英超', home: `阿森${tag}`, away: `切尔${tag}`, home_score: 0, away_score: 0, status: 'scheduled', kickoff_at: expect.any(String), score: 300, link: `#/score-detail?id=${match.id}` },
    ]);
    const byCompetition = await search('英超');
    expect(byCompetition.competitions.map((item) => [item.short_name_zh, item.link])).toEqual([['英超', `#/base-football?competition=${competition.id}`]]);
    expect(byCompetition.matches.length).toBeGreaterThan(0);
    expect(byCompetition.matches.every((item) => item.competition === '英超')).toBe(true);
    expect((await search('nba')).competitions.map((item) => item.short_name_zh)).toEqual(['NBA']);
  });

  it('matches 1-, 2- and 3-character Chinese terms and Latin case-insensitively; %, _ and \\ are literal', async () => {
    const author = await createUser(ctx.db);
    const tag = unique();
    const id = await post(author.id, `哈兰德${tag} Haaland 100%_\\`);
    const found = async (name: string) => (await search(name)).posts.some((item) => item.id === id);
    expect(await found('哈兰德')).toBe(true);
    expect(await found('哈兰')).toBe(true);
    expect(await found('兰德')).toBe(true);
    expect(await found('哈')).toBe(true);
    expect(await found('HAALAND')).toBe(true);
    expect(await found('aa')).toBe(true);
    expect(await found('哈德')).toBe(false);
    expect(await found('100%')).toBe(true);
    expect(await found('0%_')).toBe(true);
    expect(await found('%')).toBe(true);
    expect(await found('1_0')).toBe(false);
    expect(await found('x%')).toBe(false);
  });

  it('the 2- and 3-character searches are index searches (bigram and trigram GIN), not scans', async () => {
    await ctx.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const explain = async (where: ReturnType<typeof sql>) =>
        (await sql<{ 'QUERY PLAN': string }>`explain select id from post where ${where}`.execute(trx)).rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(await explain(sql`search_bigrams(text) @> array['梅西']::text[] and text ilike '%梅西%'`)).toContain('post_text_bigrams');
      expect(await explain(sql`text ilike '%梅西进%'`)).toContain('post_text_trgm');
    });
    expect((await sql<{ b: string[] }>`select search_bigrams('AbCa') as b`.execute(ctx.db)).rows[0]?.b.sort()).toEqual(['ab', 'bc', 'ca']);
  });

  it('api/Search/anchor and api/Search/live page by cursor, newest first', async () => {
    const tag = unique();
    const made = [];
    for (let index = 0; index < 5; index += 1) made.push(await anchorWithRoom(`翻页${tag}号${index}`, `房间${index}`));
    const ids = made.map((item) => item.anchor.id).reverse();
    const rooms = made.map((item) => item.roomId).reverse();
    const first = await get('/api/Search/anchor', { name: `翻页${tag}`, page_size: 2 });
    expect(Value.Check(SearchAnchorPageSchema, first.data)).toBe(true);
    expect(first.data.list.map((item: { id: number }) => item.id)).toEqual(ids.slice(0, 2));
    const second = await get('/api/Search/anchor', { name: `翻页${tag}`, page_size: 2, cursor: first.data.next_cursor });
    expect(second.data.list.map((item: { id: number }) => item.id)).toEqual(ids.slice(2, 4));
    const third = await get('/api/Search/anchor', { name: `翻页${tag}`, page_size: 2, cursor: second.data.next_cursor });
    expect(third.data).toMatchObject({ list: [{ id: ids[4] }], next_cursor: null });

    const lives = await get('/api/Search/live', { name: `翻页${tag}`, page_size: 3 });
    expect(Value.Check(SearchLivePageSchema, lives.data)).toBe(true);
    expect(lives.data.list.map((item: { id: number }) => item.id)).toEqual(rooms.slice(0, 3));
    const more = await get('/api/Search/live', { name: `翻页${tag}`, page_size: 3, cursor: lives.data.next_cursor });
    expect(more.data).toEqual({ list: [expect.objectContaining({ id: rooms[3] }), expect.objectContaining({ id: rooms[4] })], next_cursor: null });
    expect((await get('/api/Search/live', { name: `没有${tag}` })).data).toEqual({ list: [], next_cursor: null });
  });

  it.each([
    ['/api/Search/index', {}],
    ['/api/Search/index', { name: '' }],
    ['/api/Search/index', { name: '一二三四五六七八九十十' }],
    ['/api/Search/anchor', { name: '主播', cursor: '0' }],
    ['/api/Search/anchor', { name: '主播', cursor: "1' or 1=1" }],
    ['/api/Search/live', { name: '主播', page_size: 0 }],
    ['/api/Search/live', { name: '主播', page_size: 51 }],
    ['/api/Search/live', { name: '主播', other: 1 }],
  ])('refuses bad input to %s %j (code 1)', async (url, query) => {
    const answer = await get(url, query);
    expect(answer.code).toBe(1);
    expect(typeof answer.msg).toBe('string');
  });

  it('hot searches: queries that found something, normalised, counted per day, most searched first; listed sensitive words never shown', async () => {
    const author = await createUser(ctx.db);
    const tag = unique();
    await post(author.id, `热搜${tag}甲 热搜${tag}乙 ht${tag} 脑残${tag}`);
    for (let index = 0; index < 6; index += 1) await search(`热搜${tag}甲`);
    for (let index = 0; index < 4; index += 1) await search(`ht${tag}`);
    await search(` HT${tag} `);
    for (let index = 0; index < 4; index += 1) await search(`热搜${tag}乙`);
    await search(`无结果${tag}`);
    await search(`脑残${tag}`);
    const hot = await get('/api/Search/hot', {});
    expect(Value.Check(SearchHotSchema, hot.data)).toBe(true);
    const mine = (hot.data.list as Array<{ term: string; hits: number }>).filter((item) => item.term.includes(tag));
    expect(mine).toEqual([
      { term: `热搜${tag}甲`, hits: 6 },
      { term: `ht${tag}`, hits: 5 },
      { term: `热搜${tag}乙`, hits: 4 },
    ]);
    const stored = await ctx.db.selectFrom('search_term_day').select('term').where('term', 'like', `%${tag}%`).execute();
    expect(stored.map((row) => row.term).sort()).toEqual([`ht${tag}`, `热搜${tag}乙`, `热搜${tag}甲`].sort());
  });

  it('a name of spaces only finds nothing and counts nothing', async () => {
    const before = await ctx.db.selectFrom('search_term_day').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(await search('   ')).toEqual({ matches: [], teams: [], competitions: [], anchors: [], lives: [], posts: [], headlines: [], players: [] });
    expect((await get('/api/Search/anchor', { name: '  ' })).data).toEqual({ list: [], next_cursor: null });
    expect((await get('/api/Search/live', { name: ' ' })).data).toEqual({ list: [], next_cursor: null });
    const after = await ctx.db.selectFrom('search_term_day').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('hot searches count one address once a day per term', async () => {
    const author = await createUser(ctx.db);
    const tag = unique();
    await post(author.id, `刷榜${tag}`);
    for (let index = 0; index < 5; index += 1) await search(`刷榜${tag}`, '192.0.2.7');
    await search(`刷榜${tag}`, '192.0.2.8');
    const row = await ctx.db.selectFrom('search_term_day').select(sql<number>`sum(hits)::int`.as('hits')).where('term', '=', `刷榜${tag}`).executeTakeFirstOrThrow();
    expect(row.hits).toBe(2);
  });

  it('counts concurrent searches of one term exactly', async () => {
    const author = await createUser(ctx.db);
    const tag = unique();
    await post(author.id, `并发${tag}`);
    await Promise.all(Array.from({ length: 12 }, () => search(`并发${tag}`)));
    const row = await ctx.db.selectFrom('search_term_day').select(sql<number>`sum(hits)::int`.as('hits')).where('term', '=', `并发${tag}`).executeTakeFirstOrThrow();
    expect(row.hits).toBe(12);
  });
});

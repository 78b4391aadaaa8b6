import { type SearchResult, SearchResultSchema } from '@sports/shared/server';
import { sql } from 'kysely';
import { Value } from 'typebox/value';
import { beforeAll, expect, it } from 'vitest';
import { seedDemoPosts } from '../community/posts/seedDemoPosts';
import { createManualClock } from '../infra/clock';
import { linkDemoRoomsToMatches, seedDemoRooms } from '../live/seedDemoRooms';
import { createUser } from '../live/testing/roomsTestKit';
import { LIVE_TEST_START, liveFeedTestOptions, playFeed } from '../scores/feed/testing/liveTestKit';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { pinyinKeysOf, refreshSearchKeys, searchTermOf } from './searchKeys';

it('reads a query as typed, in simplified characters and as pinyin; keys names by pinyin-pro', () => {
  expect(searchTermOf(' 阿森納 ')).toEqual({ raw: '阿森納', simplified: '阿森纳', pinyin: null });
  expect(searchTermOf("A Sen'na")).toEqual({ raw: "A Sen'na", simplified: "A Sen'na", pinyin: 'asenna' });
  expect(searchTermOf('asn1').pinyin).toBeNull();
  expect(pinyinKeysOf('阿森纳')).toEqual({ full: 'asenna', initials: 'asn' });
  expect(pinyinKeysOf('卡洛斯·罗宾逊')).toEqual({ full: 'kaluosiluobinxun', initials: 'klslbx' });
  expect(pinyinKeysOf('NBA')).toEqual({ full: 'nba', initials: 'nba' });
});

/** The real seeds: the demo feed (teams, squads, matches and their events), the demo rooms on its matches, the demo posts. */
describeEachDatabase('search finds what the site shows (issue 33)', (target) => {
  const clock = createManualClock(LIVE_TEST_START);
  const ctx = useTestApp(target, { app: { live: { feed: liveFeedTestOptions(clock) } } });
  let address = 0;
  const search = async (name: string) => {
    const response = await ctx.app.inject({ url: '/api/Search/index', query: { name }, remoteAddress: `10.33.0.${(++address % 250) + 1}` });
    const answer = response.json();
    expect(answer.code, JSON.stringify(answer)).toBe(200);
    expect(Value.Errors(SearchResultSchema, answer.data)).toEqual([]);
    return answer.data as Required<SearchResult>;
  };

  beforeAll(async () => {
    await playFeed(ctx.app, clock, 120_000);
    await seedDemoRooms(ctx.db);
    await linkDemoRoomsToMatches(ctx.db, clock());
    await seedDemoPosts(ctx.db, clock());
    await refreshSearchKeys(ctx.db);
  }, 180_000);

  it('a player named in a live match’s events finds the player and that match', async () => {
    const named = await ctx.db
      .selectFrom('match_event as e')
      .innerJoin('match as m', 'm.id', 'e.match_id')
      .select(['e.player_zh', 'm.id as match_id'])
      .where('m.status', 'in', ['live', 'halftime'])
      .where('m.sport', 'in', ['football', 'basketball'])
      .where('e.player_zh', 'is not', null)
      .where(sql<boolean>`char_length(e.player_zh) <= 10`)
      .orderBy('e.id')
      .executeTakeFirstOrThrow();
    const name = named.player_zh as string;
    const result = await search(name);
    const player = result.players.find((item) => item.name_zh === name && item.match_ids.includes(Number(named.match_id)));
    expect(player, JSON.stringify(result.players)).toBeDefined();
    expect(player?.link).toMatch(/^#\/base-(football|basketball)\?player=\d+$/);
    expect(result.matches.map((match) => match.id)).toContain(Number(named.match_id));
  });

  it('罗宾逊 (a surname of the seeded squads) finds players of that name, with the matches they appear in', async () => {
    const seeded = await ctx.db.selectFrom('player').select(sql<number>`count(*)::int`.as('n')).where('name_zh', 'like', '%罗宾逊%').executeTakeFirstOrThrow();
    expect(seeded.n).toBeGreaterThan(0);
    const result = await search('罗宾逊');
    expect(result.players.length).toBeGreaterThan(0);
    expect(result.players.every((player) => player.name_zh.includes('罗宾逊'))).toBe(true);
    const appearing = result.players.flatMap((player) => player.match_ids);
    for (const id of appearing.slice(0, 3)) expect(result.matches.map((match) => match.id)).toContain(id);
  });

  it('a team of the match a room shows finds the room, whatever its title', async () => {
    const shown = await ctx.db
      .selectFrom('live_room as r')
      .innerJoin('match as m', 'm.id', 'r.match_id')
      .innerJoin('team as h', 'h.id', 'm.home_team_id')
      .innerJoin('team as a', 'a.id', 'm.away_team_id')
      .select(['r.id', 'r.title', 'h.name_zh as home', 'a.name_zh as away', 'h.short_name_zh as home_short', 'a.short_name_zh as away_short'])
      .where('r.type', '=', 1)
      .orderBy('r.id')
      .executeTakeFirstOrThrow();
    expect(shown.title).not.toContain(shown.away);
    // As the room shows them (name_zh, the score bar's) and as the lists do (short_name_zh).
    for (const team of new Set([shown.away, shown.home, shown.away_short, shown.home_short])) {
      const result = await search(team);
      const room = result.lives.find((live) => live.id === Number(shown.id));
      expect(room, `${team}: ${JSON.stringify(result.lives)}`).toBeDefined();
      expect(room?.match).toMatchObject({ home: shown.home, away: shown.away });
      expect(result.teams.some((item) => item.name_zh === team || item.short_name_zh === team)).toBe(true);
    }
  });

  it('阿森纳 by its characters, pinyin, initials and traditional characters; exact first', async () => {
    for (const name of ['阿森纳', 'asn', 'asenna', 'ASN', '阿森納']) {
      const result = await search(name);
      expect(result.teams[0], name).toMatchObject({ name_zh: '阿森纳', score: 300 });
    }
    expect((await search('asen')).teams[0]).toMatchObject({ name_zh: '阿森纳', score: 200 });
  });

  it('an anchor’s name (or its pinyin) finds them and their room', async () => {
    const anchor = await ctx.db.selectFrom('app_user').select(['id', 'user_nickname']).where('mobile', '=', '86-10000000001').executeTakeFirstOrThrow();
    const result = await search(anchor.user_nickname);
    expect(result.anchors[0]).toMatchObject({ id: anchor.id, score: expect.any(Number) });
    expect(result.lives.some((live) => live.anchor_id === anchor.id)).toBe(true);
    const byInitials = await search('lwsq');
    expect(byInitials.anchors.map((item) => item.user_nickname)).toContain('老王说球');
  });

  it('a post’s and a headline’s words find them; traditional characters too', async () => {
    const post = await ctx.db.selectFrom('post').select(['id', 'text']).where('text', 'like', '%德比夜的看点%').executeTakeFirstOrThrow();
    expect((await search('德比夜的看点')).posts.map((item) => item.id)).toContain(Number(post.id));
    expect((await search('德比夜的看點')).posts.map((item) => item.id)).toContain(Number(post.id));
    const category = await ctx.db.selectFrom('headline_category').select('id').orderBy('id').executeTakeFirstOrThrow();
    const headline = await ctx.db
      .insertInto('headline')
      .values({ category_id: category.id, title: '前瞻：阿森纳客场挑战伯恩利', body: '正文', author: '编辑', source: 'editor', state: 'published', published_at: clock() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await search('客场挑战')).headlines.map((item) => item.id)).toEqual([Number(headline.id)]);
  });

  it('pinyin queries are index searches on search_key (trigram GIN for 3+ letters, bigram GIN for 2)', async () => {
    await ctx.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const explain = async (where: ReturnType<typeof sql>) =>
        (await sql<{ 'QUERY PLAN': string }>`explain select ref_id from search_key where ${where}`.execute(trx)).rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(await explain(sql`"full" ilike '%asenna%'`)).toContain('search_key_full_trgm');
      expect(await explain(sql`initials ilike '%asn%'`)).toContain('search_key_initials_trgm');
      expect(await explain(sql`search_bigrams(initials) @> array['as']::text[] and initials ilike '%as%'`)).toContain('search_key_initials_bigrams');
    });
  });

  it('ranks exact names above prefixes above containing ones, and rooms on air above idle ones', async () => {
    const tag = `${process.pid % 1000}`;
    const base = `排${tag}`;
    const team = async (name: string) =>
      Number((await ctx.db.insertInto('team').values({ external_key: `rank:${name}`, sport: 'football', name_zh: name, short_name_zh: name }).returning('id').executeTakeFirstOrThrow()).id);
    const contains = await team(`新${base}`);
    const prefix = await team(`${base}联`);
    const exact = await team(base);
    const teams = (await search(base)).teams;
    expect(teams.map((item) => [item.id, item.score])).toEqual([
      [exact, 300],
      [prefix, 200],
      [contains, 100],
    ]);

    const room = async (title: string, live: boolean) => {
      const owner = await createUser(ctx.db, { anchor: true });
      return Number(
        (await ctx.db.insertInto('live_room').values({ owner_id: owner.id, title, ...(live ? { stream_status: 'live' as const, is_open: true } : {}) }).returning('id').executeTakeFirstOrThrow()).id,
      );
    };
    const onAir = await room(`看${base}直播`, true);
    const idleExact = await room(base, false);
    const lives = (await search(base)).lives;
    expect(lives.map((item) => [item.id, item.score])).toEqual([
      [onAir, 1100],
      [idleExact, 300],
    ]);

    // The 直播 tab's pages (api/Search/live): on air first too, then newest, page by page.
    const older = await room(`旧${base}`, true);
    const page = async (cursor?: string) => (await ctx.app.inject({ url: '/api/Search/live', query: { name: base, page_size: '1', ...(cursor === undefined ? {} : { cursor }) } })).json().data;
    const first = await page();
    const second = await page(first.next_cursor);
    const third = await page(second.next_cursor);
    expect([first, second, third].flatMap((data) => data.list.map((item: { id: number }) => item.id))).toEqual([older, onAir, idleExact].sort((x, y) => (x === idleExact ? 1 : y === idleExact ? -1 : y - x)));
    expect(third.next_cursor).toBeNull();
  });
});

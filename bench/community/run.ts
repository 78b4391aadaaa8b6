/**
 * `pnpm bench:community` (`--quick`: a smaller seed, about a minute): the circle's reads and the
 * search over HTTP to the real server (`src/main.ts`) in its own process, on a fresh database of
 * an embedded PostgreSQL; this process is the client. README.md beside this file says what is
 * measured and how the baselines are made.
 *
 * 1. Seed with SQL (`INSERT … SELECT generate_series`): 100,000 posts, 1,000,000 comments (one
 *    thread long enough for page 1,000), 1,000,000 likes.
 * 2. Over HTTP, BENCH_COMMUNITY_CONCURRENCY requests in flight: the feed (latest and hot, pages
 *    1-50 by keyset cursor), a post's comments at page 1 and page 1,000 (keyset cursor), search
 *    (`api/Search/index`) for a 2- and a 3-character Chinese term. p50/p99 and CPU per request.
 * 3. Baselines in the same run, on the same database, from this process: page 1,000 of the
 *    comments by OFFSET beside the same query by keyset; the posts' search by ILIKE on a copy of
 *    `post` without any index beside the same query on `post` (trigram / bigram GIN indexes).
 * Exit 1 unless every HTTP read's p99 <= 50 ms, keyset page 1,000 >= 10x faster than OFFSET and
 * the indexed search >= 10x faster than the unindexed scan.
 */
import os from 'node:os';
import { createDatabase, startServerProcess } from '@sports/server/bench';
import { processCpuMs } from '../common/cpu';
import { type BenchPostgres, openPostgres } from '../common/postgres';
import { apiClient, measure, Samples } from './measure';
import { SEARCH_TERMS, seedCommunity } from './seed';

const QUICK = process.argv.includes('--quick') || process.env.BENCH_COMMUNITY_QUICK === '1';
const env = (name: string, full: number, quick: number) => Number(process.env[name] ?? (QUICK ? quick : full));
const POSTS = env('BENCH_COMMUNITY_POSTS', 100_000, 10_000);
const COMMENTS = env('BENCH_COMMUNITY_COMMENTS', 1_000_000, 100_000);
const LIKES = env('BENCH_COMMUNITY_LIKES', 1_000_000, 100_000);
const AUTHORS = env('BENCH_COMMUNITY_AUTHORS', 1_000, 1_000);
const REQUESTS = env('BENCH_COMMUNITY_REQUESTS', 400, 100);
const BASELINE_RUNS = env('BENCH_COMMUNITY_BASELINE_RUNS', 40, 15);
const CONCURRENCY = env('BENCH_COMMUNITY_CONCURRENCY', 1, 1);
const PAGE_SIZE = 20;
const DEEP_PAGE = 1_000;
const FEED_PAGES = 50;
const TARGET_P99_MS = 50;
const TARGET_RATIO = 10;
/** BENCH_COMMUNITY_EXPLAIN=1: print the plans of the feed's and the search's queries (diagnosis). */
const EXPLAIN = process.env.BENCH_COMMUNITY_EXPLAIN === '1';

const log = (line: string) => console.log(`[bench:community] ${line}`);
const fmt = (value: number) => value.toLocaleString('en-US');
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

interface Row {
  what: string;
  samples: Samples;
  cpu?: string;
}

async function main(): Promise<number> {
  const started = Date.now();
  log(`${QUICK ? 'quick run' : 'full run'}: ${fmt(POSTS)} posts, ${fmt(COMMENTS)} comments, ${fmt(LIKES)} likes; ${REQUESTS} requests per read, ${CONCURRENCY} in flight; ${os.cpus().length} cores, load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  const postgres = await openPostgres(log);
  try {
    log('starting the server (src/main.ts) in its own process on free ports, migrating a fresh database');
    const server = await startServerProcess(postgres.adminUrl);
    try {
      log(`server pid ${server.pid} at ${server.httpUrl}; seeding`);
      const seeding = Date.now();
      const seed = await seedCommunity(server, { posts: POSTS, comments: COMMENTS, likes: LIKES, authors: AUTHORS, threadTopComments: Math.min(COMMENTS, DEEP_PAGE * PAGE_SIZE + 1_000) }, log);
      log(`seeded ${fmt(seed.posts)} posts, ${fmt(seed.comments)} comments, ${fmt(seed.likes)} likes in ${((Date.now() - seeding) / 1000).toFixed(1)} s; terms: ${seed.terms.map((item) => `${item.term} in ${fmt(item.posts)} posts`).join(', ')}`);

      const api = apiClient(server.httpUrl);
      const rows: Row[] = [];
      const timed = async (what: string, once: (index: number) => Promise<void>) => {
        const before = { server: processCpuMs(server.pid), postgres: postgres.cpuMs() };
        const samples = await measure(REQUESTS, CONCURRENCY, Math.min(20, REQUESTS), once);
        const total = samples.ms.length + Math.min(20, REQUESTS);
        const serverCpu = (processCpuMs(server.pid) - before.server) / total;
        const pgAfter = postgres.cpuMs();
        const pgCpu = before.postgres === null || pgAfter === null ? null : (pgAfter - before.postgres) / total;
        const row = { what, samples, cpu: `server ${serverCpu.toFixed(2)} ms, PostgreSQL ${pgCpu === null ? 'n/a' : `${pgCpu.toFixed(2)} ms`}` };
        rows.push(row);
        log(`${what}: p50 ${ms(samples.p50)}, p99 ${ms(samples.p99)}; CPU per request ${row.cpu}`);
        return samples;
      };

      // Feed: walk FEED_PAGES pages once for their cursors, then ask them in turn.
      for (const view of ['latest', 'hot'] as const) {
        const cursors: Array<string | undefined> = [undefined];
        while (cursors.length < FEED_PAGES) {
          const page = await api.get<{ next_cursor: string | null }>('/api/anchor_dynamics/list', { view, page_size: PAGE_SIZE, ...(cursors.at(-1) === undefined ? {} : { cursor: cursors.at(-1) as string }) });
          if (page.next_cursor === null) break;
          cursors.push(page.next_cursor);
        }
        await timed(`feed ${view} (pages 1-${cursors.length}, keyset)`, async (index) => {
          const cursor = cursors[index % cursors.length];
          await api.get('/api/anchor_dynamics/list', { view, page_size: PAGE_SIZE, ...(cursor === undefined ? {} : { cursor }) });
        });
      }

      // Comments: page 1 and page 1,000 of the long thread (the cursor of page 1,000 is the id of
      // the last top comment of page 999, computed once; checked against the first row it yields).
      const { pool: benchPool, close } = createDatabase({ connectionString: server.database.url, max: 2 });
      try {
        const visibleTop = `post_id = $1 and root_id is null and ((hidden = false and deleted_at is null) or reply_count > 0)`;
        const depth = (DEEP_PAGE - 1) * PAGE_SIZE;
        const cursorRow = await benchPool.query<{ id: string }>(`select id from post_comment where ${visibleTop} order by id offset $2 - 1 limit 1`, [seed.threadPostId, depth]);
        const deepCursor = String(cursorRow.rows[0]?.id);
        const firstDeep = await benchPool.query<{ id: string }>(`select id from post_comment where ${visibleTop} order by id offset $2 limit 1`, [seed.threadPostId, depth]);
        const deepPage = await api.post<{ list: Array<{ id: number }> }>('/api/anchor_dynamics/commentList', { post_id: seed.threadPostId, cursor: deepCursor, page_size: PAGE_SIZE });
        if (String(deepPage.list[0]?.id) !== String(firstDeep.rows[0]?.id)) throw new Error(`page ${DEEP_PAGE} by cursor starts at ${deepPage.list[0]?.id}, OFFSET at ${firstDeep.rows[0]?.id}`);
        await timed('comments page 1 (keyset)', async () => {
          await api.post('/api/anchor_dynamics/commentList', { post_id: seed.threadPostId, page_size: PAGE_SIZE });
        });
        const deepHttp = await timed(`comments page ${fmt(DEEP_PAGE)} (keyset cursor)`, async () => {
          await api.post('/api/anchor_dynamics/commentList', { post_id: seed.threadPostId, cursor: deepCursor, page_size: PAGE_SIZE });
        });

        if (EXPLAIN) await explainPlans(benchPool, seed.threadPostId);
        const searches: Samples[] = [];
        for (const { term } of SEARCH_TERMS) {
          searches.push(
            await timed(`search ${[...term].length} characters '${term}' (api/Search/index, every kind)`, async () => {
              await api.get('/api/Search/index', { name: term });
            }),
          );
        }

        // Baselines, from this process on the same database.
        // Each baseline query twice over: the round trip from this process (p50/p99), and the
        // database's own time for it (planning + execution, from EXPLAIN ANALYZE with per-node
        // timing off): the ratios compare the latter, where the paging method and the index are
        // the whole difference (the round trip adds the same fixed cost to both sides).
        const sqlTimed = async (what: string, query: string, params: unknown[]) => {
          const samples = await measure(BASELINE_RUNS, 1, 3, async () => {
            await benchPool.query(query, params);
          });
          const inDatabase = new Samples();
          for (let run = 0; run < BASELINE_RUNS; run += 1) {
            const plan = await benchPool.query<{ 'QUERY PLAN': string }>(`explain (analyze, timing off, summary on) ${query}`, params);
            const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
            const planning = Number(/Planning Time: ([0-9.]+) ms/.exec(text)?.[1] ?? Number.NaN);
            const execution = Number(/Execution Time: ([0-9.]+) ms/.exec(text)?.[1] ?? Number.NaN);
            inDatabase.add(planning + execution);
          }
          log(`  SQL ${what}: round trip p50 ${ms(samples.p50)}, p99 ${ms(samples.p99)}; in the database (planning + execution) p50 ${ms(inDatabase.p50)}, p99 ${ms(inDatabase.p99)}`);
          return { roundTrip: samples, inDatabase };
        };
        const page = `select c.id, c.text, c.like_count, c.reply_count, c.created_at, u.user_nickname, u.avatar from post_comment c join app_user u on u.id = c.author_id
          where c.post_id = $1 and c.root_id is null and ((c.hidden = false and c.deleted_at is null) or c.reply_count > 0)`;
        log(`baselines (SQL from this process, ${BASELINE_RUNS} runs each)`);
        const keysetSql = await sqlTimed(`comments page ${fmt(DEEP_PAGE)} by keyset`, `${page} and c.id > $2 order by c.id limit ${PAGE_SIZE + 1}`, [seed.threadPostId, deepCursor]);
        const offsetSql = await sqlTimed(`comments page ${fmt(DEEP_PAGE)} by OFFSET ${fmt(depth)}`, `${page} order by c.id offset $2 limit ${PAGE_SIZE + 1}`, [seed.threadPostId, depth]);

        log('copying post without indexes (post_unindexed) for the unindexed search');
        await benchPool.query('drop table if exists post_unindexed');
        await benchPool.query('create table post_unindexed as select * from post');
        await benchPool.query('vacuum analyze post_unindexed');
        const postSearch = (table: string, where: string) =>
          `select p.id, left(p.text, 100) text, u.user_nickname from ${table} p join app_user u on u.id = p.author_id where p.hidden = false and p.deleted_at is null and ${where} order by p.id desc limit 10`;
        const searchBaselines: Array<{ term: string; indexed: { roundTrip: Samples; inDatabase: Samples }; unindexed: { roundTrip: Samples; inDatabase: Samples } }> = [];
        for (const { term } of SEARCH_TERMS) {
          const pattern = `%${term}%`;
          const indexedWhere = [...term].length === 2 ? `search_bigrams(p.text) @> array[lower($1)]::text[] and p.text ilike $2` : `p.text ilike $2 and $1::text is not null`;
          const indexed = await sqlTimed(`search '${term}' on post (indexed)`, postSearch('post', indexedWhere), [term, pattern]);
          const unindexed = await sqlTimed(`search '${term}' on post_unindexed (ILIKE, no index)`, postSearch('post_unindexed', `p.text ilike $2 and $1::text is not null`), [term, pattern]);
          searchBaselines.push({ term, indexed, unindexed });
        }
        await benchPool.query('drop table post_unindexed');

        const failures: string[] = [];
        console.log('');
        console.log(`Community reads over HTTP (${fmt(seed.posts)} posts, ${fmt(seed.comments)} comments, ${fmt(seed.likes)} likes; ${CONCURRENCY} requests in flight; server in its own process; ${os.cpus().length} cores shared by server, PostgreSQL and this client)`);
        for (const row of rows) {
          const okay = row.samples.p99 <= TARGET_P99_MS;
          if (!okay) failures.push(`${row.what}: p99 ${ms(row.samples.p99)} > ${TARGET_P99_MS} ms`);
          console.log(`  ${row.what.padEnd(62)} p50 ${ms(row.samples.p50).padStart(9)}  p99 ${ms(row.samples.p99).padStart(9)}  ${okay ? 'ok' : 'OVER'}  (CPU/request: ${row.cpu})`);
        }
        const pageRatio = offsetSql.inDatabase.p50 / keysetSql.inDatabase.p50;
        const httpPageRatio = offsetSql.roundTrip.p50 / deepHttp.p50;
        console.log(`Page ${fmt(DEEP_PAGE)} of a ${fmt(seed.threadTopComments)}-comment thread, the same query by keyset and by OFFSET (p50 / p99):`);
        console.log(`  in the database: keyset ${ms(keysetSql.inDatabase.p50)} / ${ms(keysetSql.inDatabase.p99)}; OFFSET ${ms(offsetSql.inDatabase.p50)} / ${ms(offsetSql.inDatabase.p99)}: keyset ${pageRatio.toFixed(1)}x faster (target >= ${TARGET_RATIO}x)`);
        console.log(`  round trip from here: keyset ${ms(keysetSql.roundTrip.p50)} / ${ms(keysetSql.roundTrip.p99)}; OFFSET ${ms(offsetSql.roundTrip.p50)} / ${ms(offsetSql.roundTrip.p99)}; the whole HTTP request by keyset (p50 ${ms(deepHttp.p50)}) is ${httpPageRatio.toFixed(1)}x faster than the OFFSET query's round trip alone`);
        if (pageRatio < TARGET_RATIO) failures.push(`page ${DEEP_PAGE}: keyset only ${pageRatio.toFixed(1)}x faster than OFFSET`);
        console.log('Search of the posts, the same query on post (trigram / bigram GIN) and on post_unindexed (a copy without any index), p50 / p99:');
        searchBaselines.forEach(({ term, indexed, unindexed }, index) => {
          const ratio = unindexed.inDatabase.p50 / indexed.inDatabase.p50;
          const http = searches[index] as Samples;
          console.log(
            `  '${term}' (${[...term].length} characters) in the database: indexed ${ms(indexed.inDatabase.p50)} / ${ms(indexed.inDatabase.p99)}; unindexed ILIKE ${ms(unindexed.inDatabase.p50)} / ${ms(unindexed.inDatabase.p99)}: ${ratio.toFixed(1)}x faster (target >= ${TARGET_RATIO}x)`,
          );
          console.log(
            `    round trip from here: indexed ${ms(indexed.roundTrip.p50)} / ${ms(indexed.roundTrip.p99)}; unindexed ${ms(unindexed.roundTrip.p50)} / ${ms(unindexed.roundTrip.p99)}; the whole api/Search/index over HTTP (7 kinds, p50 ${ms(http.p50)}) is ${(unindexed.roundTrip.p50 / http.p50).toFixed(1)}x faster than the unindexed posts query's round trip alone`,
          );
          if (ratio < TARGET_RATIO) failures.push(`search '${term}': indexed only ${ratio.toFixed(1)}x faster than unindexed`);
        });
        console.log(`Run took ${((Date.now() - started) / 1000).toFixed(0)} s; load average after ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);
        if (failures.length > 0) {
          console.log(`TARGETS MISSED: ${failures.join('; ')}`);
          return 1;
        }
        console.log('All targets met.');
        return 0;
      } finally {
        await close();
      }
    } finally {
      await server.stop();
    }
  } finally {
    await stopPostgres(postgres);
  }
}

async function explainPlans(pool: { query: (text: string, params?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }> }, threadPostId: number): Promise<void> {
  const feed = `select post.id, author.user_nickname, topic.name, home.short_name_zh, away.short_name_zh, room.title, room_owner.user_nickname
    from post join app_user author on author.id = post.author_id left join post_topic topic on topic.id = post.topic_id
    left join match on match.id = post.match_id left join team home on home.id = match.home_team_id left join team away on away.id = match.away_team_id
    left join live_room room on room.id = post.room_id left join app_user room_owner on room_owner.id = room.owner_id
    where post.hidden = false and post.deleted_at is null`;
  const plans: Array<[string, string, unknown[]]> = [
    ['feed latest', `${feed} order by post.id desc limit 21`, []],
    ['feed hot', `${feed} order by post.hot_score desc, post.id desc limit 21`, []],
    ['comments page 1', `select c.id from post_comment c join app_user u on u.id = c.author_id where c.post_id = $1 and c.root_id is null order by c.id limit 21`, [threadPostId]],
    ['search 2 characters (posts)', `select p.id from post p join app_user u on u.id = p.author_id where p.hidden = false and p.deleted_at is null and search_bigrams(p.text) @> array['梅西']::text[] and p.text ilike '%梅西%' order by p.id desc limit 10`, []],
    ['search 3 characters (posts)', `select p.id from post p join app_user u on u.id = p.author_id where p.hidden = false and p.deleted_at is null and p.text ilike '%哈兰德%' order by p.id desc limit 10`, []],
  ];
  for (const [what, query, params] of plans) {
    const result = await pool.query(`explain (analyze, buffers) ${query}`, params);
    log(`plan of ${what}:\n${result.rows.map((row) => `    ${String(row['QUERY PLAN'])}`).join('\n')}`);
  }
}

async function stopPostgres(postgres: BenchPostgres): Promise<void> {
  await postgres.stop().catch((error: unknown) => log(`stopping PostgreSQL failed: ${String(error)}`));
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

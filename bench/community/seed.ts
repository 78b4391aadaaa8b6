import type { ServerProcess } from '@sports/server/bench';

/** What the seed made: the ids the measurements use. */
export interface CommunitySeed {
  posts: number;
  comments: number;
  likes: number;
  /** The post with the long thread (its top comments reach page 1,000). */
  threadPostId: number;
  threadTopComments: number;
  /** The search terms and how many posts contain each. */
  terms: Array<{ term: string; posts: number }>;
}

export interface SeedCounts {
  posts: number;
  comments: number;
  likes: number;
  authors: number;
  /** Top comments on the one long thread (page 1,000 at 20 a page needs > 19,980). */
  threadTopComments: number;
}

/** The 2- and 3-character terms searched, and every how many posts one contains it. */
export const SEARCH_TERMS = [
  { term: '梅西', every: 500 },
  { term: '哈兰德', every: 1_000 },
] as const;

const SOURCE_CHARS = 2_000; // the CJK block's first 2,000 characters: a random text's bigrams rarely repeat a term's

/**
 * Rows straight into the server's database with `INSERT … SELECT generate_series` (no HTTP: the
 * seed is not what is measured): authors, posts of ~40 pseudo-random Chinese characters (some
 * with the search terms), comments (a tenth of them replies) and likes, spread over 100 days with
 * ids growing with time; then the posts' counts and hot scores as the server keeps them, and
 * ANALYZE.
 */
export async function seedCommunity(server: ServerProcess, counts: SeedCounts, log: (line: string) => void): Promise<CommunitySeed> {
  const { pool } = server.database.handle;
  const step = async (what: string, query: string, params: unknown[] = []) => {
    const started = Date.now();
    const result = await pool.query(query, params);
    log(`  ${what}: ${result.rowCount ?? 0} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };
  await step(
    'authors',
    `insert into app_user (mobile, user_nickname, avatar) select '86-135' || lpad(g::text, 8, '0'), '圈友' || g, '/static/avatars/avatar-1.svg' from generate_series(1, $1::int) g`,
    [counts.authors],
  );
  const authorRange = await pool.query<{ min: string; max: string }>(`select min(id), max(id) from app_user where mobile like '86-135%'`);
  const firstAuthor = Number(authorRange.rows[0]?.min);
  const caseTerms = SEARCH_TERMS.map((item, index) => `when g % ${item.every} = ${index + 1} then '${item.term}'`).join(' ');
  await step(
    'posts',
    `insert into post (author_id, text, topic_id, hot_score, created_at)
     select $2::bigint + (g % $3::int),
            (select string_agg(chr(19968 + abs(hashint4(g * 64 + i)) % ${SOURCE_CHARS}), '') from generate_series(1, 20) i)
              || (case ${caseTerms} else '' end)
              || (select string_agg(chr(19968 + abs(hashint4(g * 64 + 32 + i)) % ${SOURCE_CHARS}), '') from generate_series(1, 20) i),
            1 + g % 7,
            0,
            now() - interval '100 days' + (g::double precision / $1::int) * interval '100 days'
     from generate_series(1, $1::int) g`,
    [counts.posts, firstAuthor, counts.authors],
  );
  const postRange = await pool.query<{ min: string; max: string }>('select min(id), max(id) from post');
  const firstPost = Number(postRange.rows[0]?.min);
  // The long thread: the newest post (the first one the feed shows).
  const threadPostId = Number(postRange.rows[0]?.max);
  await step(
    'long thread: top comments',
    `insert into post_comment (post_id, author_id, text, created_at)
     select $1::bigint, $2::bigint + (g % $3::int), '楼层' || g, now() - interval '1 day' + g * interval '1 second' from generate_series(1, $4::int) g`,
    [threadPostId, firstAuthor, counts.authors, counts.threadTopComments],
  );
  const rest = Math.max(0, counts.comments - counts.threadTopComments);
  const tops = Math.round(rest * 0.9);
  await step(
    'top comments on other posts',
    `insert into post_comment (post_id, author_id, text, created_at)
     select $1::bigint + (abs(hashint4(g)) % $2::int), $3::bigint + (g % $4::int), '评论' || g, now() - interval '1 day' from generate_series(1, $5::int) g`,
    [firstPost, counts.posts - 1, firstAuthor, counts.authors, tops],
  );
  await step(
    'replies (a tenth of the comments)',
    `insert into post_comment (post_id, author_id, root_id, parent_id, text, created_at)
     select c.post_id, $1::bigint + (c.id % $2::int), c.id, c.id, '回复' || c.id, now() - interval '1 hour'
     from post_comment c where c.root_id is null order by c.id desc limit $3::int`,
    [firstAuthor, counts.authors, counts.comments - counts.threadTopComments - tops],
  );
  await step(
    'likes',
    `insert into post_like (post_id, user_id)
     select $1::bigint + (g / $3::int) % $4::int, $2::bigint + (g % $3::int) from generate_series(0, $5::int - 1) g on conflict do nothing`,
    [firstPost, firstAuthor, counts.authors, counts.posts, counts.likes],
  );
  await step('reply counts', `update post_comment c set reply_count = r.n from (select root_id, count(*)::int n from post_comment where root_id is not null group by root_id) r where c.id = r.root_id`);
  await step(
    'post counts and hot scores',
    `update post p set like_count = coalesce(l.n, 0), comment_count = coalesce(c.n, 0),
       hot_score = log(coalesce(l.n, 0) + 2 * coalesce(c.n, 0) + 1) + extract(epoch from p.created_at) / 45000
     from post q
     left join (select post_id, count(*)::int n from post_like group by post_id) l on l.post_id = q.id
     left join (select post_id, count(*)::int n from post_comment group by post_id) c on c.post_id = q.id
     where p.id = q.id`,
  );
  await step('vacuum analyze', 'vacuum analyze post, post_comment, post_like, app_user');
  const totals = await pool.query<{ posts: string; comments: string; likes: string }>(
    'select (select count(*) from post) posts, (select count(*) from post_comment) comments, (select count(*) from post_like) likes',
  );
  const terms = [];
  for (const { term } of SEARCH_TERMS) {
    const found = await pool.query<{ n: string }>(`select count(*) n from post where text like '%' || $1 || '%'`, [term]);
    terms.push({ term, posts: Number(found.rows[0]?.n) });
  }
  return {
    posts: Number(totals.rows[0]?.posts),
    comments: Number(totals.rows[0]?.comments),
    likes: Number(totals.rows[0]?.likes),
    threadPostId,
    threadTopComments: counts.threadTopComments,
    terms,
  };
}

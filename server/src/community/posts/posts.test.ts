import { randomBytes } from 'node:crypto';
import { COMMENT_REMOVED_TEXT, CommunityTopicListSchema, POST_TEXT_MAX, PostCommentPageSchema, PostPageSchema, PostSchema } from '@sports/shared/server';
import { sql } from 'kysely';
import { Value } from 'typebox/value';
import { expect, it } from 'vitest';
import { errors } from '../../infra/http/errorCatalogue';
import { type TestUser, createMatch, createUser } from '../../live/testing/roomsTestKit';
import { accountsTestOptions, createManualClock } from '../../testing/accounts';
import { describeEachDatabase, useTestApp } from '../../testing/testApp';
import { searchPosts, seedDemoPosts } from '../index';
import { seedDemoRooms } from '../../live/seedDemoRooms';

describeEachDatabase('community: posts, feeds, likes, comments (api/anchor_dynamics*)', (target) => {
  const clock = createManualClock(new Date());
  const accounts = accountsTestOptions(clock);
  const ctx = useTestApp(target, { ...accounts, app: { ...accounts.app, community: { config: { postsPerMinute: 3, commentsPerMinute: 4 } } } });

  type Answer = { status: number; code: number; msg: string; data: any; reason?: string };
  const call = async (method: 'GET' | 'POST', url: string, as?: TestUser, payload?: object): Promise<Answer> => {
    const response = await ctx.app.inject({ method, url, headers: as?.headers, ...(payload === undefined ? {} : { payload }) });
    return { status: response.statusCode, ...response.json() };
  };
  const get = (url: string, as?: TestUser) => call('GET', url, as);
  const post = (url: string, payload: object, as?: TestUser) => call('POST', url, as, payload);
  const refusal = (entry: { reason: string; message: unknown }) => ({ code: 1, msg: entry.message, reason: entry.reason });
  const validation = { status: 400, code: 1, reason: errors.VALIDATION.reason };

  /** Posts as a fresh member (each member may post 3 a minute here). */
  const publish = async (payload: object, as?: TestUser) => {
    const author = as ?? (await createUser(ctx.db));
    const answer = await post('/api/anchor_dynamics_user/insert', payload, author);
    expect(answer.code, answer.msg).toBe(200);
    return { author, post: answer.data as { id: number; comment_count: number; like_count: number } };
  };
  /** An image this member uploaded (the upload row the upload store writes; the file itself is not read). */
  const uploadOf = async (user: TestUser) => {
    const name = `${randomBytes(16).toString('hex')}.png`;
    const now = clock();
    await ctx.db.insertInto('upload').values({ user_id: user.id, token_hash: randomBytes(32), created_at: now, expires_at: now, used_at: now, file_name: name, content_type: 'image/png', size_bytes: 10 }).execute();
    return `/uploads/${name}`;
  };
  const comment = async (as: TestUser, postId: number, text: string, replyTo?: number) => {
    const answer = await post('/api/anchor_dynamics_user/comment', { post_id: postId, text, ...(replyTo === undefined ? {} : { reply_to: replyTo }) }, as);
    expect(answer.code, answer.msg).toBe(200);
    return answer.data as { id: number };
  };
  const postRow = (id: number) => ctx.db.selectFrom('post').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const commentRow = (id: number) => ctx.db.selectFrom('post_comment').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const feedIds = async (query: string, as?: TestUser) => {
    const answer = await get(`/api/anchor_dynamics/list?${query}`, as);
    expect(answer.code, answer.msg).toBe(200);
    return (answer.data.list as Array<{ id: number }>).map((item) => item.id);
  };
  /** Every page of a list, following next_cursor. */
  const allPages = async (fetchPage: (cursor: string | null) => Promise<Answer>) => {
    const ids: number[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 100; pages += 1) {
      const answer = await fetchPage(cursor);
      expect(answer.code, answer.msg).toBe(200);
      ids.push(...answer.data.list.map((item: { id: number }) => item.id));
      cursor = answer.data.next_cursor;
      if (cursor === null) return ids;
    }
    throw new Error('too many pages');
  };

  it('lists the seeded topics', async () => {
    const answer = await get('/api/anchor_dynamics/topics');
    expect(answer.code).toBe(200);
    expect(Value.Check(CommunityTopicListSchema, answer.data)).toBe(true);
    expect(answer.data.map((topic: { name: string }) => topic.name).slice(0, 5)).toEqual(['足球', '篮球', '电竞', '综合', '世界杯']);
  });

  it('insert: a member posts text, their own images, a topic and a match; info shows it to anyone', async () => {
    const author = await createUser(ctx.db, { nickname: '发帖人' });
    const images = [await uploadOf(author), await uploadOf(author)];
    const topic = (await get('/api/anchor_dynamics/topics')).data[0];
    const matchId = await createMatch(ctx.db, new Date());
    const { post: created } = await publish({ text: '  今晚的比赛 <b>太精彩</b>\n第二行  ', images, topic_id: topic.id, match_id: matchId }, author);
    expect(Value.Check(PostSchema, created)).toBe(true);
    expect(created).toMatchObject({
      author: { id: author.id, nickname: '发帖人', avatar: expect.any(String), level: 1 },
      text: '今晚的比赛 <b>太精彩</b>\n第二行',
      images,
      topic: { id: topic.id, name: topic.name },
      match: { id: matchId, home_team: '主队', away_team: '客队' },
      room: null,
      like_count: 0,
      comment_count: 0,
      liked_by_me: false,
      is_mine: true,
    });
    const guestView = await get(`/api/anchor_dynamics/info?id=${created.id}`);
    expect(guestView.code).toBe(200);
    expect(guestView.data).toEqual({ ...created, is_mine: false });

    // A room link; images only.
    const anchor = await createUser(ctx.db, { anchor: true, nickname: '主播甲' });
    const room = await ctx.db.insertInto('live_room').values({ owner_id: anchor.id, title: '直播间标题' }).returning('id').executeTakeFirstOrThrow();
    const linked = await publish({ text: '', images: [await uploadOf(author)], room_id: room.id }, author);
    expect(linked.post).toMatchObject({ text: '', room: { id: room.id, title: '直播间标题', anchor_nickname: '主播甲' }, match: null, topic: null });
  });

  it('insert: login, bad input, foreign images, unknown links, the word filter and the rate are refused', async () => {
    const member = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    expect(await post('/api/anchor_dynamics_user/insert', { text: '你好' })).toMatchObject({ code: 700 });
    const refused = async (payload: object, expected: object) => expect(await post('/api/anchor_dynamics_user/insert', payload, member), JSON.stringify(payload)).toMatchObject(expected);
    await refused({ text: 'x'.repeat(POST_TEXT_MAX + 1) }, validation);
    await refused({}, validation);
    await refused({ text: 'a', extra: 1 }, validation);
    await refused({ text: 'a', images: Array.from({ length: 10 }, (_, i) => `/uploads/${String(i).padStart(32, '0')}.png`) }, validation);
    await refused({ text: 'a\u0000b' }, validation);
    await refused({ text: '   ' }, refusal(errors.COMMUNITY_POST_EMPTY));
    await refused({ text: 'a', images: [await uploadOf(other)] }, refusal(errors.COMMUNITY_IMAGE_NOT_OURS));
    await refused({ text: 'a', images: ['https://evil.example/x.png'] }, refusal(errors.COMMUNITY_IMAGE_NOT_OURS));
    await refused({ text: 'a', images: ['/uploads/../secret.png'] }, refusal(errors.COMMUNITY_IMAGE_NOT_OURS));
    const mine = await uploadOf(member);
    await refused({ text: 'a', images: [mine, mine] }, refusal(errors.COMMUNITY_IMAGE_DUPLICATE));
    await refused({ text: 'a', topic_id: 99_999 }, refusal(errors.COMMUNITY_TOPIC_NOT_FOUND));
    await refused({ text: 'a', match_id: 99_999_999 }, refusal(errors.COMMUNITY_MATCH_NOT_FOUND));
    await refused({ text: 'a', room_id: 99_999_999 }, refusal(errors.COMMUNITY_ROOM_NOT_FOUND));
    await refused({ text: 'a', room_id: 1, match_id: 1 }, refusal(errors.COMMUNITY_ONE_LINK));
    await refused({ text: '有需要的 加微信 聊' }, refusal(errors.COMMUNITY_TEXT_REFUSED));
    expect(await ctx.db.selectFrom('post').select('id').where('author_id', '=', member.id).execute()).toEqual([]);

    // 3 a minute (this suite's setting), even when sent at once; a minute later again.
    const burst = await Promise.all(Array.from({ length: 5 }, (_, i) => post('/api/anchor_dynamics_user/insert', { text: `第${i}条` }, member)));
    expect(burst.filter((answer) => answer.code === 200)).toHaveLength(3);
    expect(burst.filter((answer) => answer.reason === errors.COMMUNITY_POSTING_TOO_FAST.reason)).toHaveLength(2);
    expect(burst.find((answer) => answer.code !== 200)).toMatchObject({ status: 429, msg: errors.COMMUNITY_POSTING_TOO_FAST.message(3) });
    clock.advance(61_000);
    expect((await post('/api/anchor_dynamics_user/insert', { text: '又一条' }, member)).code).toBe(200);
  });

  it('the latest feed and userPostList page by cursor with no duplicates or skips while new posts arrive', async () => {
    const topic = (await get('/api/anchor_dynamics/topics')).data[3].id as number;
    const created: number[] = [];
    for (let i = 0; i < 7; i += 1) created.push((await publish({ text: `分页 ${i}`, topic_id: topic })).post.id);
    const pages: number[][] = [];
    let cursor: string | null = null;
    do {
      const answer = await get(`/api/anchor_dynamics/list?view=latest&topic_id=${topic}&page_size=3${cursor === null ? '' : `&cursor=${cursor}`}`);
      expect(Value.Check(PostPageSchema, answer.data)).toBe(true);
      pages.push(answer.data.list.map((item: { id: number }) => item.id));
      cursor = answer.data.next_cursor;
      // New posts arrive between pages: they belong before page 1, never in later pages.
      await publish({ text: '新来的', topic_id: topic });
    } while (cursor !== null);
    expect(pages.flat()).toEqual([...created].reverse());
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);

    // A user's posts, newest first, paged; someone else's never mixed in.
    const author = await createUser(ctx.db);
    const mine: number[] = [];
    for (let i = 0; i < 3; i += 1) mine.push((await publish({ text: `我的 ${i}` }, author)).post.id);
    const listed = await allPages((c) => get(`/api/anchor_dynamics/userPostList?user_id=${author.id}&page_size=2${c === null ? '' : `&cursor=${c}`}`));
    expect(listed).toEqual([...mine].reverse());
    expect(await allPages((c) => get(`/api/anchor_dynamics/userPostList?page_size=2${c === null ? '' : `&cursor=${c}`}`, author))).toEqual([...mine].reverse());
    expect(await get('/api/anchor_dynamics/userPostList')).toMatchObject({ code: 700 });
    expect(await get('/api/anchor_dynamics/userPostList?user_id=99999999')).toMatchObject(refusal(errors.COMMUNITY_USER_NOT_FOUND));
    for (const bad of ['cursor=abc!', 'cursor=0', 'cursor=1.5', 'page_size=0', 'page_size=51', 'view=new', 'topic_id=0']) {
      expect(await get(`/api/anchor_dynamics/list?${bad}`), bad).toMatchObject(bad.startsWith('cursor=1.5') || bad === 'cursor=0' ? refusal(errors.COMMUNITY_BAD_CURSOR) : validation);
    }
    expect(await get('/api/anchor_dynamics/list?view=hot&cursor=123')).toMatchObject(refusal(errors.COMMUNITY_BAD_CURSOR));
  });

  it('hot ranks by likes, comments and age, pages by (score, id); following shows the anchors I follow', async () => {
    const topic = (await get('/api/anchor_dynamics/topics')).data[2].id as number;
    const old = await publish({ text: '老帖子', topic_id: topic });
    // Three hours older (moving the clock that far would expire the test sessions).
    await sql`update post set created_at = created_at - interval '3 hours', hot_score = hot_score - 10800.0 / 45000 where id = ${old.post.id}`.execute(ctx.db);
    const fresh = await publish({ text: '新帖子', topic_id: topic });
    const liked = await publish({ text: '同时的帖子', topic_id: topic });
    expect(await feedIds(`view=hot&topic_id=${topic}`)).toEqual([liked.post.id, fresh.post.id, old.post.id]);
    // Likes lift a post: the old one with 3 likes and a comment outranks new ones without any.
    for (let i = 0; i < 3; i += 1) expect((await post('/api/anchor_dynamics_user/likes', { post_id: old.post.id }, await createUser(ctx.db))).code).toBe(200);
    await comment(await createUser(ctx.db), old.post.id, '顶');
    expect(await feedIds(`view=hot&topic_id=${topic}`)).toEqual([old.post.id, liked.post.id, fresh.post.id]);
    const paged = await allPages((c) => get(`/api/anchor_dynamics/list?view=hot&topic_id=${topic}&page_size=1${c === null ? '' : `&cursor=${c}`}`));
    expect(paged).toEqual([old.post.id, liked.post.id, fresh.post.id]);

    // Following: only the anchors this member follows; guests must log in.
    const anchor = await createUser(ctx.db, { anchor: true });
    const follower = await createUser(ctx.db);
    await ctx.db.insertInto('user_follow').values({ follower_id: follower.id, anchor_id: anchor.id }).execute();
    const anchorPost = await publish({ text: '主播的动态' }, anchor);
    expect(await feedIds('view=following', follower)).toEqual([anchorPost.post.id]);
    expect(await feedIds('view=following', await createUser(ctx.db))).toEqual([]);
    expect(await get('/api/anchor_dynamics/list?view=following')).toMatchObject({ code: 700 });
  });

  it('likes: toggles and explicit likes, counted exactly when many members like and unlike at once', async () => {
    const { post: target } = await publish({ text: '点赞测试' });
    const member = await createUser(ctx.db);
    const like = (as: TestUser, body: object = {}) => post('/api/anchor_dynamics_user/likes', { post_id: target.id, ...body }, as);
    expect((await like(member)).data).toEqual({ post_id: target.id, liked: true, like_count: 1 });
    expect((await get(`/api/anchor_dynamics/info?id=${target.id}`, member)).data).toMatchObject({ liked_by_me: true, like_count: 1 });
    expect((await like(member, { like: 1 })).data).toEqual({ post_id: target.id, liked: true, like_count: 1 });
    expect((await like(member)).data).toEqual({ post_id: target.id, liked: false, like_count: 0 });
    expect((await like(member, { like: 0 })).data).toEqual({ post_id: target.id, liked: false, like_count: 0 });
    expect(await post('/api/anchor_dynamics_user/likes', { post_id: target.id })).toMatchObject({ code: 700 });
    expect(await like(member, { like: 2 })).toMatchObject(validation);
    expect(await post('/api/anchor_dynamics_user/likes', { post_id: 99_999_999 }, member)).toMatchObject(refusal(errors.COMMUNITY_POST_NOT_FOUND));

    const members = await Promise.all(Array.from({ length: 24 }, () => createUser(ctx.db)));
    // Everyone toggles at once (liked), a third toggle three times more at once (each ends liked
    // or not: the count must equal the rows whatever the interleaving), and a double click of one member.
    await Promise.all(members.map((as) => like(as)));
    await Promise.all(members.slice(0, 8).flatMap((as) => [like(as), like(as), like(as)]));
    const rows = await ctx.db.selectFrom('post_like').select((eb) => eb.fn.countAll<string>().as('n')).where('post_id', '=', target.id).executeTakeFirstOrThrow();
    const stored = await postRow(target.id);
    expect(stored.like_count).toBe(Number(rows.n));
    expect(stored.like_count).toBeGreaterThanOrEqual(16);
    // Explicit likes from all at once: exactly one per member.
    await Promise.all(members.flatMap((as) => [like(as, { like: 1 }), like(as, { like: 1 })]));
    expect((await postRow(target.id)).like_count).toBe(24);
    await Promise.all(members.map((as) => like(as, { like: 0 })));
    expect((await postRow(target.id)).like_count).toBe(0);
  });

  it('comments and replies: counts exact under concurrency, folded replies, the reply page, comment likes', async () => {
    const { author, post: target } = await publish({ text: '评论测试' });
    const first = await createUser(ctx.db, { nickname: '评论者' });
    const top = await comment(first, target.id, '第一条评论');
    const commenters = await Promise.all(Array.from({ length: 12 }, () => createUser(ctx.db)));
    // 12 members reply at once, and 12 more comment at once: every count exact.
    await Promise.all(commenters.map((as, i) => comment(as, target.id, `回复 ${i}`, top.id)));
    await Promise.all(commenters.map((as, i) => comment(as, target.id, `评论 ${i}`)));
    expect((await postRow(target.id)).comment_count).toBe(25);
    expect((await commentRow(top.id)).reply_count).toBe(12);
    // A reply to a reply joins the same thread and names whom it answers.
    const firstReply = await ctx.db.selectFrom('post_comment').select('id').where('root_id', '=', top.id).orderBy('id').executeTakeFirstOrThrow();
    const nested = await post('/api/anchor_dynamics_user/comment', { post_id: target.id, text: '回复回复', reply_to: firstReply.id }, author);
    expect(nested.data).toMatchObject({ root_id: top.id, reply_to: { comment_id: firstReply.id }, author: { id: author.id }, is_mine: true, replies: [], reply_count: 0 });

    const page = await post('/api/anchor_dynamics/commentList', { post_id: target.id, page_size: 5 });
    expect(Value.Check(PostCommentPageSchema, page.data)).toBe(true);
    expect(page.data.comment_count).toBe(26);
    expect(page.data.list[0]).toMatchObject({ id: top.id, text: '第一条评论', author: { nickname: '评论者' }, reply_count: 13, root_id: null, reply_to: null });
    expect(page.data.list[0].replies).toHaveLength(3);
    expect(page.data.list[0].replies[0]).toMatchObject({ id: firstReply.id, root_id: top.id, reply_to: { comment_id: top.id, nickname: '评论者' } });
    expect(page.data.list.slice(1).every((item: { reply_count: number; replies: unknown[] }) => item.reply_count === 0 && item.replies.length === 0)).toBe(true);
    const tops = await allPages((c) => post('/api/anchor_dynamics/commentList', { post_id: target.id, page_size: 5, ...(c === null ? {} : { cursor: c }) }));
    expect(tops).toHaveLength(13);
    expect(new Set(tops).size).toBe(13);
    const replies = await allPages((c) => post('/api/anchor_dynamics/commentList', { post_id: target.id, root_id: top.id, page_size: 4, ...(c === null ? {} : { cursor: c }) }));
    expect(replies).toHaveLength(13);
    expect(replies).toEqual([...replies].sort((a, b) => a - b));

    // Comment likes: toggles, exact at once.
    const likeComment = (as: TestUser) => post('/api/anchor_dynamics_user/commentLikes', { comment_id: top.id }, as);
    expect((await likeComment(first)).data).toEqual({ comment_id: top.id, liked: true, like_count: 1 });
    expect((await post('/api/anchor_dynamics/commentList', { post_id: target.id, page_size: 1 }, first)).data.list[0]).toMatchObject({ liked_by_me: true, like_count: 1, is_mine: true });
    await Promise.all(commenters.flatMap((as) => [likeComment(as), post('/api/anchor_dynamics_user/commentLikes', { comment_id: top.id, like: 1 }, as)]));
    const likeRows = await ctx.db.selectFrom('post_comment_like').select((eb) => eb.fn.countAll<string>().as('n')).where('comment_id', '=', top.id).executeTakeFirstOrThrow();
    expect((await commentRow(top.id)).like_count).toBe(Number(likeRows.n));
    expect(await post('/api/anchor_dynamics_user/commentLikes', { comment_id: top.id })).toMatchObject({ code: 700 });
    expect(await post('/api/anchor_dynamics_user/commentLikes', { comment_id: 99_999_999 }, first)).toMatchObject(refusal(errors.COMMUNITY_COMMENT_NOT_FOUND));

    // Bad input and limits.
    expect(await post('/api/anchor_dynamics_user/comment', { post_id: target.id, text: '未登录' })).toMatchObject({ code: 700 });
    expect(await post('/api/anchor_dynamics_user/comment', { post_id: target.id, text: '' }, first)).toMatchObject(validation);
    expect(await post('/api/anchor_dynamics_user/comment', { post_id: target.id, text: 'x'.repeat(501) }, first)).toMatchObject(validation);
    expect(await post('/api/anchor_dynamics_user/comment', { post_id: target.id, text: '  ' }, first)).toMatchObject(refusal(errors.COMMUNITY_TEXT_BLANK));
    expect(await post('/api/anchor_dynamics_user/comment', { post_id: 99_999_999, text: '无' }, first)).toMatchObject(refusal(errors.COMMUNITY_POST_NOT_FOUND));
    expect(await post('/api/anchor_dynamics_user/comment', { post_id: target.id, text: '你是脑残' }, first)).toMatchObject(refusal(errors.COMMUNITY_TEXT_REFUSED));
    const otherPost = await publish({ text: '另一条' });
    expect(await post('/api/anchor_dynamics_user/comment', { post_id: otherPost.post.id, text: '跨帖回复', reply_to: top.id }, first)).toMatchObject(refusal(errors.COMMUNITY_COMMENT_NOT_FOUND));
    expect(await post('/api/anchor_dynamics/commentList', { post_id: otherPost.post.id, root_id: top.id })).toMatchObject(refusal(errors.COMMUNITY_COMMENT_NOT_FOUND));
    expect(await post('/api/anchor_dynamics/commentList', { post_id: target.id, cursor: 'x y' })).toMatchObject(validation);
    const fast = await createUser(ctx.db);
    const burst = await Promise.all(Array.from({ length: 6 }, (_, i) => post('/api/anchor_dynamics_user/comment', { post_id: target.id, text: `快 ${i}` }, fast)));
    expect(burst.filter((answer) => answer.code === 200)).toHaveLength(4);
    expect(burst.find((answer) => answer.code !== 200)).toMatchObject({ status: 429, ...refusal(errors.COMMUNITY_COMMENTING_TOO_FAST), msg: errors.COMMUNITY_COMMENTING_TOO_FAST.message(4) });
  });

  it('deleting: only your own; counts stay right; a deleted comment with replies is a placeholder; a deleted post is gone', async () => {
    const { author, post: target } = await publish({ text: '删除测试' });
    const member = await createUser(ctx.db);
    const stranger = await createUser(ctx.db);
    const top = await comment(member, target.id, '会被删的评论');
    const reply = await comment(stranger, target.id, '回复', top.id);
    const lonely = await comment(stranger, target.id, '单独的评论');
    expect((await postRow(target.id)).comment_count).toBe(3);

    const del = (commentId: number, as?: TestUser) => post('/api/anchor_dynamics_user/deleteComment', { comment_id: commentId }, as);
    expect(await del(top.id)).toMatchObject({ code: 700 });
    expect(await del(top.id, stranger)).toMatchObject({ status: 403, ...refusal(errors.COMMUNITY_NOT_AUTHOR) });
    expect(await del(top.id, author)).toMatchObject({ status: 403, ...refusal(errors.COMMUNITY_NOT_AUTHOR) });
    expect((await del(top.id, member)).data).toEqual({ id: top.id, comment_count: 2 });
    expect(await del(top.id, member)).toMatchObject(refusal(errors.COMMUNITY_COMMENT_NOT_FOUND));
    expect((await del(lonely.id, stranger)).data).toEqual({ id: lonely.id, comment_count: 1 });
    const list = (await post('/api/anchor_dynamics/commentList', { post_id: target.id })).data;
    expect(list.comment_count).toBe(1);
    expect(list.list).toHaveLength(1);
    expect(list.list[0]).toMatchObject({ id: top.id, removed: true, text: COMMENT_REMOVED_TEXT, author: null, is_mine: false, reply_count: 1, replies: [{ id: reply.id }] });
    // The reply deleted: the thread is gone, counts at zero.
    expect((await del(reply.id, stranger)).data).toEqual({ id: reply.id, comment_count: 0 });
    expect((await commentRow(top.id)).reply_count).toBe(0);
    expect((await post('/api/anchor_dynamics/commentList', { post_id: target.id })).data).toEqual({ list: [], next_cursor: null, comment_count: 0 });
    // A removed comment cannot be liked or replied to.
    expect(await post('/api/anchor_dynamics_user/commentLikes', { comment_id: top.id }, stranger)).toMatchObject(refusal(errors.COMMUNITY_COMMENT_NOT_FOUND));
    expect(await post('/api/anchor_dynamics_user/comment', { post_id: target.id, text: '回', reply_to: top.id }, stranger)).toMatchObject(refusal(errors.COMMUNITY_COMMENT_NOT_FOUND));

    // Posts: only the author; then gone from info, feeds, user lists, comments and likes.
    const delPost = (as?: TestUser) => post('/api/anchor_dynamics_user/delete', { post_id: target.id }, as);
    expect(await delPost()).toMatchObject({ code: 700 });
    expect(await delPost(member)).toMatchObject({ status: 403, ...refusal(errors.COMMUNITY_NOT_AUTHOR) });
    expect(await post('/api/anchor_dynamics_user/delete', { post_id: 'x' }, author)).toMatchObject(validation);
    expect((await delPost(author)).data).toEqual({ id: target.id });
    expect(await delPost(author)).toMatchObject(refusal(errors.COMMUNITY_POST_NOT_FOUND));
    expect(await get(`/api/anchor_dynamics/info?id=${target.id}`)).toMatchObject(refusal(errors.COMMUNITY_POST_NOT_FOUND));
    expect(await feedIds('view=latest&page_size=50')).not.toContain(target.id);
    expect(await feedIds('view=hot&page_size=50')).not.toContain(target.id);
    expect((await get(`/api/anchor_dynamics/userPostList?user_id=${author.id}`)).data.list).toEqual([]);
    expect(await post('/api/anchor_dynamics/commentList', { post_id: target.id })).toMatchObject(refusal(errors.COMMUNITY_POST_NOT_FOUND));
    expect(await post('/api/anchor_dynamics_user/likes', { post_id: target.id }, member)).toMatchObject(refusal(errors.COMMUNITY_POST_NOT_FOUND));
    expect(await post('/api/anchor_dynamics_user/comment', { post_id: target.id, text: '晚了' }, member)).toMatchObject(refusal(errors.COMMUNITY_POST_NOT_FOUND));
  });

  it('moderation: hidden posts and comments vanish from every list and count, and come back when unhidden', async () => {
    const postTarget = ctx.app.moderation.target('post');
    const commentTarget = ctx.app.moderation.target('comment');
    if (postTarget === undefined || commentTarget === undefined) throw new Error('community targets not registered');
    const topic = (await get('/api/anchor_dynamics/topics')).data[4].id as number;
    const { author, post: target } = await publish({ text: '被举报的动态', topic_id: topic });
    const member = await createUser(ctx.db);
    const top = await comment(member, target.id, '被举报的评论');
    const reply = await comment(member, target.id, '被举报的回复', top.id);
    await comment(member, target.id, '正常评论');

    expect(await postTarget.describe(String(target.id))).toEqual({ authorId: author.id, excerpt: '被举报的动态', hidden: false });
    expect(await commentTarget.describe(String(top.id))).toEqual({ authorId: member.id, excerpt: '被举报的评论', hidden: false });
    expect(await postTarget.describe('abc')).toBeNull();
    expect(await postTarget.describe('99999999')).toBeNull();

    // A hidden reply: out of the thread and the counts (twice is once).
    await commentTarget.hide(String(reply.id));
    await commentTarget.hide(String(reply.id));
    expect((await postRow(target.id)).comment_count).toBe(2);
    expect((await commentRow(top.id)).reply_count).toBe(0);
    let list = (await post('/api/anchor_dynamics/commentList', { post_id: target.id })).data;
    expect(list.list.map((item: { id: number }) => item.id)).toHaveLength(2);
    expect(list.list[0]).toMatchObject({ id: top.id, reply_count: 0, replies: [] });
    expect(await post('/api/anchor_dynamics_user/commentLikes', { comment_id: reply.id }, member)).toMatchObject(refusal(errors.COMMUNITY_COMMENT_NOT_FOUND));
    await commentTarget.unhide(String(reply.id));
    expect((await postRow(target.id)).comment_count).toBe(3);
    expect((await commentRow(top.id)).reply_count).toBe(1);
    // A hidden top comment with a reply: a placeholder.
    await commentTarget.hide(String(top.id));
    list = (await post('/api/anchor_dynamics/commentList', { post_id: target.id })).data;
    expect(list.comment_count).toBe(2);
    expect(list.list[0]).toMatchObject({ id: top.id, removed: true, text: COMMENT_REMOVED_TEXT, author: null, replies: [{ id: reply.id, reply_to: { comment_id: top.id, nickname: '' } }] });
    expect(JSON.stringify(list)).not.toContain('被举报的评论');
    // Removed by moderation: deleted, counts adjusted once.
    await commentTarget.remove(String(reply.id));
    await commentTarget.remove(String(reply.id));
    expect((await postRow(target.id)).comment_count).toBe(1);

    // A hidden post: gone from info, every feed, the author's list, and its comments.
    await postTarget.hide(String(target.id));
    expect(await get(`/api/anchor_dynamics/info?id=${target.id}`)).toMatchObject(refusal(errors.COMMUNITY_POST_NOT_FOUND));
    expect(await feedIds(`view=latest&topic_id=${topic}`)).toEqual([]);
    expect(await feedIds(`view=hot&topic_id=${topic}`)).toEqual([]);
    expect((await get(`/api/anchor_dynamics/userPostList?user_id=${author.id}`)).data.list).toEqual([]);
    expect(await post('/api/anchor_dynamics/commentList', { post_id: target.id })).toMatchObject(refusal(errors.COMMUNITY_POST_NOT_FOUND));
    expect(await postTarget.describe(String(target.id))).toMatchObject({ hidden: true });
    await postTarget.unhide(String(target.id));
    expect(await feedIds(`view=latest&topic_id=${topic}`)).toEqual([target.id]);
    await postTarget.remove(String(target.id));
    expect(await feedIds(`view=latest&topic_id=${topic}`)).toEqual([]);
    expect(await postTarget.describe(String(target.id))).toBeNull();
  });

  it('hostile cursors and ids are refused by the schema or the cursor decoder, never by PostgreSQL', async () => {
    const member = await createUser(ctx.db);
    const { post: target } = await publish({ text: '游标' });
    for (const value of ['9223372036854775808', '100000000000000000000', '-1', '1e30', '0.5', '999999999999_9223372036854775808', '1.0e5_1', '99999999999.9_1']) {
      const answers = [
        await get(`/api/anchor_dynamics/list?cursor=${encodeURIComponent(value)}`, member),
        await get(`/api/anchor_dynamics/list?view=hot&cursor=${encodeURIComponent(value)}`, member),
        await get(`/api/anchor_dynamics/list?view=following&cursor=${encodeURIComponent(value)}`, member),
        await get(`/api/anchor_dynamics/userPostList?user_id=${member.id}&cursor=${encodeURIComponent(value)}`),
        await post('/api/anchor_dynamics/commentList', { post_id: target.id, cursor: value }),
        await post('/api/anchor_dynamics/commentList', { post_id: target.id, root_id: 1, cursor: value }),
      ];
      for (const answer of answers) {
        expect(answer.status, value).toBeLessThan(500);
        expect(answer.reason, value).not.toBe('DB_INVALID_VALUE');
      }
    }
  });

  it('searchPosts (for search): visible posts containing the text, newest first, by keyset; % and _ literal', async () => {
    const word = `搜索词${randomBytes(3).toString('hex')}`;
    const first = await publish({ text: `第一条 ${word} 100%` });
    const second = await publish({ text: `第二条 ${word.toUpperCase()}` });
    const hidden = await publish({ text: `隐藏的 ${word}` });
    await ctx.app.moderation.target('post')?.hide(String(hidden.post.id));
    const page1 = await searchPosts(ctx.db, { q: word, pageSize: 1 });
    expect(page1.list.map((item) => item.id)).toEqual([second.post.id]);
    const page2 = await searchPosts(ctx.db, { q: word, pageSize: 1, cursor: page1.next_cursor ?? undefined });
    expect(page2).toMatchObject({ list: [{ id: first.post.id }], next_cursor: null });
    expect((await searchPosts(ctx.db, { q: `${word} 100%` })).list.map((item) => item.id)).toEqual([first.post.id]);
    expect((await searchPosts(ctx.db, { q: `${word}%第` })).list).toEqual([]);
  });

  it('text is stored and answered as plain text (markup is inert data, not removed or rendered)', async () => {
    const text = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const { post: created } = await publish({ text });
    expect((await get(`/api/anchor_dynamics/info?id=${created.id}`)).data.text).toBe(text);
  });

  // Last: the demo posts land in the topics the tests above list.
  it('seedDemoPosts: the demo anchors post once (idempotent), visible in the feed, one linking its room', async () => {
    await seedDemoRooms(ctx.db);
    await seedDemoPosts(ctx.db);
    await seedDemoPosts(ctx.db);
    const demo = await ctx.db.selectFrom('post').innerJoin('app_user', 'app_user.id', 'post.author_id').select(['post.id', 'post.room_id']).where('app_user.mobile', 'like', '86-1000000000%').execute();
    expect(demo).toHaveLength(8);
    expect(demo.filter((row) => row.room_id !== null)).toHaveLength(2);
    const feed = await get('/api/anchor_dynamics/list?page_size=50');
    expect(feed.data.list.map((item: { id: number }) => item.id)).toEqual(expect.arrayContaining(demo.map((row) => row.id)));
    const times = feed.data.list.filter((item: { id: number }) => demo.some((row) => row.id === item.id)).map((item: { created_at: string }) => item.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });
});

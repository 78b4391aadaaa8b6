import { COMMENT_REMOVED_TEXT, HeadlineCommentPageSchema, HeadlineCommentSchema, ModerationReportPageSchema } from '@sports/shared/server';
import { Value } from 'typebox/value';
import { expect, it } from 'vitest';
import { errors } from '../../infra/http/errorCatalogue';
import { type TestUser, createUser } from '../../live/testing/roomsTestKit';
import { TEST_OPS_TOKEN, scratchReleases } from '../../rollouts/testing/releaseFixtures';
import { DEFAULT_HALT_POLICY } from '../../rollouts/releaseHealth';
import { accountsTestOptions, createManualClock } from '../../testing/accounts';
import { describeEachDatabase, useTestApp } from '../../testing/testApp';

const OPS = { 'x-ops-token': TEST_OPS_TOKEN, 'x-ops-actor': '编辑小王' };

describeEachDatabase('community: headline comments and reports (api/Headlines/commentList, api/Headlines_user/comment*)', (target) => {
  const clock = createManualClock(new Date());
  const accounts = accountsTestOptions(clock);
  const ctx = useTestApp(target, {
    ...accounts,
    app: { ...accounts.app, releases: scratchReleases(DEFAULT_HALT_POLICY), community: { config: { postsPerMinute: 3, commentsPerMinute: 4 } } },
  });

  type Answer = { status: number; code: number; msg: string; data: any; reason?: string };
  const call = async (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}): Promise<Answer> => {
    const response = await ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
    return { status: response.statusCode, ...response.json() };
  };
  const post = (url: string, payload: object, as?: TestUser) => call('POST', url, payload, as?.headers);
  const ops = (method: 'GET' | 'POST', url: string, payload?: object) => call(method, url, payload, OPS);
  const refusal = (entry: { reason: string }) => ({ code: 1, reason: entry.reason });
  const validation = { status: 400, code: 1, reason: errors.VALIDATION.reason };

  let counter = 0;
  /** An article as ops write it, published (or left a draft). */
  const article = async (publish = true) => {
    const created = await ops('POST', '/api/ops/headlines', { title: `评论测试文章 ${++counter}`, category: 'general', body: `正文 ${counter}` });
    expect(created.code, created.msg).toBe(200);
    if (publish) expect((await ops('POST', `/api/ops/headlines/${created.data.id}/state`, { state: 'published' })).code).toBe(200);
    return created.data.id as number;
  };
  /** A member who has not commented yet this minute (each may write 4 a minute here). */
  const member = () => createUser(ctx.db);
  const comment = async (as: TestUser, headlineId: number, text: string, replyTo?: number) => {
    const answer = await post('/api/Headlines_user/comment', { headline_id: headlineId, text, ...(replyTo === undefined ? {} : { reply_to: replyTo }) }, as);
    expect(answer.code, answer.msg).toBe(200);
    expect(Value.Errors(HeadlineCommentSchema, answer.data)).toEqual([]);
    return answer.data as { id: number; headline_id: number; text: string; is_mine: boolean };
  };
  const list = async (payload: object, as?: TestUser) => {
    const answer = await post('/api/Headlines/commentList', payload, as);
    expect(answer.code, answer.msg).toBe(200);
    expect(Value.Errors(HeadlineCommentPageSchema, answer.data)).toEqual([]);
    return answer.data as { list: Array<{ id: number; text: string; removed: boolean; reply_count: number; liked_by_me: boolean; like_count: number; replies: Array<{ id: number; reply_to: { nickname: string } | null }> }>; next_cursor: string | null; comment_count: number };
  };
  const countOf = async (id: number) => Number((await ctx.db.selectFrom('headline').select('comment_count').where('id', '=', id).executeTakeFirstOrThrow()).comment_count);
  const detailCount = async (id: number) => (await call('GET', `/api/Headlines/detail?id=${id}`)).data.comment_count as number;

  it('members comment and reply; the list folds replies; comment_count is right on the article, its page and the lists', async () => {
    const id = await article();
    const [first, second] = [await member(), await member()];
    const top = await comment(first, id, '  好文章  ');
    expect(top).toMatchObject({ headline_id: id, text: '好文章', is_mine: true });
    const reply = await comment(second, id, '同意', top.id);
    const replyToReply = await comment(first, id, '谢谢', reply.id);
    const other = await comment(second, id, '第二条');

    const page = await list({ headline_id: id }, first);
    expect(page.comment_count).toBe(4);
    expect(page.list.map((item) => [item.id, item.reply_count])).toEqual([
      [top.id, 2],
      [other.id, 0],
    ]);
    expect(page.list[0]?.replies.map((item) => item.id)).toEqual([reply.id, replyToReply.id]);
    expect(page.list[0]?.replies[1]?.reply_to?.nickname).not.toBe('');
    // The thread's replies ("more replies") by root_id.
    const thread = await list({ headline_id: id, root_id: top.id, page_size: 1 });
    expect(thread.list.map((item) => item.id)).toEqual([reply.id]);
    expect((await list({ headline_id: id, root_id: top.id, page_size: 1, cursor: thread.next_cursor })).list.map((item) => item.id)).toEqual([replyToReply.id]);

    expect(await countOf(id)).toBe(4);
    expect(await detailCount(id)).toBe(4);
    const listed = (await call('GET', '/api/Headlines/getList?category=general&page_size=50')).data.list as Array<{ id: number; comment_count: number }>;
    expect(listed.find((item) => item.id === id)?.comment_count).toBe(4);
  });

  it('pages top comments by cursor (keyset), oldest first, every comment once', async () => {
    const id = await article();
    const written: number[] = [];
    for (let index = 0; index < 7; index += 1) written.push((await comment(await member(), id, `第 ${index} 条`)).id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await list({ headline_id: id, page_size: 3, ...(cursor === null ? {} : { cursor }) });
      seen.push(...page.list.map((item) => item.id));
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(seen).toEqual(written);
  });

  it('refuses bad input: guests, unknown or unpublished articles, blank or long text, words on the list, foreign replies, bad cursors, extra fields', async () => {
    const id = await article();
    const draft = await article(false);
    const writer = await member();
    expect(await post('/api/Headlines_user/comment', { headline_id: id, text: '游客' })).toMatchObject({ code: 700 });
    expect(await post('/api/Headlines_user/comment', { headline_id: 999_999_999, text: '没有' }, writer)).toMatchObject(refusal(errors.HEADLINE_NOT_FOUND));
    expect(await post('/api/Headlines_user/comment', { headline_id: draft, text: '草稿' }, writer)).toMatchObject(refusal(errors.HEADLINE_NOT_FOUND));
    expect(await post('/api/Headlines/commentList', { headline_id: draft })).toMatchObject(refusal(errors.HEADLINE_NOT_FOUND));
    expect(await post('/api/Headlines_user/comment', { headline_id: id, text: '   ' }, writer)).toMatchObject(refusal(errors.COMMUNITY_TEXT_BLANK));
    expect(await post('/api/Headlines_user/comment', { headline_id: id, text: '长'.repeat(501) }, writer)).toMatchObject(validation);
    expect(await post('/api/Headlines_user/comment', { headline_id: id, text: '你是脑残' }, writer)).toMatchObject(refusal(errors.COMMUNITY_TEXT_REFUSED));
    expect(await post('/api/Headlines_user/comment', { headline_id: '1; drop', text: '坏' }, writer)).toMatchObject(validation);
    expect(await post('/api/Headlines_user/comment', { headline_id: id, text: '多', extra: 1 }, writer)).toMatchObject(validation);
    // A reply must answer a comment of the same article (not another article's, not a post's).
    const elsewhere = await comment(await member(), await article(), '别处');
    expect(await post('/api/Headlines_user/comment', { headline_id: id, text: '串门', reply_to: elsewhere.id }, writer)).toMatchObject(refusal(errors.COMMUNITY_COMMENT_NOT_FOUND));
    const circlePost = await post('/api/anchor_dynamics_user/insert', { text: '一条动态' }, writer);
    const postComment = await post('/api/anchor_dynamics_user/comment', { post_id: circlePost.data.id, text: '动态评论' }, await member());
    expect(postComment.code, postComment.msg).toBe(200);
    expect(await post('/api/Headlines_user/comment', { headline_id: id, text: '串门', reply_to: postComment.data.id }, writer)).toMatchObject(refusal(errors.COMMUNITY_COMMENT_NOT_FOUND));
    // The routes of each kind act on their own kind's comments only.
    expect(await post('/api/Headlines_user/commentLikes', { comment_id: postComment.data.id }, writer)).toMatchObject(refusal(errors.COMMUNITY_COMMENT_NOT_FOUND));
    expect(await post('/api/anchor_dynamics_user/commentLikes', { comment_id: elsewhere.id }, writer)).toMatchObject(refusal(errors.COMMUNITY_COMMENT_NOT_FOUND));
    expect(await post('/api/anchor_dynamics/commentList', { post_id: circlePost.data.id })).toMatchObject({ code: 200, data: { comment_count: 1 } });
    expect(await post('/api/Headlines/commentList', { headline_id: id, cursor: 'zz' })).toMatchObject(refusal(errors.COMMUNITY_BAD_CURSOR));
    expect(await post('/api/Headlines/commentList', { headline_id: id, cursor: '../x' })).toMatchObject(validation);
    expect(await post('/api/Headlines/commentList', { headline_id: id, page_size: 51 })).toMatchObject(validation);
    expect(await post('/api/Headlines/commentList', { headline_id: id, root_id: elsewhere.id })).toMatchObject(refusal(errors.COMMUNITY_COMMENT_NOT_FOUND));
    expect(await post('/api/Headlines_user/commentLikes', { comment_id: 0 }, writer)).toMatchObject(validation);
    expect(await post('/api/Headlines_user/deleteComment', { comment_id: 'x' }, writer)).toMatchObject(validation);
    expect(await countOf(id)).toBe(0);
  });

  it('rates comments per member across posts and articles (4 a minute here)', async () => {
    const id = await article();
    const writer = await member();
    for (let index = 0; index < 4; index += 1) await comment(writer, id, `第 ${index} 条`);
    expect(await post('/api/Headlines_user/comment', { headline_id: id, text: '第五条' }, writer)).toMatchObject({ status: 429, ...refusal(errors.COMMUNITY_COMMENTING_TOO_FAST) });
    clock.advance(61_000);
    await comment(writer, id, '一分钟后');
  });

  it('counts comment likes exactly under concurrency; toggles and explicit like/unlike', async () => {
    const id = await article();
    const target = await comment(await member(), id, '点赞我');
    const likers = await Promise.all(Array.from({ length: 12 }, () => member()));
    const answers = await Promise.all(likers.flatMap((liker) => [post('/api/Headlines_user/commentLikes', { comment_id: target.id, like: 1 }, liker), post('/api/Headlines_user/commentLikes', { comment_id: target.id, like: 1 }, liker)]));
    expect(answers.every((answer) => answer.code === 200)).toBe(true);
    const rows = await ctx.db.selectFrom('post_comment_like').select((eb) => eb.fn.countAll<string>().as('n')).where('comment_id', '=', target.id).executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(12);
    const [firstLiker] = likers as [TestUser];
    expect((await list({ headline_id: id }, firstLiker)).list[0]).toMatchObject({ like_count: 12, liked_by_me: true });
    expect(await post('/api/Headlines_user/commentLikes', { comment_id: target.id }, firstLiker)).toMatchObject({ code: 200, data: { liked: false, like_count: 11 } });
    expect(await post('/api/Headlines_user/commentLikes', { comment_id: target.id, like: 0 }, firstLiker)).toMatchObject({ code: 200, data: { liked: false, like_count: 11 } });
    expect(await post('/api/Headlines_user/commentLikes', { comment_id: target.id })).toMatchObject({ code: 700 });
  });

  it('deletes only one’s own comment; counts stay right; a removed top comment with replies stays as a placeholder', async () => {
    const id = await article();
    const [author, other] = [await member(), await member()];
    const top = await comment(author, id, '会被删');
    const reply = await comment(other, id, '回复', top.id);
    const lone = await comment(author, id, '单独');
    expect(await post('/api/Headlines_user/deleteComment', { comment_id: top.id }, other)).toMatchObject({ status: 403, ...refusal(errors.COMMUNITY_NOT_AUTHOR) });
    expect(await post('/api/Headlines_user/deleteComment', { comment_id: top.id }, author)).toMatchObject({ code: 200, data: { id: top.id, comment_count: 2 } });
    expect(await post('/api/Headlines_user/deleteComment', { comment_id: lone.id }, author)).toMatchObject({ code: 200, data: { comment_count: 1 } });
    expect(await post('/api/Headlines_user/deleteComment', { comment_id: lone.id }, author)).toMatchObject(refusal(errors.COMMUNITY_COMMENT_NOT_FOUND));
    const page = await list({ headline_id: id });
    expect(page.comment_count).toBe(1);
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({ id: top.id, removed: true, text: COMMENT_REMOVED_TEXT, reply_count: 1 });
    expect(await post('/api/Headlines_user/comment', { headline_id: id, text: '回复已删', reply_to: top.id }, other)).toMatchObject(refusal(errors.COMMUNITY_COMMENT_NOT_FOUND));
    expect(await post('/api/Headlines_user/deleteComment', { comment_id: reply.id }, other)).toMatchObject({ code: 200, data: { comment_count: 0 } });
    expect((await list({ headline_id: id })).list).toEqual([]);
    expect(await detailCount(id)).toBe(0);
  });

  it('reports: a member reports an article (no author: no ban) and a comment; ops hide both; counts and lists follow; unhide restores', async () => {
    const id = await article();
    const [reporter, writer] = [await member(), await member()];
    const kept = await comment(writer, id, '留着');
    const bad = await comment(writer, id, '举报我');
    const report = (kind: string, targetId: number, as: TestUser) => post('/api/moderation/report', { kind, target_id: String(targetId), reason: 'spam' }, as);

    expect(await report('headline', id, reporter)).toMatchObject({ code: 200 });
    expect(await report('headline', id, reporter)).toMatchObject(refusal(errors.MODERATION_DUPLICATE_REPORT));
    expect(await report('headline', 999_999_999, reporter)).toMatchObject(refusal(errors.MODERATION_TARGET_NOT_FOUND));
    expect(await report('headline', await article(false), reporter)).toMatchObject(refusal(errors.MODERATION_TARGET_NOT_FOUND));
    expect(await report('comment', bad.id, writer)).toMatchObject(refusal(errors.MODERATION_SELF_REPORT));
    expect(await report('comment', bad.id, reporter)).toMatchObject({ code: 200 });

    const queue = await ops('GET', '/api/ops/moderation/reports?state=open&kind=headline');
    expect(queue.code, queue.msg).toBe(200);
    expect(Value.Errors(ModerationReportPageSchema, queue.data)).toEqual([]);
    const group = (queue.data.list as Array<{ target_id: string; report_id: number; target: { author_id: number | null; author_nickname: string; excerpt: string; hidden: boolean } }>).find((item) => item.target_id === String(id));
    expect(group?.target).toMatchObject({ author_id: null, author_nickname: '', excerpt: `评论测试文章 ${counter - 1}`, hidden: false });
    const reportId = (await ctx.db.selectFrom('moderation_report').select('id').where('kind', '=', 'headline').where('target_id', '=', String(id)).executeTakeFirstOrThrow()).id;
    // No member wrote it: the author sanctions are refused, not aimed at someone else.
    expect(await ops('POST', `/api/ops/moderation/reports/${reportId}/ban`, {})).toMatchObject(refusal(errors.MODERATION_ACTION_UNSUPPORTED));
    expect(await ops('POST', `/api/ops/moderation/reports/${reportId}/mute`, {})).toMatchObject(refusal(errors.MODERATION_ACTION_UNSUPPORTED));

    // Hide the comment: gone from the list and the counts.
    const commentReport = (await ctx.db.selectFrom('moderation_report').select('id').where('kind', '=', 'comment').where('target_id', '=', String(bad.id)).executeTakeFirstOrThrow()).id;
    expect(await ops('POST', `/api/ops/moderation/reports/${commentReport}/hide`, {})).toMatchObject({ code: 200 });
    expect((await list({ headline_id: id })).list.map((item) => item.id)).toEqual([kept.id]);
    expect(await countOf(id)).toBe(1);

    // Hide the article: its page, its comments and the lists lose it; the audit says moderation.
    expect(await ops('POST', `/api/ops/moderation/reports/${reportId}/hide`, {})).toMatchObject({ code: 200 });
    expect(await call('GET', `/api/Headlines/detail?id=${id}`)).toMatchObject(refusal(errors.HEADLINE_NOT_FOUND));
    expect(await post('/api/Headlines/commentList', { headline_id: id })).toMatchObject(refusal(errors.HEADLINE_NOT_FOUND));
    expect(await post('/api/Headlines_user/comment', { headline_id: id, text: '还能评论吗' }, reporter)).toMatchObject(refusal(errors.HEADLINE_NOT_FOUND));
    expect(await post('/api/Headlines_user/commentLikes', { comment_id: kept.id }, reporter)).toMatchObject(refusal(errors.COMMUNITY_COMMENT_NOT_FOUND));
    const all = (await call('GET', '/api/Headlines/getList?page_size=50')).data.list as Array<{ id: number }>;
    expect(all.map((item) => item.id)).not.toContain(id);
    const audit = await ctx.db.selectFrom('headline_audit').select(['action', 'actor']).where('headline_id', '=', id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'hide', actor: 'moderation' });
    const actioned = await ops('GET', '/api/ops/moderation/reports?state=actioned&kind=headline');
    expect((actioned.data.list as Array<{ target_id: string; target: { hidden: boolean } }>).find((item) => item.target_id === String(id))?.target.hidden).toBe(true);

    // Unhide: published again, with its comment count.
    expect(await ops('POST', `/api/ops/moderation/reports/${reportId}/unhide`, {})).toMatchObject({ code: 200 });
    expect(await detailCount(id)).toBe(1);
    // Delete from the queue = hidden (articles are not deleted); a draft is never published by unhide.
    expect(await ops('POST', `/api/ops/moderation/reports/${reportId}/delete`, {})).toMatchObject({ code: 200 });
    expect((await ctx.db.selectFrom('headline').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state).toBe('hidden');
    expect((await ops('POST', `/api/ops/headlines/${id}/state`, { state: 'draft' })).code).toBe(200);
    await ctx.app.moderation.target('headline')?.unhide(String(id));
    expect((await ctx.db.selectFrom('headline').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state).toBe('draft');
    // Unknown or foreign ids: nothing happens, nothing throws.
    for (const unknown of ['999999999', 'abc', '0']) {
      await expect(ctx.app.moderation.target('headline')?.hide(unknown)).resolves.toBeUndefined();
      expect(await ctx.app.moderation.target('headline')?.describe(unknown)).toBeNull();
    }
  });
});

import { MemberMessageSchema, MessageListSchema, MessageUnreadCountSchema } from '@sports/shared/server';
import { sql } from 'kysely';
import { Value } from 'typebox/value';
import { expect, it } from 'vitest';
import { createRoom as createChatRoom, memberChatSignature, useChatSockets } from '../chat/testing/chatTestKit';
import { errors } from '../infra/http/errorCatalogue';
import { type TestUser, createMatch, createUser } from '../live/testing/roomsTestKit';
import { POINTS_ISSUED, pointsOf } from '../points/pointsLedger';
import { settlePrediction } from '../predictions/settlement';
import { defaultWalletConfig, transferNow } from '../wallet/index';
import { SANDBOX_NOTIFY_PATH, type SandboxNotifyFields, signSandboxNotify } from '../wallet/sandboxProvider';
import { checkCharacter } from '../member/idNumber';
import { DEFAULT_HALT_POLICY } from '../rollouts/releaseHealth';
import { TEST_OPS_TOKEN, scratchReleases } from '../rollouts/testing/releaseFixtures';
import { accountsTestOptions, createManualClock } from '../testing/accounts';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { tellMember } from './messageWrites';
import { NEW_MESSAGE_NOTICE } from './messagesPlugin';

let idCounter = 0;
function freshIdNumber(): string {
  for (;;) {
    idCounter += 1;
    const first17 = `11010519900101${String(idCounter % 1000).padStart(3, '0')}`;
    const check = checkCharacter(first17);
    if (check !== 'X') return first17 + check;
  }
}
const OPS = { 'x-ops-token': TEST_OPS_TOKEN };
const NOTIFY_KEY = 'messages-test-sandbox-notify-key-0123456789';

describeEachDatabase('messages: the message centre (系统通知, 互动), its API, the push signal, retention', (target) => {
  const clock = createManualClock();
  const accounts = accountsTestOptions(clock);
  const ctx = useTestApp(target, { ...accounts, app: { ...accounts.app, releases: scratchReleases(DEFAULT_HALT_POLICY), wallet: { config: { ...defaultWalletConfig(), sandboxNotifyKey: NOTIFY_KEY } } } });
  const { connect } = useChatSockets(ctx);

  const post = (url: string, payload: object, as?: TestUser, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: { ...as?.headers, ...headers } }).then((response) => ({ status: response.statusCode, ...response.json() }));
  const get = (url: string, as?: TestUser) => ctx.app.inject({ url, headers: { ...as?.headers } }).then((response) => ({ status: response.statusCode, ...response.json() }));
  const list = async (as: TestUser, tab: string, cursor?: number) => {
    const answer = await get(`/api/Message/list?tab=${tab}${cursor === undefined ? '' : `&cursor=${cursor}`}`, as);
    expect(answer.code, answer.msg).toBe(200);
    expect(Value.Check(MessageListSchema, answer.data)).toBe(true);
    return answer.data as { list: { id: number; kind: string; title: string; body: string; link: string | null; read: boolean }[]; next_cursor: number | null };
  };
  const unread = async (as: TestUser) => {
    const answer = await get('/api/Message/unreadCount', as);
    expect(Value.Check(MessageUnreadCountSchema, answer.data)).toBe(true);
    return answer.data as { total: number; system: number; interaction: number; match: number };
  };
  /** Writes `n` system messages for `member` directly, oldest first. */
  const write = async (member: TestUser, n: number, tab: 'system' | 'match' = 'system') => {
    await ctx.db.transaction().execute(async (trx) => {
      for (let i = 0; i < n; i += 1) await tellMember(trx, { memberId: member.id, tab, kind: 'test', title: `消息 ${i}`, body: '正文', link: null, eventKey: `test:${tab}:${i}` });
    });
  };

  it('an approved anchor application is one 系统通知 with a link to the new room; the signal comes after the commit; read and readAll clear it', async () => {
    const heard: number[][] = [];
    const stop = ctx.app.messages.onUnread((ids) => heard.push(ids));
    const user = await createUser(ctx.db);
    expect(await post('/api/Member/verified', { name: '张小三', id_number: freshIdNumber() }, user)).toMatchObject({ code: 200 });
    const applied = await post('/api/Member/applyAnchor', { category: 1, introduction: '十年足球解说经验，熟悉英超和中超。', sample: 'https://video.example/replay/1' }, user);
    expect(applied.code, applied.msg).toBe(200);
    const approved = await post(`/api/ops/anchorApplications/${applied.data.id}/approve`, {}, undefined, OPS);
    expect(approved.code, approved.msg).toBe(200);

    expect(await unread(user)).toEqual({ total: 1, system: 1, interaction: 0, match: 0 });
    const page = await list(user, 'system');
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({ kind: 'anchor_approved', title: '主播申请已通过', link: `#/live?id=${approved.data.room_id}`, read: false });
    expect(Value.Check(MemberMessageSchema, page.list[0])).toBe(true);
    await expect.poll(() => heard.some((ids) => ids.includes(user.id))).toBe(true);

    const read = await post('/api/Message/read', { id: page.list[0]?.id }, user);
    expect(read).toMatchObject({ code: 200, data: { total: 0 } });
    expect((await list(user, 'system')).list[0]?.read).toBe(true);
    stop();
  });

  it('pushed: the member\'s open chat connection gets a C2C notice once the message transaction commits, not before, and never for a rolled-back one', async () => {
    const member = await createUser(ctx.db);
    const client = await connect();
    const { userSig, id: chatId } = await memberChatSignature(ctx, member.id);
    expect((await client.login(chatId, userSig)).ok).toBe(true);
    // The same member in a live room: that connection's notice list is not interrupted.
    const inRoom = await connect();
    expect((await inRoom.login(chatId, userSig)).ok).toBe(true);
    const room = await createChatRoom(ctx.db, `消息房${member.id}`.slice(0, 16));
    expect((await inRoom.join(room.groupId)).status).toBe('success');
    const isNotice = (frame: { type: string }) => frame.type === 'notice';
    await ctx.db.transaction().execute(async (trx) => {
      await tellMember(trx, { memberId: member.id, tab: 'system', kind: 'test', title: '回滚', body: '不会出现', link: null, eventKey: 'rolled-back' });
      throw new Error('rolled back');
    }).catch(() => undefined);
    const before = client.frames.length;
    await ctx.db.transaction().execute(async (trx) => {
      await tellMember(trx, { memberId: member.id, tab: 'system', kind: 'test', title: '到了', body: '正文', link: null, eventKey: 'committed' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(client.frames.slice(before).some(isNotice)).toBe(false);
    });
    const frame = await client.waitFor((candidate) => candidate.type === 'notice', 5_000, before);
    expect(frame).toMatchObject({ type: 'notice', notice: { text: NEW_MESSAGE_NOTICE } });
    expect(client.frames.filter(isNotice)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(inRoom.frames.filter(isNotice)).toHaveLength(0);
    expect(await unread(member)).toMatchObject({ total: 1, system: 1 });
  });

  it('keyset pages newest first; 全部已读 of one tab or all; bad tab, cursor, unknown or another member\'s ids are refused clearly', async () => {
    const member = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    await write(member, 25);
    await write(member, 2, 'match');
    const first = await list(member, 'system');
    expect(first.list.map((message) => message.title).slice(0, 2)).toEqual(['消息 24', '消息 23']);
    expect(first.list).toHaveLength(20);
    expect(first.next_cursor).toBe(first.list[19]?.id);
    const second = await list(member, 'system', first.next_cursor ?? undefined);
    expect(second.list.map((message) => message.title)).toEqual(['消息 4', '消息 3', '消息 2', '消息 1', '消息 0']);
    expect(second.next_cursor).toBeNull();
    expect(await unread(member)).toEqual({ total: 27, system: 25, interaction: 0, match: 2 });

    expect(await get('/api/Message/list?tab=news', member)).toMatchObject({ code: 1, reason: errors.VALIDATION.reason });
    expect(await get('/api/Message/list?tab=system&cursor=abc', member)).toMatchObject({ code: 1, reason: errors.VALIDATION.reason });
    expect(await get(`/api/Message/list?tab=match&cursor=${first.list[0]?.id}`, member)).toMatchObject({ code: 1, msg: errors.MESSAGE_CURSOR_UNKNOWN.message, reason: errors.MESSAGE_CURSOR_UNKNOWN.reason });
    expect(await get('/api/Message/list?tab=system', undefined as unknown as TestUser)).toMatchObject({ code: 700 });
    expect(await post('/api/Message/read', { id: 999_999_999 }, member)).toMatchObject({ status: 404, msg: '消息不存在', reason: errors.MESSAGE_NOT_FOUND.reason });
    expect(await post('/api/Message/read', { id: first.list[0]?.id }, other)).toMatchObject({ status: 404, reason: errors.MESSAGE_NOT_FOUND.reason });
    expect(await post('/api/Message/read', {}, member)).toMatchObject({ code: 1, reason: errors.MESSAGE_READ_NOTHING.reason });
    expect(await post('/api/Message/readAll', { tab: 'news' }, member)).toMatchObject({ code: 1, reason: errors.VALIDATION.reason });
    expect((await unread(member)).total).toBe(27);

    expect(await post('/api/Message/read', { ids: [first.list[0]?.id, first.list[1]?.id] }, member)).toMatchObject({ code: 200, data: { total: 25, system: 23 } });
    expect(await post('/api/Message/readAll', { tab: 'match' }, member)).toMatchObject({ code: 200, data: { total: 23, match: 0 } });
    expect(await post('/api/Message/readAll', {}, member)).toMatchObject({ code: 200, data: { total: 0 } });
  });

  it('互动: a reply to my post and to my comment, a like, a new follower; never to oneself; one row per event', async () => {
    const author = await createUser(ctx.db, { anchor: true });
    const fan = await createUser(ctx.db);
    const created = await post('/api/anchor_dynamics_user/insert', { text: '今晚的比赛太精彩了' }, author);
    expect(created.code, created.msg).toBe(200);
    const postId = created.data.id as number;
    const comment = await post('/api/anchor_dynamics_user/comment', { post_id: postId, text: '同意，绝杀！' }, fan);
    expect(comment.code, comment.msg).toBe(200);
    expect(await post('/api/anchor_dynamics_user/comment', { post_id: postId, text: '谢谢', reply_to: comment.data.id }, author)).toMatchObject({ code: 200 });
    expect(await post('/api/anchor_dynamics_user/comment', { post_id: postId, text: '自己评论自己' }, author)).toMatchObject({ code: 200 });
    for (const like of [1, 0, 1]) expect(await post('/api/anchor_dynamics_user/likes', { post_id: postId, like }, fan)).toMatchObject({ code: 200 });
    expect(await post('/api/anchor_dynamics_user/likes', { post_id: postId, like: 1 }, author)).toMatchObject({ code: 200 });
    expect(await post('/api/Member/attention', { anchor_id: author.id, attention: 1 }, fan)).toMatchObject({ code: 200 });

    const mine = await list(author, 'interaction');
    expect(mine.list.map((message) => message.kind)).toEqual(['new_follower', 'post_like', 'reply']);
    expect(mine.list[2]).toMatchObject({ title: '收到回复', link: `#/circle-detail?id=${postId}` });
    expect(mine.list[2]?.body).toContain('评论了你的帖子：同意，绝杀！');
    const theirs = await list(fan, 'interaction');
    expect(theirs.list.map((message) => message.kind)).toEqual(['reply']);
    expect(theirs.list[0]?.body).toContain('回复了你的评论：谢谢');
  });

  it('系统通知: a paid recharge order is told once, however often the gateway repeats its notify', async () => {
    const member = await createUser(ctx.db);
    const rules = (await (await ctx.app.inject({ method: 'POST', url: '/api/chargerules/getList' })).json()).data as { id: number; price_fen: number; coins: number; bonus_coins: number }[];
    const rule = rules[0] as (typeof rules)[number];
    const order = await ctx.app.inject({ url: `/api/chargerules/payUrl?id=${rule.id}`, headers: { ...member.headers, 'idempotency-key': `messages-recharge-${member.id}` } }).then((response) => response.json().data as { order_no: string; amount_fen: number; coins: number });
    const fields: SandboxNotifyFields = { order_no: order.order_no, trade_no: `T${order.order_no}`, amount_fen: order.amount_fen, status: 'paid', sent_at: clock().toISOString() };
    for (let i = 0; i < 2; i += 1) {
      const answer = await ctx.app.inject({ method: 'POST', url: SANDBOX_NOTIFY_PATH, payload: { ...fields, sign: signSandboxNotify(NOTIFY_KEY, fields) } });
      expect(answer.statusCode).toBe(200);
    }
    const page = await list(member, 'system');
    expect(page.list.map((message) => [message.kind, message.title, message.body, message.link])).toEqual([['recharge_credited', '充值到账', `充值订单 ${order.order_no} 已到账 ${order.coins} 金币。`, '#/member?type=1&isRecharge=true']]);
  });

  it('系统通知: each reporter learns the outcome when ops dismiss the reports of a target', async () => {
    const author = await createUser(ctx.db);
    const reporters = [await createUser(ctx.db), await createUser(ctx.db)];
    for (const reporter of reporters) expect(await post('/api/moderation/report', { kind: 'user', target_id: String(author.id), reason: 'spam' }, reporter)).toMatchObject({ code: 200 });
    const { rows } = await sql<{ id: string }>`select id from moderation_report where target_id = ${String(author.id)} order by id limit 1`.execute(ctx.db);
    expect(await post(`/api/ops/moderation/reports/${rows[0]?.id}/dismiss`, {}, undefined, OPS)).toMatchObject({ code: 200, data: { resolved_reports: 2 } });
    for (const reporter of reporters) {
      const page = await list(reporter, 'system');
      expect(page.list.map((message) => [message.kind, message.title, message.body])).toEqual([['report_resolved', '举报处理结果', '经核实未发现违规，感谢你的反馈。']]);
    }
    expect((await list(author, 'system')).list).toEqual([]);
  });

  it('系统通知: a prediction settles set-based: each staker is told won N points, lost, or (on a cancel) refunded, in one statement', async () => {
    const anchor = await createUser(ctx.db, { anchor: true });
    const matchId = await createMatch(ctx.db, new Date(Date.now() + 3_600_000));
    const room = await ctx.db.insertInto('live_room').values({ owner_id: anchor.id, title: '竞猜消息', match_id: matchId }).returning('id').executeTakeFirstOrThrow();
    const stakers = [await createUser(ctx.db), await createUser(ctx.db), await createUser(ctx.db)];
    for (const staker of stakers) {
      await transferNow(ctx.db, { idempotencyKey: `messages-test-points:${process.pid}:${staker.id}`, kind: 'test_points', reference: 'test', legs: [{ from: POINTS_ISSUED, to: pointsOf(staker.id), amount: 100 }] });
    }
    const create = async () => {
      const answer = await post('/api/Prediction/create', { room_id: Number(room.id), template: 'football_1x2' }, anchor);
      expect(answer.code, answer.msg).toBe(200);
      return answer.data as { id: number };
    };
    const stake = (as: TestUser, id: number, outcome: number, amount: number) => post('/api/Prediction/stake', { id, outcome, amount }, as, { 'idempotency-key': `m-${id}-${as.id}` });
    const first = await create();
    expect(await stake(stakers[0] as TestUser, first.id, 0, 30)).toMatchObject({ code: 200 });
    expect(await stake(stakers[1] as TestUser, first.id, 0, 10)).toMatchObject({ code: 200 });
    expect(await stake(stakers[2] as TestUser, first.id, 1, 20)).toMatchObject({ code: 200 });
    expect(await settlePrediction(ctx.db, first.id, () => ({ kind: 'winner', outcome: 0 }), 'test')).toMatchObject({ answer: 'settled', pool: 60 });
    const told = async (staker: TestUser) => (await list(staker, 'system')).list.map((message) => [message.kind, message.body, message.link]);
    const title = (await sql<{ title: string }>`select title from prediction where id = ${first.id}`.execute(ctx.db)).rows[0]?.title;
    expect(await told(stakers[0] as TestUser)).toEqual([['prediction_won', `「${title}」已结算：你猜中了，获得 45 积分。`, `#/live?id=${room.id}`]]);
    expect(await told(stakers[1] as TestUser)).toEqual([['prediction_won', `「${title}」已结算：你猜中了，获得 15 积分。`, `#/live?id=${room.id}`]]);
    expect(await told(stakers[2] as TestUser)).toEqual([['prediction_lost', `「${title}」已结算：很遗憾没有猜中。`, `#/live?id=${room.id}`]]);
    // Settling again writes nothing more.
    expect(await settlePrediction(ctx.db, first.id, () => ({ kind: 'winner', outcome: 0 }), 'test')).toMatchObject({ answer: 'already' });
    expect(await unread(stakers[0] as TestUser)).toMatchObject({ system: 1 });

    const second = await create();
    expect(await stake(stakers[2] as TestUser, second.id, 2, 5)).toMatchObject({ code: 200 });
    expect(await post('/api/Prediction/cancel', { id: second.id }, anchor)).toMatchObject({ code: 200 });
    expect((await told(stakers[2] as TestUser))[0]).toEqual(['prediction_refunded', expect.stringContaining('已取消，你的 5 积分已全部退还。'), `#/live?id=${room.id}`]);
  });

  it('a message that cannot be written never undoes the event; 赛事 messages older than 7 days are swept', async () => {
    const member = await createUser(ctx.db);
    await ctx.db.transaction().execute(async (trx) => {
      expect(await tellMember(trx, { memberId: 999_999_999, tab: 'system', kind: 'test', title: 't', body: 'b', link: null, eventKey: 'nobody' })).toBe(false);
      await tellMember(trx, { memberId: member.id, tab: 'match', kind: 'goal', title: '进球', body: '旧的', link: null, eventKey: 'old-goal' });
      await tellMember(trx, { memberId: member.id, tab: 'match', kind: 'goal', title: '进球', body: '新的', link: null, eventKey: 'new-goal' });
    });
    await sql`update member_message set created_at = now() - interval '8 days' where member_id = ${member.id} and event_key = 'old-goal'`.execute(ctx.db);
    expect(await ctx.app.messages.sweep()).toBe(1);
    expect((await list(member, 'match')).list.map((message) => message.body)).toEqual(['新的']);
  });
});

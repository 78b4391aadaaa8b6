import { BarrageListSchema, BarrageSendResultSchema, CHAT_MESSAGE_MAX_LENGTH, ChatGroupMessageSchema, type ChatServerFrame, LEVEL_THRESHOLDS } from '@sports/shared/server';
import { Value } from 'typebox/value';
import { afterAll, expect, it } from 'vitest';
import { memberChatSignature, useChatSockets } from '../../chat/testing/chatTestKit';
import { errors } from '../../infra/http/errorCatalogue';
import { type TestUser, createUser } from '../../live/testing/roomsTestKit';
import { accountsTestOptions, createManualClock } from '../../testing/accounts';
import { describeEachDatabase, useTestApp } from '../../testing/testApp';
import { balanceOf } from '../ledger';
import { expectLedgerClean, fundMember } from '../testing/ledgerTestKit';
import { defaultLevelsConfig } from '../../levels/index';
import { defaultWalletConfig } from '../walletConfig';

const HISTORY = 5;
/** A danmaku is a chat message: it earns the chat's exp too (levels; awarded after delivery). */
const CHAT_EXP = defaultLevelsConfig().chatExpPerMessage;

describeEachDatabase('wallet: barrage (styles, a room’s persisted danmaku, api/Barrage/send through the chat’s checks, paid and level-gated styles)', (target) => {
  const clock = createManualClock(new Date('2026-11-18T04:00:00Z'));
  const accounts = accountsTestOptions(clock);
  const ctx = useTestApp(target, { ...accounts, app: { ...accounts.app, wallet: { config: { ...defaultWalletConfig(), anchorSharePercent: 50, barrageHistory: HISTORY } } } });
  const { connect } = useChatSockets(ctx);
  afterAll(async () => {
    await expectLedgerClean(ctx.db);
  });

  let keyCounter = 0;
  const freshKey = () => `barrage-${process.pid}-${++keyCounter}`;
  const get = (url: string, as?: TestUser, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url, headers: { ...as?.headers, ...headers } }).then((response) => ({ status: response.statusCode, ...response.json() }));
  const refusal = (entry: { reason: string; message: unknown }) => ({ code: 1, msg: entry.message, data: null, reason: entry.reason });
  const send = (as: TestUser, roomId: number, text: string, styleId?: number, key: string | null = styleId === undefined ? null : freshKey()) =>
    get(`/api/Barrage/send?room_id=${roomId}&text=${encodeURIComponent(text)}${styleId === undefined ? '' : `&style_id=${styleId}`}`, as, key === null ? {} : { 'idempotency-key': key });
  type Style = { id: number; name: string; color: string; position: string; price: number; min_level: number };
  const styles = async (roomId: number) => (await get(`/api/Barrage/getList?room_id=${roomId}`)).data.styles as Style[];
  const newRoom = async () => {
    const anchor = await createUser(ctx.db, { anchor: true });
    const room = await ctx.db.insertInto('live_room').values({ owner_id: anchor.id, title: '弹幕测试' }).returning('id').executeTakeFirstOrThrow();
    return { anchor, roomId: room.id };
  };
  const funded = async (coins: number, nickname?: string) => {
    const user = await createUser(ctx.db, nickname === undefined ? {} : { nickname });
    if (coins > 0) await fundMember(ctx.db, user.id, coins);
    return user;
  };
  const userRow = (id: number) => ctx.db.selectFrom('app_user').select(['balance', 'exp']).where('id', '=', id).executeTakeFirstOrThrow();
  const rowsOf = (id: number) => ctx.db.selectFrom('barrage').selectAll().where('sender_id', '=', id).orderBy('id').execute();
  const viewerIn = async (groupId: string) => {
    const viewer = await createUser(ctx.db);
    const signature = await memberChatSignature(ctx, viewer.id);
    const client = await connect();
    expect((await client.login(signature.id, signature.userSig)).ok).toBe(true);
    expect((await client.join(groupId)).status).toBe('success');
    return client;
  };
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('getList: the styles on offer (free, paid, level-gated) and an empty history; bad queries refused', async () => {
    const { roomId } = await newRoom();
    const answer = await get(`/api/Barrage/getList?room_id=${roomId}`);
    expect(answer.code).toBe(200);
    expect(Value.Check(BarrageListSchema, answer.data)).toBe(true);
    expect(answer.data.list).toEqual([]);
    const list = answer.data.styles as Style[];
    expect(list[0]).toEqual({ id: expect.any(Number), name: '白色', color: '#ffffff', position: 'scroll', price: 0, min_level: 1 });
    expect(list.some((style) => style.price === 0 && style.min_level > 1)).toBe(true);
    expect(list.some((style) => style.price > 0 && style.min_level === 1)).toBe(true);
    expect(new Set(list.map((style) => style.position))).toEqual(new Set(['scroll', 'top', 'bottom']));
    expect(await get('/api/Barrage/getList?room_id=2000000000')).toMatchObject(refusal(errors.BARRAGE_ROOM_NOT_FOUND));
    for (const query of ['', 'room_id=0', 'room_id=abc', `room_id=${roomId}&x=1`]) {
      expect(await get(`/api/Barrage/getList?${query}`), query).toMatchObject({ status: 400, reason: errors.VALIDATION.reason });
    }
  });

  it('send: login, parameters, room, style and the chat text rule are checked; nothing is kept', async () => {
    const { roomId } = await newRoom();
    const member = await funded(100);
    expect((await get(`/api/Barrage/send?room_id=${roomId}&text=hi`)).code).toBe(700);
    for (const query of [`room_id=${roomId}`, 'text=hi', `room_id=0&text=hi`, `room_id=${roomId}&text=`, `room_id=${roomId}&text=hi&style_id=0`, `room_id=${roomId}&text=hi&x=1`, `room_id=${roomId}&text=${'a'.repeat(CHAT_MESSAGE_MAX_LENGTH * 4 + 1)}`]) {
      expect(await get(`/api/Barrage/send?${query}`, member), query).toMatchObject({ status: 400, reason: errors.VALIDATION.reason });
    }
    expect(await send(member, roomId, '   ')).toMatchObject(refusal({ reason: errors.HORN_BARRAGE_REFUSED.reason, message: '不能发送空消息' }));
    expect(await send(member, roomId, 'a'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1))).toMatchObject(refusal({ reason: errors.HORN_BARRAGE_REFUSED.reason, message: `消息太长，最多 ${CHAT_MESSAGE_MAX_LENGTH} 个字` }));
    expect(await send(member, 2_000_000_000, 'hi')).toMatchObject(refusal(errors.BARRAGE_ROOM_NOT_FOUND));
    expect(await send(member, roomId, 'hi', 99_999)).toMatchObject(refusal(errors.BARRAGE_STYLE_NOT_FOUND));
    const paid = (await styles(roomId)).find((style) => style.price > 0 && style.min_level === 1) as Style;
    expect(await send(member, roomId, 'hi', paid.id, null)).toMatchObject({ status: 400, ...refusal(errors.WALLET_IDEMPOTENCY_KEY_MISSING) });
    expect(await send(member, roomId, 'hi', paid.id, 'bad key!')).toMatchObject({ status: 400, reason: errors.VALIDATION.reason });
    expect(await rowsOf(member.id)).toEqual([]);
    expect(await userRow(member.id)).toEqual({ balance: 100, exp: 0 });
  });

  it('a free danmaku flies in the room as a chat danmaku, is kept for the history, costs nothing and needs no key', async () => {
    const { anchor, roomId } = await newRoom();
    const viewer = await viewerIn(String(anchor.id));
    const member = await funded(50, '弹幕君');
    const from = viewer.frames.length;
    const answer = await send(member, roomId, ' 好球！ ');
    expect(answer.code).toBe(200);
    expect(Value.Check(BarrageSendResultSchema, answer.data)).toBe(true);
    expect(answer.data).toMatchObject({ coins: 0, balance: 50, barrage: { room_id: roomId, user_id: member.id, user_nickname: '弹幕君', text: '好球！', style_id: null, color: '#ffffff', position: 'scroll', level: 1 } });
    const frame = await viewer.waitFor((candidate: ChatServerFrame) => candidate.type === 'message' && candidate.message.kind === 'danmaku', 5_000, from);
    if (frame.type !== 'message') throw new Error('not a message');
    expect(Value.Check(ChatGroupMessageSchema, frame.message)).toBe(true);
    expect(frame.message).toMatchObject({ groupId: String(anchor.id), kind: 'danmaku', text: '好球！', from: { userId: String(member.id), nickname: '弹幕君', role: 'member', level: 1 }, cloudCustomData: { type: 0, barrageId: answer.data.barrage.id } });
    expect(frame.message.cloudCustomData.style).toBeUndefined();
    await pause(300);
    expect(await userRow(member.id)).toEqual({ balance: 50, exp: CHAT_EXP });
    const history = (await get(`/api/Barrage/getList?room_id=${roomId}`)).data.list;
    expect(history).toEqual([answer.data.barrage]);
  });

  it('listed words are masked in the danmaku as kept and as it flies (the sensitive-word filter, moderation/)', async () => {
    const { anchor, roomId } = await newRoom();
    const viewer = await viewerIn(String(anchor.id));
    const member = await funded(50, '弹幕二号');
    const from = viewer.frames.length;
    expect(await send(member, roomId, '傻.逼裁判')).toMatchObject({ code: 200, data: { barrage: { text: '***裁判' } } });
    const frame = await viewer.waitFor((candidate: ChatServerFrame) => candidate.type === 'message' && candidate.message.kind === 'danmaku', 5_000, from);
    expect(frame).toMatchObject({ message: { text: '***裁判' } });
    expect((await get(`/api/Barrage/getList?room_id=${roomId}`)).data.list[0]).toMatchObject({ text: '***裁判' });
  });

  it('a free send with a key: its retry answers the first send and nothing flies twice; the key with another text is refused', async () => {
    const { anchor, roomId } = await newRoom();
    const viewer = await viewerIn(String(anchor.id));
    const member = await funded(30);
    const from = viewer.frames.length;
    const key = freshKey();
    const first = await send(member, roomId, '免费但重试', undefined, key);
    expect(first.code).toBe(200);
    const again = await send(member, roomId, '免费但重试', undefined, key);
    expect(again).toEqual(first);
    expect(await send(member, roomId, '换了内容', undefined, key)).toMatchObject({ status: 409, ...refusal(errors.WALLET_IDEMPOTENCY_KEY_REUSED) });
    await pause(300);
    expect(viewer.frames.slice(from).filter((frame) => frame.type === 'message' && frame.message.text === '免费但重试')).toHaveLength(1);
    expect(await rowsOf(member.id)).toHaveLength(1);
  });

  it('a free send whose key another send with another text holds in flight is refused once that one is kept, not answered its result (review)', async () => {
    const { roomId } = await newRoom();
    const member = await funded(0);
    const key = freshKey();
    // The other send, kept but not yet committed: this one's insert waits on the key.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = () => {};
    const isHeld = new Promise<void>((resolve) => (holding = resolve));
    const other = ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('barrage')
        .values({ room_id: roomId, sender_id: member.id, text: '先到的一条', level: 1, style_id: null, color: '#ffffff', position: 'scroll', message_id: null, created_at: new Date(), balance_after: null, idempotency_key: key, transfer_set_id: null })
        .execute();
      holding();
      await held;
    });
    await isHeld;
    const answer = send(member, roomId, '后到的另一条', undefined, key);
    await pause(300);
    release();
    await other;
    expect(await answer).toMatchObject({ status: 409, ...refusal(errors.WALLET_IDEMPOTENCY_KEY_REUSED) });
    expect(await rowsOf(member.id)).toHaveLength(1);
  });

  it('a paid style charges its price (anchor share + platform rest) with the row, the order and exp in one set, flies in its colour, answers the balance; a replay applies nothing', async () => {
    const { anchor, roomId } = await newRoom();
    const viewer = await viewerIn(String(anchor.id));
    const paid = (await styles(roomId)).find((style) => style.price > 0 && style.min_level === 1) as Style;
    const member = await funded(100);
    const platformBefore = await balanceOf(ctx.db, { kind: 'platform_revenue' });
    const key = freshKey();
    const from = viewer.frames.length;
    const answer = await send(member, roomId, '金色弹幕', paid.id, key);
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({ coins: paid.price, balance: 100 - paid.price, barrage: { style_id: paid.id, color: paid.color, position: paid.position, text: '金色弹幕' } });
    const anchorShare = Math.floor(paid.price / 2);
    expect(await balanceOf(ctx.db, { kind: 'anchor_earnings', owner: anchor.id })).toBe(anchorShare);
    expect((await balanceOf(ctx.db, { kind: 'platform_revenue' })) - platformBefore).toBe(paid.price - anchorShare);
    const [row] = await rowsOf(member.id);
    expect(row).toMatchObject({ coins: paid.price, anchor_coins: anchorShare, platform_coins: paid.price - anchorShare, balance_after: 100 - paid.price, idempotency_key: key });
    const orders = await ctx.db.selectFrom('wallet_order').selectAll().where('user_id', '=', member.id).execute();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ type: 'barrage', state: 'paid', coins: -paid.price, transfer_set_id: row?.transfer_set_id });
    const listed = await get('/api/Order/getList?type=5', member);
    expect(listed.data.list).toEqual([expect.objectContaining({ type: 5, type_name: '弹幕', state: 'paid', subject: `弹幕（${paid.name}）：金色弹幕`, coins: -paid.price })]);
    const isStyled = (candidate: ChatServerFrame) => candidate.type === 'message' && candidate.message.cloudCustomData.style !== undefined;
    const frame = await viewer.waitFor(isStyled, 5_000, from);
    if (frame.type !== 'message') throw new Error('not a message');
    expect(frame.message).toMatchObject({ kind: 'danmaku', text: '金色弹幕', cloudCustomData: { type: 0, style: { styleId: paid.id, color: paid.color, position: paid.position }, barrageId: answer.data.barrage.id } });
    // A retry answers the first send and applies nothing; the same key with another text is refused.
    expect(await send(member, roomId, '金色弹幕', paid.id, key)).toEqual(answer);
    expect(await send(member, roomId, '另一条', paid.id, key)).toMatchObject({ status: 409, ...refusal(errors.WALLET_IDEMPOTENCY_KEY_REUSED) });
    await pause(300);
    expect(viewer.frames.slice(from).filter(isStyled)).toHaveLength(1);
    expect(await rowsOf(member.id)).toHaveLength(1);
    // Exp: 1 per coin spent, and the chat's exp for the message.
    expect(await userRow(member.id)).toEqual({ balance: 100 - paid.price, exp: paid.price + CHAT_EXP });
  });

  it('a paid send and a second one with the same key and a text that differs only at its end, in flight together: the second is refused (review)', async () => {
    const { roomId } = await newRoom();
    const paid = (await styles(roomId)).find((style) => style.price > 0 && style.min_level === 1) as Style;
    const member = await funded(100);
    const key = freshKey();
    // 99 emoji (two UTF-16 units each) and one last character: texts within the chat's 100 characters.
    const base = '😀'.repeat(99);
    const account = await ctx.db.selectFrom('ledger_account').select('id').where('kind', '=', 'member_coins').where('owner_id', '=', member.id).executeTakeFirstOrThrow();
    // Hold the member's coin row: the first send waits there with its key taken, the second then waits on the key.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = () => {};
    const isHeld = new Promise<void>((resolve) => (holding = resolve));
    const holder = ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom('ledger_balance').select('shard').where('account_id', '=', account.id).forUpdate().execute();
      holding();
      await held;
    });
    await isHeld;
    const first = send(member, roomId, `${base}甲`, paid.id, key);
    await pause(300);
    const second = send(member, roomId, `${base}乙`, paid.id, key);
    await pause(300);
    release();
    await holder;
    expect((await first).code).toBe(200);
    expect(await second).toMatchObject({ status: 409, ...refusal(errors.WALLET_IDEMPOTENCY_KEY_REUSED) });
    expect(await rowsOf(member.id)).toHaveLength(1);
  });

  it('too little balance for a paid style is refused with the way to recharge and keeps nothing', async () => {
    const { roomId } = await newRoom();
    const paid = (await styles(roomId)).find((style) => style.price > 1 && style.min_level === 1) as Style;
    const member = await funded(paid.price - 1);
    const answer = await send(member, roomId, '买不起', paid.id);
    expect(answer).toMatchObject(refusal(errors.WALLET_INSUFFICIENT_BALANCE));
    expect(answer.msg).toBe('余额不足，请先充值');
    expect(await rowsOf(member.id)).toEqual([]);
    expect(await userRow(member.id)).toEqual({ balance: paid.price - 1, exp: 0 });
  });

  it('a level-gated style is refused below its level and taken at it', async () => {
    const { roomId } = await newRoom();
    const gated = (await styles(roomId)).find((style) => style.price === 0 && style.min_level > 1) as Style;
    const member = await funded(0);
    expect(await send(member, roomId, '想要蓝色', gated.id)).toMatchObject(refusal({ reason: errors.BARRAGE_STYLE_LEVEL.reason, message: `该弹幕样式需要达到 LV${gated.min_level}` }));
    expect(await rowsOf(member.id)).toEqual([]);
    await ctx.db.updateTable('app_user').set({ exp: LEVEL_THRESHOLDS[gated.min_level - 1] as number }).where('id', '=', member.id).execute();
    const answer = await send(member, roomId, '蓝色来了', gated.id);
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({ coins: 0, barrage: { style_id: gated.id, color: gated.color, level: gated.min_level } });
  });

  it("the chat's moderation and limits hold: a muted member is refused (not the anchor), the member's rate blocks the fourth in 2 s", async () => {
    const { anchor, roomId } = await newRoom();
    const muted = await funded(0);
    await ctx.db.insertInto('live_room_mute').values({ room_id: roomId, user_id: muted.id, muted_by: anchor.id, until: null }).execute();
    expect(await send(muted, roomId, '我被禁言了吗')).toMatchObject(refusal({ reason: errors.HORN_BARRAGE_REFUSED.reason, message: '您已被禁言，暂时不能发言' }));
    expect(await rowsOf(muted.id)).toEqual([]);
    expect((await send(anchor, roomId, '主播发弹幕')).code).toBe(200);
    const fast = await funded(0);
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await send(fast, roomId, `刷屏 ${i}`));
    expect(answers.slice(0, 3).map((answer) => answer.code)).toEqual([200, 200, 200]);
    expect(answers[3]).toMatchObject({ status: 429, code: 1, reason: errors.HORN_BARRAGE_RATE_LIMITED.reason });
    expect(answers[3]?.msg).toMatch(/^发言太快了，请 \d+ 秒后再试$/);
    expect(await rowsOf(fast.id)).toHaveLength(3);
  });

  it("danmaku sent over the chat socket are kept too: a viewer who joins later gets the room's last ones, oldest first, at most the configured number", async () => {
    const { anchor, roomId } = await newRoom();
    const groupId = String(anchor.id);
    const talker = await createUser(ctx.db, { nickname: '老观众' });
    const signature = await memberChatSignature(ctx, talker.id);
    const client = await connect();
    expect((await client.login(signature.id, signature.userSig)).ok).toBe(true);
    expect((await client.join(groupId)).status).toBe('success');
    const sent: string[] = [];
    for (let i = 0; i < HISTORY + 2; i += 1) {
      const text = `第 ${i} 条`;
      if (i > 0 && i % 3 === 0) await pause(2_100); // the chat's rate: 3 in 2 s
      const ack = await client.say(groupId, text, 'danmaku');
      expect(ack.type, text).toBe('ack');
      sent.push(text);
    }
    expect((await client.say(groupId, '只是聊天', 'text')).type).toBe('ack');
    // Kept after delivery (never in its way): wait for the writes.
    for (let tries = 0; tries < 50 && (await rowsOf(talker.id)).length < sent.length; tries += 1) await pause(50);
    const history = (await get(`/api/Barrage/getList?room_id=${roomId}`)).data.list as Array<{ text: string; user_nickname: string; color: string; position: string; style_id: number | null }>;
    expect(history.map((item) => item.text)).toEqual(sent.slice(-HISTORY));
    expect(history[0]).toMatchObject({ user_nickname: '老观众', color: '#ffffff', position: 'scroll', style_id: null });
  });

  it('the history carries the fan medal each sender wears, with its level, as their lines in this room show it (the room\'s own medal lit); none when none is worn', async () => {
    const { anchor, roomId } = await newRoom();
    const elsewhere = await createUser(ctx.db, { anchor: true, nickname: '球王主播' });
    const [ownFan, otherFan, plain] = [await funded(0, '本房粉丝'), await funded(0, '别家粉丝'), await funded(0, '路人')];
    const now = clock();
    const longAgo = new Date(now.getTime() - 30 * 86_400_000);
    await ctx.db
      .insertInto('fan_medal')
      .values([
        // The room's own anchor's medal, greyed by time: a line in this room lights it.
        { member_id: ownFan.id, anchor_id: anchor.id, intimacy: 30, gift_coins: 300, last_interaction_at: longAgo, created_at: longAgo },
        { member_id: otherFan.id, anchor_id: elsewhere.id, intimacy: 10, gift_coins: 100, last_interaction_at: now, created_at: now },
        { member_id: plain.id, anchor_id: elsewhere.id, intimacy: 1_000, gift_coins: 10_000, last_interaction_at: now, created_at: now },
      ])
      .execute();
    for (const [member, anchorId] of [[ownFan, anchor.id], [otherFan, elsewhere.id]] as const) {
      expect((await ctx.app.inject({ method: 'POST', url: '/api/FanMedal/wear', headers: member.headers, payload: { anchor_id: anchorId } })).json().code).toBe(200);
    }
    // The room's delivery follows the answer (never holds it): a watcher hears the three lines before the joiner joins.
    const watcher = await viewerIn(String(anchor.id));
    for (const [member, text] of [[ownFan, '本房勋章'], [otherFan, '别家勋章'], [plain, '不戴勋章']] as const) {
      const from = watcher.frames.length;
      expect((await send(member, roomId, text)).code, text).toBe(200);
      await watcher.waitFor((frame: ChatServerFrame) => frame.type === 'message' && frame.message.text === text, 5_000, from);
    }
    const answer = await get(`/api/Barrage/getList?room_id=${roomId}`);
    expect(Value.Check(BarrageListSchema, answer.data)).toBe(true);
    const byText = new Map((answer.data.list as Array<{ text: string; medal?: unknown }>).map((item) => [item.text, item]));
    // No name set: the first 3 characters of the anchor's nickname.
    const ownName = (await ctx.db.selectFrom('app_user').select('user_nickname').where('id', '=', anchor.id).executeTakeFirstOrThrow()).user_nickname.slice(0, 3);
    expect(byText.get('本房勋章')?.medal).toEqual({ name: ownName, level: 3, lit: true });
    expect(byText.get('别家勋章')?.medal).toEqual({ name: '球王主', level: 2, lit: true });
    expect(byText.get('不戴勋章')).not.toHaveProperty('medal');
    // The chat's history a joiner is answered with carries the same badges (the lines as delivered).
    const joiner = await viewerIn(String(anchor.id));
    const historyFrame = joiner.frames.find((frame: ChatServerFrame) => frame.type === 'history');
    if (historyFrame?.type !== 'history') throw new Error('no history frame');
    const heard = new Map(historyFrame.messages.map((message) => [message.text, message.from.medal]));
    expect(heard.get('别家勋章')).toEqual({ name: '球王主', level: 2, lit: true });
    expect(heard.get('不戴勋章')).toBeUndefined();
    // Taken off: the history follows (the cache drops the entry at once).
    expect((await ctx.app.inject({ method: 'POST', url: '/api/FanMedal/wear', headers: otherFan.headers, payload: { anchor_id: null } })).json().code).toBe(200);
    const after = (await get(`/api/Barrage/getList?room_id=${roomId}`)).data.list as Array<{ text: string; medal?: unknown }>;
    expect(after.find((item) => item.text === '别家勋章')).not.toHaveProperty('medal');
  });
});

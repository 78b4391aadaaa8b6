import { type ChatServerFrame, ChatGroupMessageSchema, FAN_MEDAL_INACTIVE_MS, FanMedalListSchema, FanMedalRoomFansSchema } from '@sports/shared/server';
import { Value } from 'typebox/value';
import { afterAll, expect, it } from 'vitest';
import { memberChatSignature, useChatSockets } from '../chat/testing/chatTestKit';
import { errors } from '../infra/http/errorCatalogue';
import { type TestUser, createUser } from '../live/testing/roomsTestKit';
import { accountsTestOptions, createManualClock } from '../testing/accounts';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { expectLedgerClean, fundMember } from '../wallet/testing/ledgerTestKit';
import { defaultWalletConfig } from '../wallet/walletConfig';
import { defaultFanMedalsConfig } from './fanMedalsConfig';

const DAY = 86_400_000;

describeEachDatabase('fan medals (intimacy from gifts, guards, watching and chat; levels, caps, greying, wear, the fans list, the medal name, the chat badge)', (target) => {
  // 12:00 China time: a test that moves the clock by hours stays in the day it means.
  const start = new Date('2026-06-01T04:00:00Z');
  const clock = createManualClock(start);
  const accounts = accountsTestOptions(clock);
  const ctx = useTestApp(target, {
    ...accounts,
    app: {
      ...accounts.app,
      wallet: { config: { ...defaultWalletConfig(), anchorSharePercent: 50 } },
      chat: { memberRate: { max: 1_000, windowMs: 1_000, blockMs: 10 } },
      fanMedals: { ...defaultFanMedalsConfig(), watchTickSeconds: 600, watchPerDay: 3, chatPerDay: 4 },
    },
  });
  const { connect } = useChatSockets(ctx);
  afterAll(async () => {
    clock.set(start);
    await expectLedgerClean(ctx.db);
  });

  let keyCounter = 0;
  const freshKey = () => `medal-${process.pid}-${++keyCounter}`;
  const call = (method: 'GET' | 'POST', url: string, as?: TestUser, body?: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url, headers: { ...as?.headers, ...headers }, ...(body === undefined ? {} : { payload: body }) }).then((response) => ({ status: response.statusCode, ...response.json() }));
  const refusal = (entry: { reason: string; message: unknown }) => ({ code: 1, msg: entry.message, data: null, reason: entry.reason });
  const giftPriced = async (price: number) => ((await call('GET', '/api/Gift/getList')).data as Array<{ id: number; price: number }>).find((gift) => gift.price === price) as { id: number };
  const gift = (as: TestUser, roomId: number, price: number, count: number, key = freshKey()) =>
    giftPriced(price).then((found) => call('GET', `/api/member/handselGift?room_id=${roomId}&gift_id=${found.id}&count=${count}`, as, undefined, { 'idempotency-key': key }));
  const newRoom = async (nickname = '主播小王') => {
    const anchor = await createUser(ctx.db, { anchor: true, nickname });
    const room = await ctx.db.insertInto('live_room').values({ owner_id: anchor.id, title: '勋章测试直播间', is_open: true }).returning('id').executeTakeFirstOrThrow();
    return { anchor, roomId: Number(room.id) };
  };
  const fan = async (coins = 100_000, nickname?: string) => {
    const user = await createUser(ctx.db, nickname === undefined ? {} : { nickname });
    if (coins > 0) await fundMember(ctx.db, user.id, coins);
    return user;
  };
  const medalRow = (memberId: number, anchorId: number) =>
    ctx.db.selectFrom('fan_medal').selectAll().where('member_id', '=', memberId).where('anchor_id', '=', anchorId).executeTakeFirst();
  const intimacy = async (memberId: number, anchorId: number) => Number((await medalRow(memberId, anchorId))?.intimacy ?? -1);
  const list = async (as: TestUser) => {
    const answer = await call('GET', '/api/FanMedal/list', as);
    expect(answer.code).toBe(200);
    expect(Value.Check(FanMedalListSchema, answer.data)).toBe(true);
    return answer.data as { list: Array<Record<string, unknown>>; worn_anchor_id: number | null };
  };
  const inChat = async (user: TestUser, anchorId: number) => {
    const signature = await memberChatSignature(ctx, user.id);
    const client = await connect();
    expect((await client.login(signature.id, signature.userSig)).ok).toBe(true);
    await client.join(String(anchorId));
    return client;
  };
  const at = async <T>(time: Date, run: () => Promise<T>): Promise<T> => {
    clock.set(time);
    try {
      return await run();
    } finally {
      clock.set(start);
    }
  };

  it('gifts add 1 intimacy per 10 coins (the remainder carries over) in the gift\'s own commit; a retried gift counts once; LV2 at 10', async () => {
    const { anchor, roomId } = await newRoom();
    const member = await fan();
    expect(await medalRow(member.id, anchor.id)).toBeUndefined();
    expect((await gift(member, roomId, 5, 1)).code).toBe(200);
    // 5 coins: the medal exists (LV1) at 0 intimacy.
    expect(await medalRow(member.id, anchor.id)).toMatchObject({ intimacy: 0, gift_coins: 5 });
    expect((await gift(member, roomId, 1, 5)).code).toBe(200);
    expect(await intimacy(member.id, anchor.id)).toBe(1);
    const key = freshKey();
    const first = await gift(member, roomId, 10, 9, key);
    expect(first.code).toBe(200);
    expect(await gift(member, roomId, 10, 9, key)).toEqual(first);
    expect(await intimacy(member.id, anchor.id)).toBe(10);
    const [medal] = (await list(member)).list;
    expect(medal).toMatchObject({ anchor_id: anchor.id, name: '主播小', intimacy: 10, level: 2, next_level_at: 30, lit: 1, worn: 0, room_id: roomId });
    // A refused gift (over the balance) adds nothing.
    const poor = await fan(0);
    expect(await gift(poor, roomId, 100, 1)).toMatchObject(refusal(errors.WALLET_INSUFFICIENT_BALANCE));
    expect(await medalRow(poor.id, anchor.id)).toBeUndefined();
  });

  it('a guard adds 1 intimacy per 10 coins paid (a bronze month, 100 coins: +10)', async () => {
    const { anchor, roomId } = await newRoom();
    const member = await fan();
    const tiers = (await call('GET', '/api/Guard/getList')).data as Array<{ id: number; level: number }>;
    const bronze = tiers.find((tier) => tier.level === 1) as { id: number };
    expect((await call('GET', `/api/guard_user/buy?room_id=${roomId}&guard_id=${bronze.id}&months=1`, member, undefined, { 'idempotency-key': freshKey() })).code).toBe(200);
    expect(await intimacy(member.id, anchor.id)).toBe(10);
  });

  it('watching an open room: +1 per tick with a medal, once per tick, up to the day\'s cap; a closed room, a member without a medal and a guest earn nothing', async () => {
    const { anchor, roomId } = await newRoom();
    const closed = await newRoom();
    await ctx.db.updateTable('live_room').set({ is_open: false }).where('id', '=', closed.roomId).execute();
    const member = await fan();
    const stranger = await fan();
    await gift(member, roomId, 1, 1);
    await gift(member, closed.roomId, 1, 1);
    await inChat(member, anchor.id);
    await inChat(stranger, anchor.id);
    const inClosed = await inChat(member, closed.anchor.id);
    expect(inClosed).toBeDefined();
    let now = start.getTime();
    const tick = async (advanceMs: number) => {
      now += advanceMs;
      await at(new Date(now), () => ctx.app.fanMedals.watch.tick());
    };
    await tick(0);
    expect(await intimacy(member.id, anchor.id)).toBe(1);
    // Again within the same tick (another node, a retried tick): nothing.
    await tick(60_000);
    expect(await intimacy(member.id, anchor.id)).toBe(1);
    await tick(600_000);
    await tick(600_000);
    expect(await intimacy(member.id, anchor.id)).toBe(3);
    // The cap (3 a day in this suite).
    await tick(600_000);
    expect(await intimacy(member.id, anchor.id)).toBe(3);
    expect(await intimacy(member.id, closed.anchor.id)).toBe(0);
    expect(await medalRow(stranger.id, anchor.id)).toBeUndefined();
    // The next China day counts again.
    await tick(DAY);
    expect(await intimacy(member.id, anchor.id)).toBe(4);
    const today = (await at(new Date(now), () => list(member))).list.find((medal) => medal.anchor_id === anchor.id);
    expect(today).toMatchObject({ today_watch: 1, today_chat: 0 });
  });

  it('chat lines in the anchor\'s room: +1 each up to the day\'s cap; lines elsewhere add nothing to it', async () => {
    const { anchor, roomId } = await newRoom();
    const other = await newRoom();
    const member = await fan();
    await gift(member, roomId, 1, 1);
    const client = await inChat(member, anchor.id);
    for (let index = 0; index < 6; index += 1) expect((await client.say(String(anchor.id), `加油 ${index}`)).type).toBe('ack');
    const elsewhere = await inChat(member, other.anchor.id);
    expect((await elsewhere.say(String(other.anchor.id), '路过')).type).toBe('ack');
    await ctx.app.fanMedals.chatLines.flush();
    // Cap 4 a day in this suite.
    expect(await intimacy(member.id, anchor.id)).toBe(4);
    expect(await medalRow(member.id, other.anchor.id)).toBeUndefined();
    expect((await list(member)).list[0]).toMatchObject({ today_chat: 4 });
    expect((await client.say(String(anchor.id), '再来')).type).toBe('ack');
    await ctx.app.fanMedals.chatLines.flush();
    expect(await intimacy(member.id, anchor.id)).toBe(4);
  });

  it('a medal greys after 7 days without interaction and lights again with the next one', async () => {
    const { anchor, roomId } = await newRoom();
    const member = await fan();
    await gift(member, roomId, 100, 1);
    const litUntil = new Date(start.getTime() + FAN_MEDAL_INACTIVE_MS - 1000);
    expect((await at(litUntil, () => list(member))).list[0]).toMatchObject({ lit: 1 });
    const greyAt = new Date(start.getTime() + FAN_MEDAL_INACTIVE_MS);
    expect((await at(greyAt, () => list(member))).list[0]).toMatchObject({ lit: 0 });
    // The fans list shows it greyed too.
    expect((await at(greyAt, () => call('GET', `/api/FanMedal/roomFans?anchor_id=${anchor.id}`))).data.list[0]).toMatchObject({ user_id: member.id, lit: 0 });
    // A line in the anchor's room is an interaction: lit again.
    await at(greyAt, async () => {
      const client = await inChat(member, anchor.id);
      expect((await client.say(String(anchor.id), '我回来了')).type).toBe('ack');
      await ctx.app.fanMedals.chatLines.flush();
      expect((await list(member)).list[0]).toMatchObject({ lit: 1, intimacy: 11 });
    });
  });

  it('wear: one medal or none; a medal the member does not have is refused; bad input is refused', async () => {
    const first = await newRoom('甲主播');
    const second = await newRoom('乙主播');
    const member = await fan();
    const stranger = await newRoom('丙主播');
    await gift(member, first.roomId, 10, 1);
    await gift(member, second.roomId, 100, 1);
    expect((await call('POST', '/api/FanMedal/wear', undefined, { anchor_id: first.anchor.id })).code).toBe(700);
    expect(await call('POST', '/api/FanMedal/wear', member, { anchor_id: stranger.anchor.id })).toMatchObject(refusal(errors.FAN_MEDAL_NOT_OWNED));
    for (const body of [{}, { anchor_id: 0 }, { anchor_id: 'x' }, { anchor_id: 1.5 }, { anchor_id: 1, extra: 1 }]) {
      expect(await call('POST', '/api/FanMedal/wear', member, body), JSON.stringify(body)).toMatchObject({ status: 400, code: 1, reason: errors.VALIDATION.reason });
    }
    expect((await call('POST', '/api/FanMedal/wear', member, { anchor_id: first.anchor.id })).data).toEqual({ worn_anchor_id: first.anchor.id });
    expect((await call('POST', '/api/FanMedal/wear', member, { anchor_id: second.anchor.id })).data).toEqual({ worn_anchor_id: second.anchor.id });
    const medals = await list(member);
    expect(medals.worn_anchor_id).toBe(second.anchor.id);
    expect(medals.list.filter((medal) => medal.worn === 1).map((medal) => medal.anchor_id)).toEqual([second.anchor.id]);
    expect((await call('POST', '/api/FanMedal/wear', member, { anchor_id: null })).data).toEqual({ worn_anchor_id: null });
    expect((await list(member)).worn_anchor_id).toBeNull();
  });

  it('the worn medal and its level show on the member\'s chat lines and danmaku in every room; a gift\'s level-up shows on the next line', async () => {
    const home = await newRoom('球王');
    const away = await newRoom('客场');
    const member = await fan(100_000, '铁杆');
    await gift(member, home.roomId, 10, 1);
    const viewer = await inChat(await fan(0), away.anchor.id);
    const client = await inChat(member, away.anchor.id);
    const lineFrom = async (text: string, kind: 'text' | 'danmaku' = 'text') => {
      const from = viewer.frames.length;
      expect((await client.say(String(away.anchor.id), text, kind)).type).toBe('ack');
      const frame = await viewer.waitFor((candidate: ChatServerFrame) => candidate.type === 'message' && candidate.message.text === text, 5_000, from);
      if (frame.type !== 'message') throw new Error('not a message');
      expect(Value.Check(ChatGroupMessageSchema, frame.message)).toBe(true);
      return frame.message.from;
    };
    expect((await lineFrom('没戴勋章')).medal).toBeUndefined();
    await call('POST', '/api/FanMedal/wear', member, { anchor_id: home.anchor.id });
    expect((await lineFrom('戴上了')).medal).toEqual({ name: '球王', level: 1, lit: true });
    expect((await call('POST', '/api/FanMedal/setName', home.anchor, { name: '球迷团' })).code).toBe(200);
    expect((await gift(member, home.roomId, 100, 1)).code).toBe(200);
    expect((await lineFrom('升级了', 'danmaku')).medal).toEqual({ name: '球迷团', level: 2, lit: true });
    // Greyed after 7 days in another room; in the anchor's own room the line itself lights it.
    await at(new Date(start.getTime() + FAN_MEDAL_INACTIVE_MS + 1000), async () => {
      ctx.app.fanMedals.worn.forget(member.id);
      expect((await lineFrom('好久不见')).medal).toEqual({ name: '球迷团', level: 2, lit: false });
    });
  });

  it('setName: the anchor only, 2-4 characters (Chinese, letters, digits), through the word filter; the fans list shows it', async () => {
    const { anchor, roomId } = await newRoom('起名主播');
    const member = await fan();
    expect((await call('POST', '/api/FanMedal/setName', undefined, { name: '球迷' })).code).toBe(700);
    expect(await call('POST', '/api/FanMedal/setName', member, { name: '球迷' })).toMatchObject({ status: 403, ...refusal(errors.FAN_MEDAL_NOT_ANCHOR) });
    for (const name of ['球', '五个字名称', '', '   ', 'abcde']) expect(await call('POST', '/api/FanMedal/setName', anchor, { name }), name).toMatchObject(refusal(errors.FAN_MEDAL_NAME_LENGTH));
    for (const name of ['球 迷', '球迷!', '😀😀']) expect(await call('POST', '/api/FanMedal/setName', anchor, { name }), name).toMatchObject(refusal(errors.FAN_MEDAL_NAME_CHARACTERS));
    expect(await call('POST', '/api/FanMedal/setName', anchor, { name: '脑残粉' })).toMatchObject(refusal(errors.FAN_MEDAL_NAME_REFUSED));
    expect(await call('POST', '/api/FanMedal/setName', anchor, { name: 'x'.repeat(100) })).toMatchObject({ status: 400, reason: errors.VALIDATION.reason });
    const fans = await call('GET', `/api/FanMedal/roomFans?anchor_id=${anchor.id}`);
    expect(fans.data).toMatchObject({ name: '起名主', named: 0, total: 0, list: [] });
    expect((await call('POST', '/api/FanMedal/setName', anchor, { name: ' 铁粉A ' })).data).toEqual({ anchor_id: anchor.id, name: '铁粉A' });
    await gift(member, roomId, 10, 1);
    expect((await list(member)).list[0]).toMatchObject({ name: '铁粉A' });
    expect((await call('GET', `/api/FanMedal/roomFans?room_id=${roomId}`)).data).toMatchObject({ name: '铁粉A', named: 1, total: 1 });
  });

  it('the four calls are documented in /api/docs', async () => {
    const document = (await ctx.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { summary?: string }>> };
    expect(document.paths['/api/FanMedal/list']?.get?.summary).toContain('粉丝勋章');
    expect(document.paths['/api/FanMedal/wear']?.post?.summary).toContain('FAN_MEDAL_NOT_OWNED');
    expect(document.paths['/api/FanMedal/roomFans']?.get?.summary).toContain('粉丝榜');
    expect(document.paths['/api/FanMedal/setName']?.post?.summary).toContain('2-4');
  });

  it('roomFans: top by intimacy, keyset pages with ranks; by room or anchor (one of them); unknown ones refused', async () => {
    const { anchor, roomId } = await newRoom('榜单主播');
    const fans: TestUser[] = [];
    for (const coins of [10, 50, 30, 30, 100]) {
      const member = await fan();
      await gift(member, roomId, 10, coins / 10);
      fans.push(member);
    }
    const page1 = await call('GET', `/api/FanMedal/roomFans?anchor_id=${anchor.id}&limit=2`);
    expect(Value.Check(FanMedalRoomFansSchema, page1.data)).toBe(true);
    expect(page1.data.total).toBe(5);
    expect(page1.data.list.map((row: { rank: number; intimacy: number }) => [row.rank, row.intimacy])).toEqual([
      [1, 10],
      [2, 5],
    ]);
    const page2 = await call('GET', `/api/FanMedal/roomFans?anchor_id=${anchor.id}&limit=2&cursor=${page1.data.next_cursor}`);
    const tied = [fans[2], fans[3]].map((member) => (member as TestUser).id).sort((a, b) => a - b);
    expect(page2.data.list.map((row: { rank: number; user_id: number }) => [row.rank, row.user_id])).toEqual([
      [3, tied[0]],
      [4, tied[1]],
    ]);
    const page3 = await call('GET', `/api/FanMedal/roomFans?room_id=${roomId}&limit=2&cursor=${page2.data.next_cursor}`);
    expect(page3.data.list.map((row: { rank: number; intimacy: number }) => [row.rank, row.intimacy])).toEqual([[5, 1]]);
    expect(page3.data.next_cursor).toBeNull();
    expect(await call('GET', '/api/FanMedal/roomFans')).toMatchObject({ status: 400, ...refusal(errors.FAN_MEDAL_FANS_SELECTOR) });
    expect(await call('GET', `/api/FanMedal/roomFans?anchor_id=${anchor.id}&room_id=${roomId}`)).toMatchObject({ status: 400, ...refusal(errors.FAN_MEDAL_FANS_SELECTOR) });
    expect(await call('GET', '/api/FanMedal/roomFans?room_id=2000000000')).toMatchObject(refusal(errors.FAN_MEDAL_ANCHOR_NOT_FOUND));
    expect(await call('GET', '/api/FanMedal/roomFans?anchor_id=2000000000')).toMatchObject(refusal(errors.FAN_MEDAL_ANCHOR_NOT_FOUND));
    for (const query of ['anchor_id=1&cursor=abc', 'anchor_id=1&limit=0', 'anchor_id=1&limit=51', 'anchor_id=0']) {
      expect(await call('GET', `/api/FanMedal/roomFans?${query}`), query).toMatchObject({ status: 400, reason: errors.VALIDATION.reason });
    }
  });
});

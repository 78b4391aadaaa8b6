import { GIFT_COUNT_MAX, GiftListSchema, HandselGiftResultSchema, OrderPageSchema, RoomRankSchema, UserGiftPageSchema } from '@sports/shared/server';
import { ChatGroupMessageSchema, type ChatServerFrame } from '@sports/shared/server';
import { Value } from 'typebox/value';
import { afterAll, expect, it } from 'vitest';
import { memberChatSignature, useChatSockets } from '../../chat/testing/chatTestKit';
import { errors } from '../../infra/http/errorCatalogue';
import { type TestUser, createUser } from '../../live/testing/roomsTestKit';
import { accountsTestOptions, createManualClock } from '../../testing/accounts';
import { describeEachDatabase, useTestApp } from '../../testing/testApp';
import { balanceOf } from '../ledger';
import { expectLedgerClean, fundMember } from '../testing/ledgerTestKit';
import { defaultWalletConfig } from '../walletConfig';
import { periodStart, splitGiftCoins } from './gifts';

describeEachDatabase('wallet: gifts (catalogue, handselGift on the ledger, lists, room board, the chat line)', (target) => {
  // Wednesday 2026-11-18 12:00 in China (in the past: test sessions are issued on the real clock).
  const clock = createManualClock(new Date('2026-11-18T04:00:00Z'));
  const accounts = accountsTestOptions(clock);
  const ctx = useTestApp(target, { ...accounts, app: { ...accounts.app, wallet: { config: { ...defaultWalletConfig(), anchorSharePercent: 50 } } } });
  const { connect } = useChatSockets(ctx);
  afterAll(async () => {
    await expectLedgerClean(ctx.db);
  });

  let keyCounter = 0;
  const freshKey = () => `gift-${process.pid}-${++keyCounter}`;
  const get = (url: string, as?: TestUser, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url, headers: { ...as?.headers, ...headers } }).then((response) => ({ status: response.statusCode, ...response.json() }));
  const refusal = (entry: { reason: string; message: unknown }) => ({ code: 1, msg: entry.message, data: null, reason: entry.reason });
  const send = (as: TestUser, roomId: number, giftId: number, count: number, key: string | null = freshKey()) =>
    get(`/api/member/handselGift?room_id=${roomId}&gift_id=${giftId}&count=${count}`, as, key === null ? {} : { 'idempotency-key': key });
  const catalogue = async () => (await get('/api/Gift/getList')).data as Array<{ id: number; name: string; icon: string; price: number; tier: 1 | 2 | 3; combo: 0 | 1 }>;
  const giftPriced = async (price: number) => (await catalogue()).find((gift) => gift.price === price) as { id: number; name: string; price: number; tier: 1 | 2 | 3; combo: 0 | 1; icon: string };
  const newRoom = async () => {
    const anchor = await createUser(ctx.db, { anchor: true });
    const room = await ctx.db.insertInto('live_room').values({ owner_id: anchor.id, title: '测试直播间' }).returning('id').executeTakeFirstOrThrow();
    return { anchor, roomId: room.id };
  };
  const fundedMember = async (coins: number, nickname?: string) => {
    const user = await createUser(ctx.db, nickname === undefined ? {} : { nickname });
    if (coins > 0) await fundMember(ctx.db, user.id, coins);
    return user;
  };
  const userRow = (id: number) => ctx.db.selectFrom('app_user').select(['balance', 'exp']).where('id', '=', id).executeTakeFirstOrThrow();
  const sendsOf = (senderId: number) => ctx.db.selectFrom('gift_send').selectAll().where('sender_id', '=', senderId).execute();

  it('lists the catalogue (anyone) and serves its icons', async () => {
    const answer = await get('/api/Gift/getList');
    expect(answer.code).toBe(200);
    expect(Value.Check(GiftListSchema, answer.data)).toBe(true);
    expect(answer.data).toHaveLength(5);
    expect(answer.data[0]).toEqual({ id: expect.any(Number), name: '鲜花', icon: '/static/gifts/flower.svg', price: 1, tier: 1, combo: 1 });
    expect(new Set(answer.data.map((gift: { tier: number }) => gift.tier))).toEqual(new Set([1, 2, 3]));
    for (const gift of answer.data as Array<{ icon: string }>) {
      const icon = await ctx.app.inject({ url: gift.icon });
      expect(icon.statusCode, gift.icon).toBe(200);
      expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(icon.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await ctx.app.inject({ url: '/static/gifts/nothing.svg' })).statusCode).toBe(404);
  });

  it('splits coins: the anchor gets floor(coins × share / 100), the platform the rest', () => {
    expect(splitGiftCoins(15, 50)).toEqual({ anchor: 7, platform: 8 });
    expect(splitGiftCoins(1, 50)).toEqual({ anchor: 0, platform: 1 });
    expect(splitGiftCoins(999, 33)).toEqual({ anchor: 329, platform: 670 });
    expect(splitGiftCoins(10, 100)).toEqual({ anchor: 10, platform: 0 });
    expect(splitGiftCoins(10, 0)).toEqual({ anchor: 0, platform: 10 });
  });

  it('handselGift: login, key, parameters, room, gift, own room and balance are checked; nothing applied', async () => {
    const { anchor, roomId } = await newRoom();
    const gift = await giftPriced(10);
    const member = await fundedMember(5);
    expect((await get(`/api/member/handselGift?room_id=${roomId}&gift_id=${gift.id}&count=1`, undefined, { 'idempotency-key': freshKey() })).code).toBe(700);
    expect(await send(member, roomId, gift.id, 1, null)).toMatchObject({ status: 400, ...refusal(errors.WALLET_IDEMPOTENCY_KEY_MISSING) });
    expect(await send(member, roomId, gift.id, 1, 'bad key!')).toMatchObject({ status: 400, code: 1, reason: errors.VALIDATION.reason });
    for (const query of [`room_id=${roomId}&gift_id=${gift.id}&count=0`, `room_id=${roomId}&gift_id=${gift.id}&count=${GIFT_COUNT_MAX + 1}`, `room_id=${roomId}&gift_id=${gift.id}&count=1.5`, `room_id=${roomId}&gift_id=${gift.id}`, `gift_id=${gift.id}&count=1`, `room_id=${roomId}&gift_id=0&count=1`, `room_id=abc&gift_id=${gift.id}&count=1`, `room_id=${roomId}&gift_id=${gift.id}&count=1&extra=1`]) {
      expect(await get(`/api/member/handselGift?${query}`, member, { 'idempotency-key': freshKey() }), query).toMatchObject({ status: 400, code: 1, reason: errors.VALIDATION.reason });
    }
    expect(await send(member, 2_000_000_000, gift.id, 1)).toMatchObject(refusal(errors.WALLET_GIFT_ROOM_NOT_FOUND));
    expect(await send(member, roomId, 99_999, 1)).toMatchObject(refusal(errors.WALLET_GIFT_NOT_FOUND));
    await fundMember(ctx.db, anchor.id, 100);
    expect(await send(anchor, roomId, gift.id, 1)).toMatchObject(refusal(errors.WALLET_GIFT_OWN_ROOM));
    const poor = await send(member, roomId, gift.id, 1);
    expect(poor).toMatchObject(refusal(errors.WALLET_INSUFFICIENT_BALANCE));
    expect(poor.msg).toBe('余额不足，请先充值');
    expect(await userRow(member.id)).toMatchObject({ balance: 5, exp: 0 });
    expect(await sendsOf(member.id)).toEqual([]);
    expect(await sendsOf(anchor.id)).toEqual([]);
    expect(await balanceOf(ctx.db, { kind: 'anchor_earnings', owner: anchor.id })).toBe(0);
  });

  it('a send moves the coins in one set (anchor floor share + platform rest = coins), writes the row, adds exp, answers the balance', async () => {
    const { anchor, roomId } = await newRoom();
    const gift = await giftPriced(5);
    const member = await fundedMember(100);
    const platformBefore = await balanceOf(ctx.db, { kind: 'platform_revenue' });
    const answer = await send(member, roomId, gift.id, 3);
    expect(answer.code).toBe(200);
    expect(Value.Check(HandselGiftResultSchema, answer.data)).toBe(true);
    expect(answer.data).toMatchObject({ gift_id: gift.id, count: 3, coins: 15, balance: 85 });
    expect(await userRow(member.id)).toEqual({ balance: 85, exp: 15 });
    expect(await balanceOf(ctx.db, { kind: 'member_coins', owner: member.id })).toBe(85);
    expect(await balanceOf(ctx.db, { kind: 'anchor_earnings', owner: anchor.id })).toBe(7);
    expect((await balanceOf(ctx.db, { kind: 'platform_revenue' })) - platformBefore).toBe(8);
    const [row] = await sendsOf(member.id);
    expect(row).toMatchObject({ id: answer.data.record_id, room_id: roomId, anchor_id: anchor.id, gift_id: gift.id, count: 3, coins: 15, anchor_coins: 7, platform_coins: 8, balance_after: 85 });
    const set = await ctx.db.selectFrom('ledger_transfer').select(['amount', 'kind']).where('set_id', '=', row?.transfer_set_id as number).execute();
    expect(set.map((transfer) => transfer.amount).sort((a, b) => a - b)).toEqual([7, 8]);
    expect(set.every((transfer) => transfer.kind === 'gift')).toBe(true);
    // A room that is not open (the default here) still receives gifts: its anchor and page exist.
    expect((await ctx.db.selectFrom('live_room').select('is_open').where('id', '=', roomId).executeTakeFirstOrThrow()).is_open).toBe(false);
  });

  it('a retry answers the first send even after the gift was repriced or withdrawn from the catalogue (review)', async () => {
    const { roomId } = await newRoom();
    const gift = await ctx.db.insertInto('gift').values({ name: '限时礼物', icon: '/static/gifts/flower.svg', price: 7, tier: 1, combo: false, enabled: true, sort: 99 }).returning('id').executeTakeFirstOrThrow();
    const member = await fundedMember(100);
    const key = freshKey();
    const first = await send(member, roomId, gift.id, 2, key);
    expect(first.data).toMatchObject({ coins: 14, balance: 86 });
    await ctx.db.updateTable('gift').set({ price: 9 }).where('id', '=', gift.id).execute();
    expect(await send(member, roomId, gift.id, 2, key)).toEqual(first);
    await ctx.db.updateTable('gift').set({ enabled: false }).where('id', '=', gift.id).execute();
    expect(await send(member, roomId, gift.id, 2, key)).toEqual(first);
    expect(await send(member, roomId, gift.id, 3, key)).toMatchObject({ status: 409, ...refusal(errors.WALLET_IDEMPOTENCY_KEY_REUSED) });
    expect(await userRow(member.id)).toMatchObject({ balance: 86 });
    expect(await sendsOf(member.id)).toHaveLength(1);
  });

  it('a member whose exp is near its column limit still sends: exp stops at the limit (review)', async () => {
    const { roomId } = await newRoom();
    const gift = await giftPriced(10);
    const member = await fundedMember(100);
    await ctx.db.updateTable('app_user').set({ exp: 2_147_483_640 }).where('id', '=', member.id).execute();
    expect((await send(member, roomId, gift.id, 1)).code).toBe(200);
    expect(await userRow(member.id)).toEqual({ balance: 90, exp: 2_147_483_647 });
  });

  it('the same key answers the first result and applies once (also in parallel); with other parameters it is refused', async () => {
    const { anchor, roomId } = await newRoom();
    const gift = await giftPriced(10);
    const member = await fundedMember(100);
    const key = freshKey();
    const first = await send(member, roomId, gift.id, 2, key);
    expect(first.data).toMatchObject({ coins: 20, balance: 80 });
    const again = await send(member, roomId, gift.id, 2, key);
    expect(again).toEqual(first);
    const reused = await send(member, roomId, gift.id, 3, key);
    expect(reused).toMatchObject({ status: 409, ...refusal(errors.WALLET_IDEMPOTENCY_KEY_REUSED) });

    const parallelKey = freshKey();
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(member, roomId, gift.id, 1, parallelKey)));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]?.data).toMatchObject({ coins: 10, balance: 70 });
    expect(await userRow(member.id)).toEqual({ balance: 70, exp: 30 });
    expect(await sendsOf(member.id)).toHaveLength(2);
    expect(await balanceOf(ctx.db, { kind: 'anchor_earnings', owner: anchor.id })).toBe(15);

    // One gift order per applied send (api/Order/getList type 2), none for the replays.
    const orders = await get('/api/Order/getList?type=2', member);
    expect(Value.Check(OrderPageSchema, orders.data)).toBe(true);
    expect(orders.data.list).toEqual([
      expect.objectContaining({ type: 2, type_name: '礼物', state: 'paid', subject: `${gift.name} x1`, coins: -10, amount_fen: null, order_no: expect.stringMatching(/^G[0-9]{24}$/) }),
      expect.objectContaining({ type: 2, subject: `${gift.name} x2`, coins: -20 }),
    ]);
    expect((await get('/api/Order/getList?type=1', member)).data.list).toEqual([]);
  });

  it('parallel sends from one member succeed exactly as far as the balance goes, never below zero', async () => {
    const { anchor, roomId } = await newRoom();
    const gift = await giftPriced(10);
    const member = await fundedMember(55);
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(member, roomId, gift.id, 1)));
    const applied = answers.filter((answer) => answer.code === 200);
    const refused = answers.filter((answer) => answer.code !== 200);
    expect(applied).toHaveLength(5);
    for (const answer of refused) expect(answer).toMatchObject(refusal(errors.WALLET_INSUFFICIENT_BALANCE));
    expect(applied.map((answer) => answer.data.balance).sort((a, b) => a - b)).toEqual([5, 15, 25, 35, 45]);
    expect(await userRow(member.id)).toEqual({ balance: 5, exp: 50 });
    expect(await sendsOf(member.id)).toHaveLength(5);
    expect(await balanceOf(ctx.db, { kind: 'anchor_earnings', owner: anchor.id })).toBe(25);
  });

  it('getUserGiftList: my sent and received gifts, paginated, newest first', async () => {
    const { anchor, roomId } = await newRoom();
    const flower = await giftPriced(1);
    const ball = await giftPriced(10);
    const member = await fundedMember(1_000, '送礼人');
    for (let i = 1; i <= 3; i += 1) expect((await send(member, roomId, i % 2 === 0 ? ball.id : flower.id, i)).code).toBe(200);
    const sent = await get('/api/Gift/getUserGiftList?type=sent&page_size=2', member);
    expect(sent.code).toBe(200);
    expect(Value.Check(UserGiftPageSchema, sent.data)).toBe(true);
    expect(sent.data).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(sent.data.list.map((item: { count: number }) => item.count)).toEqual([3, 2]);
    expect(sent.data.list[0]).toMatchObject({ gift_id: flower.id, gift_name: '鲜花', gift_icon: flower.icon, coins: 3, room_id: roomId, user_id: anchor.id });
    const second = await get('/api/Gift/getUserGiftList?type=sent&page=2&page_size=2', member);
    expect(second.data.list.map((item: { count: number; coins: number }) => [item.count, item.coins])).toEqual([[1, 1]]);
    const received = await get('/api/Gift/getUserGiftList?type=received', anchor);
    expect(received.data).toMatchObject({ total: 3, page: 1 });
    expect(received.data.list[0]).toMatchObject({ user_id: member.id, user_nickname: '送礼人', count: 3 });
    expect((await get('/api/Gift/getUserGiftList?type=received', member)).data).toMatchObject({ total: 0, list: [] });
    expect((await get('/api/Gift/getUserGiftList?type=sent')).code).toBe(700);
    for (const query of ['', 'type=all', 'type=sent&page=0', 'type=sent&page_size=1000']) {
      expect(await get(`/api/Gift/getUserGiftList?${query}`, member), query).toMatchObject({ status: 400, code: 1, reason: errors.VALIDATION.reason });
    }
  });

  it('roomRank: top senders by coins this China day and week', async () => {
    const { roomId } = await newRoom();
    const other = await newRoom();
    const gift = await giftPriced(10);
    const [a, b, c] = [await fundedMember(1_000, '甲'), await fundedMember(1_000, '乙'), await fundedMember(1_000, '丙')];
    const start = clock();
    try {
      // Monday of this China week.
      clock.set(new Date('2026-11-16T02:00:00Z'));
      expect((await send(c, roomId, gift.id, 9)).code).toBe(200);
      clock.set(start);
      expect((await send(a, roomId, gift.id, 2)).code).toBe(200);
      expect((await send(b, roomId, gift.id, 3)).code).toBe(200);
      expect((await send(a, roomId, gift.id, 2)).code).toBe(200);
      expect((await send(c, other.roomId, gift.id, 50)).code).toBe(200);
      const day = await get(`/api/Gift/roomRank?room_id=${roomId}&period=day`);
      expect(day.code).toBe(200);
      expect(Value.Check(RoomRankSchema, day.data)).toBe(true);
      expect(day.data.since).toBe('2026-11-17T16:00:00.000Z');
      expect(day.data.list.map((entry: { rank: number; user_id: number; coins: number }) => [entry.rank, entry.user_id, entry.coins])).toEqual([
        [1, a.id, 40],
        [2, b.id, 30],
      ]);
      const week = await get(`/api/Gift/roomRank?room_id=${roomId}&period=week`);
      expect(week.data.since).toBe('2026-11-15T16:00:00.000Z');
      expect(week.data.list.map((entry: { user_id: number; coins: number; user_nickname: string }) => [entry.user_id, entry.coins, entry.user_nickname])).toEqual([
        [c.id, 90, '丙'],
        [a.id, 40, '甲'],
        [b.id, 30, '乙'],
      ]);
      // The next China day starts empty.
      clock.set(new Date('2026-11-18T16:00:00Z'));
      expect((await get(`/api/Gift/roomRank?room_id=${roomId}&period=day`)).data.list).toEqual([]);
    } finally {
      clock.set(start);
    }
    expect(periodStart('week', new Date('2026-11-22T15:59:59Z')).toISOString()).toBe('2026-11-15T16:00:00.000Z');
    expect(await get('/api/Gift/roomRank?room_id=2000000000&period=day')).toMatchObject(refusal(errors.WALLET_GIFT_ROOM_NOT_FOUND));
    for (const query of [`room_id=${roomId}`, `room_id=${roomId}&period=month`, 'period=day', 'room_id=0&period=day']) {
      expect(await get(`/api/Gift/roomRank?${query}`), query).toMatchObject({ status: 400, code: 1, reason: errors.VALIDATION.reason });
    }
  });

  it('the room hears it: a chat client in the room receives the gift line with its payload; a replay posts nothing', async () => {
    const { anchor, roomId } = await newRoom();
    const gift = await giftPriced(100);
    const sender = await fundedMember(1_000, '土豪');
    const viewer = await createUser(ctx.db);
    const signature = await memberChatSignature(ctx, viewer.id);
    const client = await connect();
    expect((await client.login(signature.id, signature.userSig)).ok).toBe(true);
    expect((await client.join(String(anchor.id))).status).toBeDefined();
    const from = client.frames.length;
    const key = freshKey();
    const answer = await send(sender, roomId, gift.id, 2, key);
    expect(answer.code).toBe(200);
    const isGift = (frame: ChatServerFrame) => frame.type === 'message' && frame.message.cloudCustomData.type === 2;
    const frame = await client.waitFor(isGift, 5_000, from);
    if (frame.type !== 'message') throw new Error('not a message');
    expect(Value.Check(ChatGroupMessageSchema, frame.message)).toBe(true);
    expect(frame.message).toMatchObject({ groupId: String(anchor.id), kind: 'text', text: `土豪 送出 ${gift.name} x2`, from: { role: 'system' } });
    expect(frame.message.cloudCustomData.gift).toEqual({
      recordId: String(answer.data.record_id),
      giftId: gift.id,
      name: gift.name,
      icon: gift.icon,
      tier: gift.tier,
      combo: gift.combo,
      count: 2,
      coins: 200,
      senderId: String(sender.id),
      senderNickname: '土豪',
      comboKey: `${sender.id}:${gift.id}`,
    });
    expect((await send(sender, roomId, gift.id, 2, key)).code).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.frames.slice(from).filter(isGift)).toHaveLength(1);
  });
});

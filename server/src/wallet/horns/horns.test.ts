import { CHAT_MESSAGE_MAX_LENGTH, type ChatServerFrame, ChatHornSchema, HORN_PAGE_SIZE_MAX, HornPageSchema, SneHornResultSchema } from '@sports/shared/server';
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

const PRICE = 30;
const INTERVAL_SECONDS = 60;

describeEachDatabase('wallet: horns (api/Member/sneHorn on the ledger, the interval, every room hears it, hornList)', (target) => {
  const clock = createManualClock(new Date('2026-11-18T04:00:00Z'));
  const accounts = accountsTestOptions(clock);
  const ctx = useTestApp(target, {
    ...accounts,
    app: { ...accounts.app, wallet: { config: { ...defaultWalletConfig(), hornPrice: PRICE, hornIntervalSeconds: INTERVAL_SECONDS } } },
  });
  const { connect } = useChatSockets(ctx);
  afterAll(async () => {
    await expectLedgerClean(ctx.db);
  });

  let keyCounter = 0;
  const freshKey = () => `horn-${process.pid}-${++keyCounter}`;
  const get = (url: string, as?: TestUser, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url, headers: { ...as?.headers, ...headers } }).then((response) => ({ status: response.statusCode, ...response.json() }));
  const refusal = (entry: { reason: string; message: unknown }) => ({ code: 1, msg: entry.message, data: null, reason: entry.reason });
  const horn = (as: TestUser, text: string, key: string | null = freshKey()) => get(`/api/Member/sneHorn?text=${encodeURIComponent(text)}`, as, key === null ? {} : { 'idempotency-key': key });
  const funded = async (coins: number, nickname?: string) => {
    const user = await createUser(ctx.db, nickname === undefined ? {} : { nickname });
    if (coins > 0) await fundMember(ctx.db, user.id, coins);
    return user;
  };
  const userRow = (id: number) => ctx.db.selectFrom('app_user').select(['balance', 'exp']).where('id', '=', id).executeTakeFirstOrThrow();
  const hornsOf = (id: number) => ctx.db.selectFrom('horn').selectAll().where('sender_id', '=', id).execute();
  const ordersOf = (id: number) => ctx.db.selectFrom('wallet_order').selectAll().where('user_id', '=', id).execute();
  const later = (seconds: number) => clock.set(new Date(clock().getTime() + seconds * 1000));

  it('sneHorn: login, key and parameters are checked; the chat text rule applies; nothing is applied', async () => {
    const member = await funded(1_000);
    expect((await get('/api/Member/sneHorn?text=hi', undefined, { 'idempotency-key': freshKey() })).code).toBe(700);
    expect(await horn(member, 'hi', null)).toMatchObject({ status: 400, ...refusal(errors.WALLET_IDEMPOTENCY_KEY_MISSING) });
    expect(await horn(member, 'hi', 'bad key!')).toMatchObject({ status: 400, reason: errors.VALIDATION.reason });
    for (const query of ['', 'text=', `text=${'a'.repeat(CHAT_MESSAGE_MAX_LENGTH * 4 + 1)}`, 'text=hi&extra=1']) {
      expect(await get(`/api/Member/sneHorn?${query}`, member, { 'idempotency-key': freshKey() }), query).toMatchObject({ status: 400, reason: errors.VALIDATION.reason });
    }
    expect(await horn(member, '   ')).toMatchObject(refusal({ reason: errors.HORN_BARRAGE_REFUSED.reason, message: '不能发送空消息' }));
    expect(await horn(member, 'a'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1))).toMatchObject(refusal({ reason: errors.HORN_BARRAGE_REFUSED.reason, message: `消息太长，最多 ${CHAT_MESSAGE_MAX_LENGTH} 个字` }));
    expect(await userRow(member.id)).toEqual({ balance: 1_000, exp: 0 });
    expect(await hornsOf(member.id)).toEqual([]);
  });

  it('a horn takes the price to the platform in one set, writes the horn, the order and exp, answers the new balance; the text is cleaned', async () => {
    const member = await funded(100, '大喇叭');
    const platformBefore = await balanceOf(ctx.db, { kind: 'platform_revenue' });
    const answer = await horn(member, '  今晚\u200B 决赛 见！ ');
    expect(answer.code).toBe(200);
    expect(Value.Check(SneHornResultSchema, answer.data)).toBe(true);
    expect(answer.data).toMatchObject({ balance: 100 - PRICE, horn: { user_id: member.id, user_nickname: '大喇叭', text: '今晚 决赛 见！', coins: PRICE, level: 1 } });
    expect(await userRow(member.id)).toEqual({ balance: 100 - PRICE, exp: PRICE });
    expect((await balanceOf(ctx.db, { kind: 'platform_revenue' })) - platformBefore).toBe(PRICE);
    const [row] = await hornsOf(member.id);
    const transfers = await ctx.db.selectFrom('ledger_transfer').select(['amount', 'kind']).where('set_id', '=', row?.transfer_set_id as number).execute();
    expect(transfers).toEqual([{ amount: PRICE, kind: 'horn' }]);
    const orders = await ordersOf(member.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ type: 'horn', state: 'paid', coins: -PRICE, subject: '喇叭：今晚 决赛 见！', transfer_set_id: row?.transfer_set_id });
    const listed = await get('/api/Order/getList?type=4', member);
    expect(listed.data.list).toEqual([expect.objectContaining({ type: 4, type_name: '喇叭', state: 'paid', subject: '喇叭：今晚 决赛 见！', coins: -PRICE, amount_fen: null })]);
    later(INTERVAL_SECONDS);
  });

  it('listed words are masked in the horn as stored, listed and heard (the sensitive-word filter, moderation/)', async () => {
    const member = await funded(100, '喊话二号');
    const answer = await horn(member, '加 微信 看球');
    expect(answer).toMatchObject({ code: 200, data: { horn: { text: '**** 看球' } } });
    expect((await hornsOf(member.id))[0]?.text).toBe('**** 看球');
    later(INTERVAL_SECONDS);
  });

  it('too little balance is refused with the way to recharge and takes nothing', async () => {
    const member = await funded(PRICE - 1);
    const answer = await horn(member, '没钱了');
    expect(answer).toMatchObject(refusal(errors.WALLET_INSUFFICIENT_BALANCE));
    expect(answer.msg).toBe('余额不足，请先充值');
    expect(await userRow(member.id)).toEqual({ balance: PRICE - 1, exp: 0 });
    expect(await hornsOf(member.id)).toEqual([]);
    expect(await ordersOf(member.id)).toEqual([]);
  });

  it('the same key answers the first horn and applies once; with another text it is refused', async () => {
    const member = await funded(200);
    const key = freshKey();
    const first = await horn(member, '同一个喇叭', key);
    expect(first.code).toBe(200);
    const again = await horn(member, '同一个喇叭', key);
    expect(again).toEqual(first);
    expect(await horn(member, '另一个喇叭', key)).toMatchObject({ status: 409, ...refusal(errors.WALLET_IDEMPOTENCY_KEY_REUSED) });
    expect(await hornsOf(member.id)).toHaveLength(1);
    expect(await userRow(member.id)).toEqual({ balance: 200 - PRICE, exp: PRICE });
    later(INTERVAL_SECONDS);
  });

  it('one horn per interval per member, enforced in the database: a second is refused until the interval has passed, also in parallel', async () => {
    const member = await funded(1_000);
    expect((await horn(member, '第一条')).code).toBe(200);
    later(10);
    const soon = await horn(member, '第二条');
    expect(soon).toMatchObject({ status: 429, ...refusal({ reason: errors.HORN_TOO_SOON.reason, message: errors.HORN_TOO_SOON.message(INTERVAL_SECONDS - 10) }) });
    expect(await userRow(member.id)).toMatchObject({ balance: 1_000 - PRICE });
    later(INTERVAL_SECONDS - 10);
    expect((await horn(member, '第二条')).code).toBe(200);
    later(INTERVAL_SECONDS);
    await new Promise((resolve) => setTimeout(resolve, 2_100)); // the chat's rate window (3 in 2 s) is past
    // Two at once with different keys (the chat's rate lets both through): exactly one is applied.
    const both = await Promise.all([horn(member, '并发一'), horn(member, '并发二')]);
    expect(both.map((answer) => answer.code).sort()).toEqual([1, 200]);
    expect(both.find((answer) => answer.code === 1)).toMatchObject({ reason: errors.HORN_TOO_SOON.reason });
    expect(await hornsOf(member.id)).toHaveLength(3);
    expect(await userRow(member.id)).toMatchObject({ balance: 1_000 - 3 * PRICE });
    later(INTERVAL_SECONDS);
  });

  it("the chat's rate for the member applies too (the same limiter as their chat socket)", async () => {
    const member = await funded(10_000);
    const answers = [];
    // Empty texts are refused before the rate; texts that pass it count: 3 in 2 s, then blocked.
    for (let i = 0; i < 4; i += 1) {
      answers.push(await horn(member, `快 ${i}`));
      later(INTERVAL_SECONDS);
    }
    expect(answers.slice(0, 3).map((answer) => answer.code)).toEqual([200, 200, 200]);
    expect(answers[3]).toMatchObject({ status: 429, code: 1, reason: errors.HORN_BARRAGE_RATE_LIMITED.reason });
    expect(answers[3]?.msg).toMatch(/^发言太快了，请 \d+ 秒后再试$/);
    expect(await hornsOf(member.id)).toHaveLength(3);
  });

  it('every viewer of every room hears it: chat sockets in two different rooms (and one in none) receive the horn frame once; a replay sends nothing', async () => {
    const anchors = [await createUser(ctx.db, { anchor: true }), await createUser(ctx.db, { anchor: true })];
    for (const anchor of anchors) await ctx.db.insertInto('live_room').values({ owner_id: anchor.id, title: '喇叭测试' }).execute();
    const clients = [];
    for (const groupId of [String(anchors[0]?.id), String(anchors[1]?.id), null]) {
      const viewer = await createUser(ctx.db);
      const signature = await memberChatSignature(ctx, viewer.id);
      const client = await connect();
      expect((await client.login(signature.id, signature.userSig)).ok).toBe(true);
      if (groupId !== null) expect((await client.join(groupId)).status).toBe('success');
      clients.push(client);
    }
    const sender = await funded(500, '喊话人');
    const key = freshKey();
    const answer = await horn(sender, '全站广播：决赛开始', key);
    expect(answer.code).toBe(200);
    const isHorn = (frame: ChatServerFrame) => frame.type === 'horn';
    for (const client of clients) {
      const frame = await client.waitFor(isHorn, 5_000);
      if (frame.type !== 'horn') throw new Error('not a horn');
      expect(Value.Check(ChatHornSchema, frame.horn)).toBe(true);
      expect(frame.horn).toEqual({ id: String(answer.data.horn.id), text: '全站广播：决赛开始', senderId: String(sender.id), senderNickname: '喊话人', level: 1, sentAt: clock().getTime() });
    }
    expect((await horn(sender, '全站广播：决赛开始', key)).code).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const client of clients) expect(client.frames.filter(isHorn)).toHaveLength(1);
    later(INTERVAL_SECONDS);
  });

  it('hornList: newest first by keyset cursor (anyone), with the price; bad queries refused', async () => {
    const first = await get('/api/Member/hornList?page_size=2');
    expect(first.code).toBe(200);
    expect(Value.Check(HornPageSchema, first.data)).toBe(true);
    expect(first.data.price).toBe(PRICE);
    expect(first.data.list).toHaveLength(2);
    expect(first.data.list[0].text).toBe('全站广播：决赛开始');
    expect(first.data.next_cursor).toBe(String(first.data.list[1].id));
    const all = (await get(`/api/Member/hornList?page_size=${HORN_PAGE_SIZE_MAX}`)).data;
    const ids = all.list.map((item: { id: number }) => item.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const second = await get(`/api/Member/hornList?page_size=2&cursor=${first.data.next_cursor}`);
    expect(second.data.list.map((item: { id: number }) => item.id)).toEqual(ids.slice(2, 4));
    const total = (await ctx.db.selectFrom('horn').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;
    const tail = await get(`/api/Member/hornList?page_size=${HORN_PAGE_SIZE_MAX}&cursor=${ids[Number(total) - 1]}`);
    expect(tail.data).toMatchObject({ list: [], next_cursor: null });
    for (const query of ['page_size=0', `page_size=${HORN_PAGE_SIZE_MAX + 1}`, 'cursor=0', 'cursor=abc', 'cursor=1&x=1']) {
      expect(await get(`/api/Member/hornList?${query}`), query).toMatchObject({ status: 400, reason: errors.VALIDATION.reason });
    }
  });
});

import { type Lottery, LotterySchema, OpsLotteryListSchema } from '@sports/shared/server';
import { Value } from 'typebox/value';
import { afterAll, expect, it } from 'vitest';
import { issueSession } from '../accounts/sessions/sessions';
import { createRoom, createUser, memberChatSignature, useChatSockets } from '../chat/testing/chatTestKit';
import { seedHash } from '../infra/commitReveal';
import { errors } from '../infra/http/errorCatalogue';
import { TEST_OPS_TOKEN, scratchReleases } from '../rollouts/testing/releaseFixtures';
import { DEFAULT_HALT_POLICY } from '../rollouts/releaseHealth';
import { accountsTestOptions, createManualClock } from '../testing/accounts';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { balanceOf } from '../wallet/index';
import { expectLedgerClean, fundMember } from '../wallet/testing/ledgerTestKit';
import { type LotteriesConfig, defaultLotteriesConfig } from './lotteriesConfig';
import { drawWinners } from './lotteryDraw';
import { drawLottery } from './lotteryService';

/** Short bounds for tests: windows from 1 s, no per-address or per-device limit (inject comes from one address), the sweeper by hand. */
const CONFIG: LotteriesConfig = { ...defaultLotteriesConfig(), windowMinSeconds: 1, entriesPerIp: 0, entriesPerDevice: 0, sweepSeconds: 600 };

describeEachDatabase('lotteries (天选时刻): create into escrow, enter once, the draw once from the committed seed, refunds, the 口令 over the chat', (target) => {
  const clock = createManualClock(new Date());
  const accounts = accountsTestOptions(clock);
  const ctx = useTestApp(target, { ...accounts, app: { ...accounts.app, releases: scratchReleases(DEFAULT_HALT_POLICY), lotteries: CONFIG, chat: { memberRate: { max: 100, windowMs: 1_000, blockMs: 10 } } } });
  const { connect } = useChatSockets(ctx);

  afterAll(async () => {
    await expectLedgerClean(ctx.db);
  });

  const member = async (nickname: string, coins = 0) => {
    const id = await createUser(ctx.db, nickname);
    if (coins > 0) await fundMember(ctx.db, id, coins);
    const { token } = await issueSession(ctx.db, id, 365 * 86_400, clock());
    return { id, headers: { token } as Record<string, string> };
  };
  type Member = Awaited<ReturnType<typeof member>>;
  const anchorOf = async (nickname: string, coins: number) => {
    const room = await createRoom(ctx.db, nickname);
    if (coins > 0) await fundMember(ctx.db, room.ownerId, coins);
    const { token } = await issueSession(ctx.db, room.ownerId, 365 * 86_400, clock());
    return { ...room, id: room.ownerId, headers: { token } as Record<string, string> };
  };
  let keys = 0;
  const call = async (method: 'GET' | 'POST', url: string, as?: Member, key?: string) => {
    const headers = { ...as?.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) };
    const response = await ctx.app.inject({ method, url, headers });
    return { status: response.statusCode, ...(response.json() as { code: number; msg: string; data: any; reason?: string }) };
  };
  const query = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const create = (as: Member, params: Record<string, string | number>, key = `lottery-key-${(keys += 1)}`) => call('POST', `/api/Lottery/create?${query(params)}`, as, key);
  const enter = (as: Member, lotteryId: number) => call('POST', `/api/Lottery/enter?lottery_id=${lotteryId}`, as);
  const info = async (lotteryId: number, as?: Member): Promise<Lottery> => {
    const answer = await call('GET', `/api/Lottery/info?lottery_id=${lotteryId}`, as);
    expect(answer.code).toBe(200);
    expect(Value.Check(LotterySchema, answer.data)).toBe(true);
    return answer.data as Lottery;
  };
  const coinsOf = async (id: number) => Number((await ctx.db.selectFrom('app_user').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance);
  const escrow = () => balanceOf(ctx.db, { kind: 'lottery_escrow' });
  const follow = (fan: Member, anchorId: number) => ctx.db.insertInto('user_follow').values({ follower_id: fan.id, anchor_id: anchorId }).execute();
  const coinLottery = (anchor: Member & { roomId: number }, extra: Record<string, string | number> = {}) =>
    create(anchor, { room_id: anchor.roomId, prize_coins: 10, winners: 2, window_seconds: 30, condition: 'follow', ...extra });

  it('refuses bad prizes, winners, windows and conditions, a prize over the balance, a stranger\'s room, with their reasons, and moves nothing', async () => {
    const anchor = await anchorOf('天选主播甲', 100);
    const escrowBefore = await escrow();
    const base = { room_id: anchor.roomId, winners: 1, window_seconds: 60, condition: 'follow' };
    const refusals: Array<[Record<string, string | number>, string]> = [
      [{ ...base, prize_coins: 0 }, errors.LOTTERY_BAD_COINS.reason],
      [{ ...base, prize_coins: -5 }, errors.LOTTERY_BAD_COINS.reason],
      [{ ...base, prize_coins: 10.5 }, errors.LOTTERY_BAD_COINS.reason],
      [{ ...base, prize_coins: 1e15 }, errors.LOTTERY_BAD_COINS.reason],
      [{ ...base }, errors.LOTTERY_BAD_PRIZE.reason],
      [{ ...base, prize_coins: 5, prize_item: '球衣' }, errors.LOTTERY_BAD_PRIZE.reason],
      [{ ...base, prize_item: '   ' }, errors.LOTTERY_BAD_ITEM.reason],
      [{ ...base, prize_item: '签'.repeat(41) }, errors.LOTTERY_BAD_ITEM.reason],
      [{ ...base, prize_item: '快加微信领球衣' }, errors.LOTTERY_ITEM_REFUSED.reason],
      [{ ...base, prize_coins: 5, winners: 0 }, errors.LOTTERY_BAD_WINNERS.reason],
      [{ ...base, prize_coins: 5, winners: 1.5 }, errors.LOTTERY_BAD_WINNERS.reason],
      [{ ...base, prize_coins: 1, winners: 101 }, errors.LOTTERY_BAD_WINNERS.reason],
      [{ ...base, prize_coins: 5, window_seconds: 0 }, errors.LOTTERY_BAD_WINDOW.reason],
      [{ ...base, prize_coins: 5, window_seconds: 2.5 }, errors.LOTTERY_BAD_WINDOW.reason],
      [{ ...base, prize_coins: 5, window_seconds: 1801 }, errors.LOTTERY_BAD_WINDOW.reason],
      [{ ...base, prize_coins: 5, condition: 'password' }, errors.LOTTERY_BAD_CONDITION.reason],
      [{ ...base, prize_coins: 5, password: '加油' }, errors.LOTTERY_BAD_CONDITION.reason],
      [{ ...base, prize_coins: 5, condition: 'password', password: '  ' }, errors.LOTTERY_BAD_PASSWORD.reason],
      [{ ...base, prize_coins: 5, condition: 'medal', medal_level: 21 }, errors.LOTTERY_BAD_MEDAL_LEVEL.reason],
      [{ ...base, prize_coins: 5, condition: 'medal', medal_level: 0 }, errors.LOTTERY_BAD_MEDAL_LEVEL.reason],
      [{ ...base, prize_coins: 51, winners: 2 }, errors.WALLET_INSUFFICIENT_BALANCE.reason],
      [{ ...base, room_id: 999_999, prize_coins: 5 }, errors.LOTTERY_ROOM_NOT_FOUND.reason],
    ];
    for (const [params, reason] of refusals) {
      const answer = await create(anchor, params);
      expect(answer.reason, JSON.stringify(params)).toBe(reason);
      expect(answer.msg.length).toBeGreaterThan(0);
    }
    const other = await anchorOf('别人的直播间', 0);
    expect((await create(anchor, { ...base, room_id: other.roomId, prize_coins: 5 })).reason).toBe(errors.LOTTERY_NOT_OWNER.reason);
    expect((await call('POST', `/api/Lottery/create?${query({ ...base, prize_coins: 5 })}`, anchor)).reason).toBe(errors.WALLET_IDEMPOTENCY_KEY_MISSING.reason);
    expect((await call('POST', `/api/Lottery/create?${query({ ...base, prize_coins: 5 })}`, undefined, 'k')).reason).toBe(errors.LOGIN_REQUIRED.reason);
    expect(await coinsOf(anchor.id)).toBe(100);
    expect(await escrow()).toBe(escrowBefore);
  });

  it('holds a coin prize in escrow once per Idempotency-Key; one open lottery per room; the same key with other parameters is refused', async () => {
    const anchor = await anchorOf('天选主播乙', 500);
    const escrowBefore = await escrow();
    const first = await coinLottery(anchor, { prize_coins: 50, winners: 3 });
    expect(first.code).toBe(200);
    expect(first.data.balance).toBe(350);
    expect(first.data.lottery).toMatchObject({ prize_coins: 50, winners: 3, state: 'open', seed: null, entrants: 0, condition: 'follow' });
    expect(first.data.lottery.seed_hash).toMatch(/^[0-9a-f]{64}$/);
    const key = 'same-lottery-key';
    const cancelFirst = await call('POST', `/api/Lottery/cancel?lottery_id=${first.data.lottery.id}`, anchor);
    expect(cancelFirst.data.lottery.state).toBe('cancelled');
    const parallel = await Promise.all([1, 2, 3].map(() => create(anchor, { room_id: anchor.roomId, prize_coins: 40, winners: 2, window_seconds: 30, condition: 'follow' }, key)));
    expect(new Set(parallel.map((answer) => answer.data?.lottery?.id)).size).toBe(1);
    expect(parallel.every((answer) => answer.code === 200)).toBe(true);
    expect((await create(anchor, { room_id: anchor.roomId, prize_coins: 41, winners: 2, window_seconds: 30, condition: 'follow' }, key)).reason).toBe(errors.WALLET_IDEMPOTENCY_KEY_REUSED.reason);
    expect((await coinLottery(anchor, { prize_coins: 1, winners: 1 })).reason).toBe(errors.LOTTERY_ALREADY_OPEN.reason);
    expect((await create(anchor, { room_id: anchor.roomId, prize_item: '签名球衣', winners: 1, window_seconds: 30, condition: 'follow' })).reason).toBe(errors.LOTTERY_ALREADY_OPEN.reason);
    expect(await coinsOf(anchor.id)).toBe(500 - 80);
    expect(await escrow()).toBe(escrowBefore + 80);
    await expectLedgerClean(ctx.db);
  });

  it('parallel enters by one member make one row; entering twice, late, one\'s own, without following are refused', async () => {
    clock.set(new Date());
    const anchor = await anchorOf('天选主播丙', 100);
    const lottery = (await coinLottery(anchor, { window_seconds: 20 })).data.lottery as Lottery;
    const fan = await member('粉丝甲');
    expect((await enter(fan, lottery.id)).reason).toBe(errors.LOTTERY_FOLLOW_NEEDED.reason);
    await follow(fan, anchor.id);
    const answers = await Promise.all(Array.from({ length: 6 }, () => enter(fan, lottery.id)));
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.code !== 200)) expect(answer.reason).toBe(errors.LOTTERY_ALREADY_ENTERED.reason);
    const rows = await ctx.db.selectFrom('lottery_entry' as never).selectAll().where('lottery_id' as never, '=', lottery.id as never).execute();
    expect(rows).toHaveLength(1);
    expect((await enter(fan, lottery.id)).reason).toBe(errors.LOTTERY_ALREADY_ENTERED.reason);
    expect((await enter(anchor, lottery.id)).reason).toBe(errors.LOTTERY_OWN.reason);
    expect((await info(lottery.id, fan))).toMatchObject({ entrants: 1, entered: 1, won: 0 });
    clock.advance(21_000);
    const late = await member('迟到的粉丝');
    await follow(late, anchor.id);
    expect((await enter(late, lottery.id)).reason).toBe(errors.LOTTERY_CLOSED.reason);
    expect((await enter(late, 99_999_999)).reason).toBe(errors.LOTTERY_NOT_FOUND.reason);
    await ctx.app.lotteries.sweeper.sweep();
    expect((await enter(late, lottery.id)).reason).toBe(errors.LOTTERY_CLOSED.reason);
  });

  it('draws once with two sweepers at once: the winners recomputed from the revealed seed, each paid, the ops audit complete', async () => {
    clock.set(new Date());
    const anchor = await anchorOf('天选主播丁', 300);
    const lottery = (await coinLottery(anchor, { prize_coins: 100, winners: 3, window_seconds: 30 })).data.lottery as Lottery;
    const fans = await Promise.all(Array.from({ length: 8 }, (_, index) => member(`抽奖粉丝${index}`)));
    for (const fan of fans) {
      await follow(fan, anchor.id);
      expect((await enter(fan, lottery.id)).code).toBe(200);
    }
    expect(await coinsOf(anchor.id)).toBe(0);
    expect((await ctx.app.lotteries.sweeper.sweep()).map((done) => done.lottery.id)).not.toContain(lottery.id);
    clock.advance(31_000);
    const [one, two, three] = await Promise.all([drawLottery(ctx.db, lottery.id, clock()), drawLottery(ctx.db, lottery.id, clock()), ctx.app.lotteries.sweeper.sweep()]);
    const draws = [one, two, ...three.filter((done) => done.lottery.id === lottery.id)].filter((done) => done !== null);
    expect(draws).toHaveLength(1);
    expect(await drawLottery(ctx.db, lottery.id, clock())).toBeNull();

    const done = await info(lottery.id);
    expect(done.state).toBe('drawn');
    expect(seedHash(done.seed as string)).toBe(lottery.seed_hash);
    expect(done.entrant_ids).toEqual(fans.map((fan) => fan.id).sort((a, b) => a - b));
    const recomputed = drawWinners(done.seed as string, done.entrant_ids, 3);
    expect(done.winner_list.map((winner) => winner.member_id)).toEqual(recomputed);
    for (const fan of fans) expect(await coinsOf(fan.id)).toBe(recomputed.includes(fan.id) ? 100 : 0);
    expect(done.refunded_coins).toBe(0);
    const winner = fans.find((fan) => fan.id === recomputed[0]) as Member;
    expect(await info(lottery.id, winner)).toMatchObject({ won: 1, entered: 1 });
    // Ops see the audit trail: the seed, every entry (how, from where), the winners, the ledger sets.
    expect((await ctx.app.inject({ url: '/api/ops/lotteries', headers: winner.headers })).statusCode).toBe(403);
    const ops = (await ctx.app.inject({ url: `/api/ops/lotteries?room_id=${anchor.roomId}`, headers: { 'x-ops-token': TEST_OPS_TOKEN } })).json() as { data: unknown };
    expect(Value.Check(OpsLotteryListSchema, ops.data)).toBe(true);
    const audited = (ops.data as { list: Array<import('@sports/shared/server').OpsLottery> }).list.find((one) => one.id === lottery.id);
    expect(audited?.seed).toBe(done.seed);
    expect(audited?.entry_list).toHaveLength(8);
    expect(new Set(audited?.winner_ids)).toEqual(new Set(recomputed));
    expect(audited?.entry_list.find((entry) => entry.member_id === winner.id)).toMatchObject({ via: 'api', won: 1, ledger_key: `lottery_prize:${lottery.id}:${winner.id}` });
    expect(audited?.funding_set_id).not.toBeNull();
    await expectLedgerClean(ctx.db);
  });

  it('fewer entrants than winners: every entrant wins and the unpaid prizes go back to the anchor', async () => {
    clock.set(new Date());
    const anchor = await anchorOf('天选主播戊', 250);
    const lottery = (await coinLottery(anchor, { prize_coins: 50, winners: 5, window_seconds: 10 })).data.lottery as Lottery;
    const fans = await Promise.all([member('唯一粉丝一'), member('唯一粉丝二')]);
    for (const fan of fans) {
      await follow(fan, anchor.id);
      expect((await enter(fan, lottery.id)).code).toBe(200);
    }
    clock.advance(11_000);
    const drawn = (await ctx.app.lotteries.sweeper.sweep()).find((done) => done.lottery.id === lottery.id);
    expect(drawn?.refunded).toBe(150);
    expect(await coinsOf(anchor.id)).toBe(150);
    for (const fan of fans) expect(await coinsOf(fan.id)).toBe(50);
    expect((await info(lottery.id)).refunded_coins).toBe(150);
    await expectLedgerClean(ctx.db);
  });

  it('cancel refunds the whole prize once, by the anchor or ops only, never after the draw', async () => {
    clock.set(new Date());
    const anchor = await anchorOf('天选主播己', 90);
    const lottery = (await coinLottery(anchor, { prize_coins: 30, winners: 3 })).data.lottery as Lottery;
    const stranger = await member('路人');
    expect((await call('POST', `/api/Lottery/cancel?lottery_id=${lottery.id}`, stranger)).reason).toBe(errors.LOTTERY_NOT_OWNER.reason);
    const answers = await Promise.all([call('POST', `/api/Lottery/cancel?lottery_id=${lottery.id}`, anchor), call('POST', `/api/Lottery/cancel?lottery_id=${lottery.id}`, anchor)]);
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(1);
    expect(answers.find((answer) => answer.code !== 200)?.reason).toBe(errors.LOTTERY_NOT_CANCELLABLE.reason);
    expect(await coinsOf(anchor.id)).toBe(90);
    const cancelled = await info(lottery.id);
    expect(cancelled).toMatchObject({ state: 'cancelled', refunded_coins: 90 });
    clock.advance(60_000);
    expect((await ctx.app.lotteries.sweeper.sweep()).map((done) => done.lottery.id)).not.toContain(lottery.id);
    // Ops cancel an item lottery; a drawn one cannot be cancelled.
    const item = (await create(anchor, { room_id: anchor.roomId, prize_item: '签名球衣', winners: 1, window_seconds: 5, condition: 'follow' })).data.lottery as Lottery;
    const byOps = await ctx.app.inject({ method: 'POST', url: `/api/ops/lotteries/cancel?lottery_id=${item.id}`, headers: { 'x-ops-token': TEST_OPS_TOKEN } });
    expect(byOps.json()).toMatchObject({ code: 200, data: { state: 'cancelled', refunded_coins: 0 } });
    const third = (await create(anchor, { room_id: anchor.roomId, prize_item: '签名足球', winners: 1, window_seconds: 5, condition: 'follow' })).data.lottery as Lottery;
    clock.advance(6_000);
    await ctx.app.lotteries.sweeper.sweep();
    expect((await call('POST', `/api/Lottery/cancel?lottery_id=${third.id}`, anchor)).reason).toBe(errors.LOTTERY_NOT_CANCELLABLE.reason);
    expect((await info(third.id)).state).toBe('drawn');
    await expectLedgerClean(ctx.db);
  });

  it('each coin move is one line in the member\'s records (api/Order/getList type 9 天选): the escrow −, a prize +, the unwon and cancelled prizes back +; replays and item prizes write none', async () => {
    clock.set(new Date());
    const anchor = await anchorOf('天选记录主播', 250);
    const params = { room_id: anchor.roomId, prize_coins: 50, winners: 3, window_seconds: 10, condition: 'follow' };
    const lottery = (await create(anchor, params, 'lt-orders-key')).data.lottery as Lottery;
    expect((await create(anchor, params, 'lt-orders-key')).data.lottery.id).toBe(lottery.id);
    const fans = await Promise.all([member('天选记录一'), member('天选记录二'), member('天选记录旁观')]);
    for (const fan of fans.slice(0, 2)) {
      await follow(fan, anchor.id);
      expect((await enter(fan, lottery.id)).code).toBe(200);
    }
    clock.advance(11_000);
    const [one, two] = await Promise.all([drawLottery(ctx.db, lottery.id, clock()), drawLottery(ctx.db, lottery.id, clock())]);
    expect([one, two].filter((done) => done !== null)).toHaveLength(1);
    // A second lottery cancelled (twice at once: refunded once), then an item lottery (no coins, no line).
    const second = (await create(anchor, { ...params, prize_coins: 30, winners: 2 }, 'lt-orders-key-2')).data.lottery as Lottery;
    const cancels = await Promise.all([call('POST', `/api/Lottery/cancel?lottery_id=${second.id}`, anchor), call('POST', `/api/Lottery/cancel?lottery_id=${second.id}`, anchor)]);
    expect(cancels.filter((answer) => answer.code === 200)).toHaveLength(1);
    const item = (await create(anchor, { room_id: anchor.roomId, prize_item: '签名围巾', winners: 1, window_seconds: 60, condition: 'follow' })).data.lottery as Lottery;
    expect((await call('POST', `/api/Lottery/cancel?lottery_id=${item.id}`, anchor)).code).toBe(200);

    const linesOf = async (id: number) =>
      (
        await ctx.db
          .selectFrom('wallet_order as o')
          .innerJoin('ledger_transfer_set as s', 's.id', 'o.transfer_set_id')
          .select(['o.type', 'o.state', 'o.coins', 'o.subject', 'o.idempotency_key', 's.idempotency_key as set_key'])
          .where('o.user_id', '=', id)
          .where('o.type', '<>', 'recharge')
          .orderBy('o.id')
          .execute()
      ).map((row) => ({ ...row, coins: Number(row.coins) }));
    const line = (coins: number, subject: string, key: string) => ({ type: 'lottery', state: 'paid', coins, subject, idempotency_key: key, set_key: key });
    expect(await linesOf(anchor.id)).toEqual([
      line(-150, '天选奖品（3名）', `lottery:${anchor.id}:lt-orders-key`),
      line(50, '天选退回', `lottery_refund:${lottery.id}`),
      line(-60, '天选奖品（2名）', `lottery:${anchor.id}:lt-orders-key-2`),
      line(60, '天选退回', `lottery_refund:${second.id}`),
    ]);
    for (const fan of fans.slice(0, 2)) expect(await linesOf(fan.id)).toEqual([line(50, '天选中奖', `lottery_prize:${lottery.id}:${fan.id}`)]);
    expect(await linesOf((fans[2] as Member).id)).toEqual([]);

    // What the anchor and a winner read: type 9 (天选), newest first, order numbers L…; type 8 (红包) none.
    const listed = await call('GET', '/api/Order/getList?type=9', anchor);
    expect(listed.code).toBe(200);
    expect(listed.data.list.map((order: { subject: string; coins: number; type: number; type_name: string; state: string }) => [order.subject, order.coins, order.type, order.type_name, order.state])).toEqual([
      ['天选退回', 60, 9, '天选', 'paid'],
      ['天选奖品（2名）', -60, 9, '天选', 'paid'],
      ['天选退回', 50, 9, '天选', 'paid'],
      ['天选奖品（3名）', -150, 9, '天选', 'paid'],
    ]);
    for (const order of listed.data.list) expect(order.order_no).toMatch(/^L\d{24}$/);
    expect((await call('GET', '/api/Order/getList?type=8', anchor)).data.list).toEqual([]);
    expect((await call('GET', '/api/Order/getList?type=9', fans[0])).data.list.map((order: { subject: string; coins: number }) => [order.subject, order.coins])).toEqual([['天选中奖', 50]]);
    expect(await coinsOf(anchor.id)).toBe(250 - 150 + 50 - 60 + 60);
    await expectLedgerClean(ctx.db);
  });

  it('a medal condition: members below the level are refused, at it they enter', async () => {
    clock.set(new Date());
    const anchor = await anchorOf('天选主播庚', 0);
    const lottery = (await create(anchor, { room_id: anchor.roomId, prize_item: '主播签名照', winners: 1, window_seconds: 60, condition: 'medal', medal_level: 2 })).data.lottery as Lottery;
    const none = await member('没有勋章');
    const low = await member('一级勋章');
    const high = await member('二级勋章');
    const medal = (who: Member, intimacy: number) =>
      ctx.db.insertInto('fan_medal' as never).values({ member_id: who.id, anchor_id: anchor.id, intimacy, last_interaction_at: clock(), created_at: clock() } as never).execute();
    await medal(low, 9);
    await medal(high, 10);
    expect((await enter(none, lottery.id)).reason).toBe(errors.LOTTERY_MEDAL_NEEDED.reason);
    expect((await enter(low, lottery.id)).reason).toBe(errors.LOTTERY_MEDAL_NEEDED.reason);
    expect((await enter(high, lottery.id)).code).toBe(200);
    expect((await enter(high, lottery.id)).msg).toBe(errors.LOTTERY_ALREADY_ENTERED.message);
  });

  it('a 口令 lottery: the API refuses, the 口令 sent as a danmaku over a real chat socket enters; the room hears it open and the winners', async () => {
    clock.set(new Date());
    const anchor = await anchorOf('天选主播辛', 20);
    const fan = await member('口令粉丝');
    const client = await connect();
    const { userSig, id: chatId } = await memberChatSignature(ctx, fan.id);
    expect((await client.login(chatId, userSig)).ok).toBe(true);
    await client.join(anchor.groupId);
    const lottery = (await create(anchor, { room_id: anchor.roomId, prize_coins: 20, winners: 1, window_seconds: 30, condition: 'password', password: '天选之子' })).data.lottery as Lottery;
    const opened = await client.waitFor((frame) => frame.type === 'message' && frame.message.cloudCustomData.lottery?.event === 'opened');
    expect(opened.type === 'message' && opened.message.cloudCustomData.lottery).toMatchObject({ lotteryId: lottery.id, password: '天选之子', prizeCoins: 20, winners: 1, seedHash: lottery.seed_hash, condition: 'password' });
    expect((await enter(fan, lottery.id)).reason).toBe(errors.LOTTERY_PASSWORD_NEEDED.reason);
    await client.say(anchor.groupId, '别的话');
    expect((await client.say(anchor.groupId, '天选之子', 'danmaku')).type).toBe('ack');
    let seen = await info(lottery.id, fan);
    for (let tries = 0; seen.entered === 0 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = await info(lottery.id, fan);
    }
    expect(seen).toMatchObject({ entered: 1, entrants: 1 });
    // The anchor's own 口令 does not enter them; a second line changes nothing.
    expect((await client.say(anchor.groupId, '天选之子', 'danmaku')).type).toBe('ack');
    clock.advance(31_000);
    await ctx.app.lotteries.sweeper.sweep();
    const drawn = await client.waitFor((frame) => frame.type === 'message' && frame.message.cloudCustomData.lottery?.event === 'drawn');
    const event = drawn.type === 'message' ? drawn.message.cloudCustomData.lottery : undefined;
    expect(event?.winnerList).toEqual([{ memberId: fan.id, nickname: '口令粉丝' }]);
    expect(seedHash(event?.seed as string)).toBe(lottery.seed_hash);
    expect(drawn.type === 'message' && drawn.message.text).toContain('口令粉丝');
    expect(await coinsOf(fan.id)).toBe(20);
    expect((await info(lottery.id, fan))).toMatchObject({ won: 1, entrants: 1 });
    client.close();
    await expectLedgerClean(ctx.db);
  });

  it('lists a room\'s lotteries newest first and is documented with the other routes (/api/docs)', async () => {
    const anchor = await anchorOf('天选主播壬', 0);
    const first = (await create(anchor, { room_id: anchor.roomId, prize_item: '围巾', winners: 1, window_seconds: 60, condition: 'follow' })).data.lottery as Lottery;
    await call('POST', `/api/Lottery/cancel?lottery_id=${first.id}`, anchor);
    await create(anchor, { room_id: anchor.roomId, prize_item: '帽子', winners: 2, window_seconds: 60, condition: 'follow' });
    const list = await call('GET', `/api/Lottery/list?room_id=${anchor.roomId}`);
    expect(list.data.list.map((lottery: Lottery) => lottery.prize_item)).toEqual(['帽子', '围巾']);
    expect((await call('GET', '/api/Lottery/info?lottery_id=99999999')).reason).toBe(errors.LOTTERY_NOT_FOUND.reason);
    const docs = (await ctx.app.inject({ url: '/api/docs/json', headers: { 'x-ops-token': TEST_OPS_TOKEN } })).json() as { paths: Record<string, Record<string, unknown>> };
    for (const [route, method] of [['/api/Lottery/create', 'post'], ['/api/Lottery/enter', 'post'], ['/api/Lottery/info', 'get'], ['/api/Lottery/list', 'get'], ['/api/Lottery/cancel', 'post'], ['/api/ops/lotteries', 'get']] as const) {
      expect(docs.paths[route]?.[method], route).toBeDefined();
    }
  });
});

/** The abuse limits on: accounts younger than 24 h and without a mainland mobile are excluded; 2 entries per address, 1 per device. */
const LIMITS: LotteriesConfig = { ...defaultLotteriesConfig(), windowMinSeconds: 1, minAccountAgeHours: 24, requireMobile: true, entriesPerIp: 2, entriesPerDevice: 1, sweepSeconds: 600 };

describeEachDatabase('lotteries: the abuse limits (account age, mobile, entries per address and device)', (target) => {
  const clock = createManualClock(new Date());
  const accounts = accountsTestOptions(clock);
  const ctx = useTestApp(target, { ...accounts, app: { ...accounts.app, releases: scratchReleases(DEFAULT_HALT_POLICY), lotteries: LIMITS, chat: { memberRate: { max: 100, windowMs: 1_000, blockMs: 10 } } } });
  const { connect } = useChatSockets(ctx);
  let mobiles = 0;

  const member = async (nickname: string, options: { ageHours?: number; mobile?: string } = {}) => {
    const id = await createUser(ctx.db, nickname);
    mobiles += 1;
    const mobile = options.mobile ?? `86-139${String(process.pid % 1000).padStart(3, '0')}${String(mobiles).padStart(5, '0')}`;
    await ctx.db.updateTable('app_user').set({ mobile, created_at: new Date(clock().getTime() - (options.ageHours ?? 48) * 3_600_000) } as never).where('id', '=', id).execute();
    const { token } = await issueSession(ctx.db, id, 365 * 86_400, clock());
    return { id, headers: { token } as Record<string, string> };
  };
  type Member = Awaited<ReturnType<typeof member>>;
  const enter = async (as: Member, lotteryId: number, device: string) => {
    const response = await ctx.app.inject({ method: 'POST', url: `/api/Lottery/enter?lottery_id=${lotteryId}`, headers: { ...as.headers, cookie: `token=${as.headers.token}; vid=${device}` } });
    return response.json() as { code: number; reason?: string };
  };

  it('refuses a day-old account and one without a mainland mobile, then counts entries per address and per device', async () => {
    const room = await createRoom(ctx.db, '限制主播');
    const { token } = await issueSession(ctx.db, room.ownerId, 365 * 86_400, clock());
    const created = await ctx.app.inject({ method: 'POST', url: `/api/Lottery/create?room_id=${room.roomId}&prize_item=${encodeURIComponent('签名围巾')}&winners=1&window_seconds=60&condition=follow`, headers: { token, 'idempotency-key': 'limits-1' } });
    const lotteryId = (created.json() as { data: { lottery: Lottery } }).data.lottery.id;
    const follow = (who: Member) => ctx.db.insertInto('user_follow').values({ follower_id: who.id, anchor_id: room.ownerId }).execute();
    const young = await member('新注册', { ageHours: 2 });
    const abroad = await member('海外号码', { mobile: '852-91234567' });
    const [a, b, c, d] = await Promise.all([member('甲'), member('乙'), member('丙'), member('丁')]);
    for (const who of [young, abroad, a, b, c, d] as Member[]) await follow(who);
    expect((await enter(young, lotteryId, 'device-young-0000001')).reason).toBe(errors.LOTTERY_ACCOUNT_TOO_NEW.reason);
    expect((await enter(abroad, lotteryId, 'device-abroad-000001')).reason).toBe(errors.LOTTERY_MOBILE_NEEDED.reason);
    expect((await enter(a as Member, lotteryId, 'device-shared-000001')).code).toBe(200);
    const sameDevice = await ctx.app.inject({ method: 'POST', url: `/api/Lottery/enter?lottery_id=${lotteryId}`, headers: { ...(b as Member).headers, cookie: `token=${(b as Member).headers.token}; vid=device-shared-000001` } });
    expect(sameDevice.statusCode).toBe(429);
    expect((sameDevice.json() as { reason: string }).reason).toBe(errors.LOTTERY_TOO_MANY_FROM_DEVICE.reason);
    expect((await enter(c as Member, lotteryId, 'device-other-0000001')).code).toBe(200);
    expect((await enter(d as Member, lotteryId, 'device-third-0000001')).reason).toBe(errors.LOTTERY_TOO_MANY_FROM_ADDRESS.reason);
  });

  it('a 口令 line from a day-old account enters nothing', async () => {
    const room = await createRoom(ctx.db, '口令限制主播');
    const { token } = await issueSession(ctx.db, room.ownerId, 365 * 86_400, clock());
    const created = await ctx.app.inject({ method: 'POST', url: `/api/Lottery/create?room_id=${room.roomId}&prize_item=${encodeURIComponent('球队围巾')}&winners=1&window_seconds=60&condition=password&password=${encodeURIComponent('限制口令')}`, headers: { token, 'idempotency-key': 'limits-2' } });
    const lotteryId = (created.json() as { data: { lottery: Lottery } }).data.lottery.id;
    const young = await member('新号口令', { ageHours: 1 });
    const old = await member('老号口令');
    for (const who of [young, old]) {
      const client = await connect();
      const { userSig, id: chatId } = await memberChatSignature(ctx, who.id);
      expect((await client.login(chatId, userSig)).ok).toBe(true);
      await client.join(room.groupId);
      expect((await client.say(room.groupId, '限制口令', 'danmaku')).type).toBe('ack');
      client.close();
    }
    let ids: number[] = [];
    for (let tries = 0; ids.length === 0 && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      ids = (await ctx.db.selectFrom('lottery_entry' as never).select('member_id' as never).where('lottery_id' as never, '=', lotteryId as never).execute()).map((row) => Number((row as { member_id: unknown }).member_id));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    ids = (await ctx.db.selectFrom('lottery_entry' as never).select('member_id' as never).where('lottery_id' as never, '=', lotteryId as never).execute()).map((row) => Number((row as { member_id: unknown }).member_id));
    expect(ids).toEqual([old.id]);
  });
});

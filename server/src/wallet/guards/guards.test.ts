import { ChatGroupMessageSchema, type ChatServerFrame, GUARD_MONTHS_MAX, GuardBuyResultSchema, GuardRoomListSchema, GuardTierListSchema } from '@sports/shared/server';
import { Value } from 'typebox/value';
import { afterAll, expect, it } from 'vitest';
import { GUARD_ENTRY_NOTICE_COOLDOWN_MS, guardBoughtLine, guardEntryLine } from '../../chat/chatGuards';
import { memberChatSignature, useChatSockets } from '../../chat/testing/chatTestKit';
import { errors } from '../../infra/http/errorCatalogue';
import { type TestUser, createUser } from '../../live/testing/roomsTestKit';
import { accountsTestOptions, createManualClock } from '../../testing/accounts';
import { describeEachDatabase, useTestApp } from '../../testing/testApp';
import { balanceOf } from '../ledger';
import { expectLedgerClean, fundMember } from '../testing/ledgerTestKit';
import { defaultWalletConfig } from '../walletConfig';
import { quoteGuard } from './guards';

const DAY = 86_400_000;

describeEachDatabase('wallet: guards (tiers, buy / renew / upgrade on the ledger, expiry, the room list, the chat badge and entry notice)', (target) => {
  // In the past: test sessions are issued on the real clock, and the tests move this one forward by months.
  const start = new Date('2026-06-01T04:00:00Z');
  const clock = createManualClock(start);
  const accounts = accountsTestOptions(clock);
  const ctx = useTestApp(target, { ...accounts, app: { ...accounts.app, wallet: { config: { ...defaultWalletConfig(), anchorSharePercent: 50 } }, chat: { memberRate: { max: 100, windowMs: 1_000, blockMs: 10 } } } });
  const { connect } = useChatSockets(ctx);
  afterAll(async () => {
    await expectLedgerClean(ctx.db);
  });

  let keyCounter = 0;
  const freshKey = () => `guard-${process.pid}-${++keyCounter}`;
  const get = (url: string, as?: TestUser, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url, headers: { ...as?.headers, ...headers } }).then((response) => ({ status: response.statusCode, ...response.json() }));
  const refusal = (entry: { reason: string; message: unknown }) => ({ code: 1, msg: entry.message, data: null, reason: entry.reason });
  const buy = (as: TestUser, roomId: number, guardId: number, months: number, key: string | null = freshKey()) =>
    get(`/api/guard_user/buy?room_id=${roomId}&guard_id=${guardId}&months=${months}`, as, key === null ? {} : { 'idempotency-key': key });
  const tiers = async () => (await get('/api/Guard/getList')).data as Array<{ id: number; name: string; level: 1 | 2 | 3; price: number }>;
  const tierOf = async (level: number) => (await tiers()).find((tier) => tier.level === level) as { id: number; name: string; level: 1 | 2 | 3; price: number };
  const newRoom = async () => {
    const anchor = await createUser(ctx.db, { anchor: true });
    const room = await ctx.db.insertInto('live_room').values({ owner_id: anchor.id, title: '守护测试直播间' }).returning('id').executeTakeFirstOrThrow();
    return { anchor, roomId: room.id };
  };
  const fundedMember = async (coins: number, nickname?: string) => {
    const user = await createUser(ctx.db, nickname === undefined ? {} : { nickname });
    if (coins > 0) await fundMember(ctx.db, user.id, coins);
    return user;
  };
  const userRow = (id: number) => ctx.db.selectFrom('app_user').select(['balance', 'exp']).where('id', '=', id).executeTakeFirstOrThrow();
  const purchasesOf = (userId: number) => ctx.db.selectFrom('guard_purchase').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const roomList = (roomId: number, as?: TestUser) => get(`/api/Guard/roomList?room_id=${roomId}`, as);
  const at = async <T>(time: Date, run: () => Promise<T>): Promise<T> => {
    clock.set(time);
    try {
      return await run();
    } finally {
      clock.set(start);
    }
  };

  it('getList: the three tiers, lowest first, with monthly price and privileges (anyone)', async () => {
    const answer = await get('/api/Guard/getList');
    expect(answer.code).toBe(200);
    expect(Value.Check(GuardTierListSchema, answer.data)).toBe(true);
    expect(answer.data.map((tier: { name: string; level: number; price: number }) => [tier.name, tier.level, tier.price])).toEqual([
      ['青铜守护', 1, 100],
      ['白银守护', 2, 500],
      ['黄金守护', 3, 2000],
    ]);
    for (const tier of answer.data as Array<{ privileges: string[]; color: string }>) {
      expect(tier.privileges).toContain('专属守护徽章');
      expect(tier.color).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('quoteGuard: buy, renew from the expiry, upgrade credit floor(price × whole days left / 30), downgrade and a too-short upgrade refused', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(quoteGuard(null, { level: 1, price: 100 }, 2, now)).toMatchObject({ kind: 'buy', price: 200, credit: 0, coins: 200, expiresAt: new Date(now.getTime() + 60 * DAY) });
    const expired = { level: 3 as const, price: 2000, startedAt: new Date(0), expiresAt: now };
    expect(quoteGuard(expired, { level: 1, price: 100 }, 1, now)).toMatchObject({ kind: 'buy', coins: 100, startedAt: now });
    const current = { level: 1 as const, price: 100, startedAt: new Date(now.getTime() - 10 * DAY), expiresAt: new Date(now.getTime() + 20 * DAY + DAY / 2) };
    expect(quoteGuard(current, { level: 1, price: 100 }, 3, now)).toMatchObject({ kind: 'renew', coins: 300, startedAt: current.startedAt, expiresAt: new Date(current.expiresAt.getTime() + 90 * DAY) });
    // 20 whole days left of 100/month: floor(100 × 20 / 30) = 66.
    expect(quoteGuard(current, { level: 2, price: 500 }, 1, now)).toMatchObject({ kind: 'upgrade', price: 500, credit: 66, coins: 434, startedAt: current.startedAt, expiresAt: new Date(now.getTime() + 30 * DAY) });
    expect(() => quoteGuard({ ...current, level: 2 }, { level: 1, price: 100 }, 12, now)).toThrow(errors.WALLET_GUARD_DOWNGRADE().message);
    const long = { level: 2 as const, price: 500, startedAt: now, expiresAt: new Date(now.getTime() + 360 * DAY) };
    expect(() => quoteGuard(long, { level: 3, price: 2000 }, 1, now)).toThrow(errors.WALLET_GUARD_UPGRADE_TOO_SHORT().message);
    expect(quoteGuard(long, { level: 3, price: 2000 }, 4, now)).toMatchObject({ credit: 6000, coins: 2000 });
  });

  it('buy: login, key, parameters, room, tier, own room and balance are checked; nothing applied', async () => {
    const { anchor, roomId } = await newRoom();
    const bronze = await tierOf(1);
    const member = await fundedMember(50);
    expect((await get(`/api/guard_user/buy?room_id=${roomId}&guard_id=${bronze.id}&months=1`, undefined, { 'idempotency-key': freshKey() })).code).toBe(700);
    expect(await buy(member, roomId, bronze.id, 1, null)).toMatchObject({ status: 400, ...refusal(errors.WALLET_IDEMPOTENCY_KEY_MISSING) });
    expect(await buy(member, roomId, bronze.id, 1, 'bad key!')).toMatchObject({ status: 400, code: 1, reason: errors.VALIDATION.reason });
    for (const query of [
      `room_id=${roomId}&guard_id=${bronze.id}&months=0`,
      `room_id=${roomId}&guard_id=${bronze.id}&months=${GUARD_MONTHS_MAX + 1}`,
      `room_id=${roomId}&guard_id=${bronze.id}&months=1.5`,
      `room_id=${roomId}&guard_id=${bronze.id}`,
      `guard_id=${bronze.id}&months=1`,
      `room_id=${roomId}&guard_id=0&months=1`,
      `room_id=abc&guard_id=${bronze.id}&months=1`,
      `room_id=${roomId}&guard_id=${bronze.id}&months=1&extra=1`,
    ]) {
      expect(await get(`/api/guard_user/buy?${query}`, member, { 'idempotency-key': freshKey() }), query).toMatchObject({ status: 400, code: 1, reason: errors.VALIDATION.reason });
    }
    expect(await buy(member, 2_000_000_000, bronze.id, 1)).toMatchObject(refusal(errors.WALLET_GUARD_ROOM_NOT_FOUND));
    expect(await buy(member, roomId, 99_999, 1)).toMatchObject(refusal(errors.WALLET_GUARD_NOT_FOUND));
    await fundMember(ctx.db, anchor.id, 1_000);
    expect(await buy(anchor, roomId, bronze.id, 1)).toMatchObject(refusal(errors.WALLET_GUARD_OWN_ROOM));
    const poor = await buy(member, roomId, bronze.id, 1);
    expect(poor).toMatchObject(refusal(errors.WALLET_INSUFFICIENT_BALANCE));
    expect(poor.msg).toBe('余额不足，请先充值');
    expect(await userRow(member.id)).toMatchObject({ balance: 50, exp: 0 });
    expect(await purchasesOf(member.id)).toEqual([]);
    expect(await ctx.db.selectFrom('guard_membership').selectAll().where('user_id', '=', member.id).execute()).toEqual([]);
    expect((await roomList(roomId, member)).data).toEqual({ list: [], total: 0, mine: null });
  });

  it('a buy moves the coins in one set (anchor floor share + platform rest), writes the membership, purchase, order and exp, answers the balance', async () => {
    const { anchor, roomId } = await newRoom();
    const bronze = await tierOf(1);
    const member = await fundedMember(1_000, '守护者');
    const platformBefore = await balanceOf(ctx.db, { kind: 'platform_revenue' });
    const answer = await buy(member, roomId, bronze.id, 3);
    expect(answer.code).toBe(200);
    expect(Value.Check(GuardBuyResultSchema, answer.data)).toBe(true);
    const expiresAt = new Date(start.getTime() + 90 * DAY).toISOString();
    expect(answer.data).toMatchObject({ guard_id: bronze.id, months: 3, kind: 'buy', price: 300, credit: 0, coins: 300, balance: 700, expires_at: expiresAt });
    expect(await userRow(member.id)).toEqual({ balance: 700, exp: 300 });
    expect(await balanceOf(ctx.db, { kind: 'anchor_earnings', owner: anchor.id })).toBe(150);
    expect((await balanceOf(ctx.db, { kind: 'platform_revenue' })) - platformBefore).toBe(150);
    const [row] = await purchasesOf(member.id);
    expect(row).toMatchObject({ id: answer.data.purchase_id, room_id: roomId, anchor_id: anchor.id, tier_id: bronze.id, coins: 300, anchor_coins: 150, platform_coins: 150, balance_after: 700 });
    const set = await ctx.db.selectFrom('ledger_transfer').select(['amount', 'kind']).where('set_id', '=', row?.transfer_set_id as number).execute();
    expect(set.every((transfer) => transfer.kind === 'guard')).toBe(true);
    expect(set.map((transfer) => transfer.amount)).toEqual([150, 150]);
    const order = await ctx.db.selectFrom('wallet_order').selectAll().where('user_id', '=', member.id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ type: 'guard', state: 'paid', coins: -300, subject: '青铜守护 3个月', transfer_set_id: row?.transfer_set_id });

    const list = await roomList(roomId, member);
    expect(Value.Check(GuardRoomListSchema, list.data)).toBe(true);
    expect(list.data).toEqual({
      list: [{ user_id: member.id, user_nickname: '守护者', avatar: expect.any(String), guard_id: bronze.id, level: 1, guard_name: '青铜守护', expires_at: expiresAt }],
      total: 1,
      mine: { guard_id: bronze.id, level: 1, guard_name: '青铜守护', expires_at: expiresAt },
    });
    // Anyone sees the list; a guest has no guard of their own.
    expect((await roomList(roomId)).data).toMatchObject({ total: 1, mine: null });
    expect(await roomList(2_000_000_000)).toMatchObject(refusal(errors.WALLET_GUARD_ROOM_NOT_FOUND));
    expect(await get('/api/Guard/roomList?room_id=0')).toMatchObject({ status: 400, reason: errors.VALIDATION.reason });
  });

  it('renew extends from the current expiry; upgrade credits the unused days; downgrade refused while active; expired counts as none', async () => {
    const { anchor, roomId } = await newRoom();
    const [bronze, silver, gold] = [await tierOf(1), await tierOf(2), await tierOf(3)];
    const member = await fundedMember(10_000);
    expect((await buy(member, roomId, bronze.id, 1)).data).toMatchObject({ kind: 'buy', expires_at: new Date(start.getTime() + 30 * DAY).toISOString() });
    // Ten days later: renew 2 months → 30 + 60 days from the start.
    const renewed = await at(new Date(start.getTime() + 10 * DAY), () => buy(member, roomId, bronze.id, 2));
    expect(renewed.data).toMatchObject({ kind: 'renew', coins: 200, credit: 0, expires_at: new Date(start.getTime() + 90 * DAY).toISOString() });
    // Day 15 + 12 h: 74 whole days left of bronze (100/month) → credit floor(100 × 74 / 30) = 246; silver 1 month = 500.
    const upgradeAt = new Date(start.getTime() + 15.5 * DAY);
    const upgraded = await at(upgradeAt, () => buy(member, roomId, silver.id, 1));
    expect(upgraded.data).toMatchObject({ kind: 'upgrade', price: 500, credit: 246, coins: 254, expires_at: new Date(upgradeAt.getTime() + 30 * DAY).toISOString() });
    // Bronze while silver is active: refused, nothing taken.
    const before = await userRow(member.id);
    expect(await at(upgradeAt, () => buy(member, roomId, bronze.id, 12))).toMatchObject(refusal(errors.WALLET_GUARD_DOWNGRADE));
    expect(await userRow(member.id)).toEqual(before);
    expect(before.balance).toBe(10_000 - 100 - 200 - 254);
    // After the silver guard expires it is no guard: the room list drops it and bronze is a new buy.
    const expiry = new Date(upgradeAt.getTime() + 30 * DAY + 1);
    await at(expiry, async () => {
      expect((await roomList(roomId, member)).data).toEqual({ list: [], total: 0, mine: null });
      const fresh = await buy(member, roomId, bronze.id, 1);
      expect(fresh.data).toMatchObject({ kind: 'buy', coins: 100, expires_at: new Date(expiry.getTime() + 30 * DAY).toISOString() });
      expect((await roomList(roomId, member)).data.mine).toMatchObject({ level: 1 });
      // 13 months of bronze left: worth more than a month of silver, so choose more months.
      expect((await buy(member, roomId, bronze.id, 12)).data).toMatchObject({ kind: 'renew' });
      expect(await buy(member, roomId, silver.id, 1)).toMatchObject(refusal(errors.WALLET_GUARD_UPGRADE_TOO_SHORT));
      expect((await buy(member, roomId, gold.id, 1)).data).toMatchObject({ kind: 'upgrade', credit: 1300, coins: 700 });
    });
    const kinds = (await purchasesOf(member.id)).map((row) => row.kind);
    expect(kinds).toEqual(['buy', 'renew', 'upgrade', 'buy', 'renew', 'upgrade']);
    const paid = (await purchasesOf(member.id)).reduce((sum, row) => sum + Number(row.coins), 0);
    expect(await userRow(member.id)).toMatchObject({ balance: 10_000 - paid, exp: paid });
    expect(await balanceOf(ctx.db, { kind: 'anchor_earnings', owner: anchor.id })).toBe((await purchasesOf(member.id)).reduce((sum, row) => sum + Number(row.anchor_coins), 0));
  });

  it('the same key answers the first result and applies once (also in parallel); with other parameters it is refused', async () => {
    const { roomId } = await newRoom();
    const other = await newRoom();
    const bronze = await tierOf(1);
    const member = await fundedMember(1_000);
    const key = freshKey();
    const first = await buy(member, roomId, bronze.id, 2, key);
    expect(first.data).toMatchObject({ coins: 200, balance: 800 });
    expect(await buy(member, roomId, bronze.id, 2, key)).toEqual(first);
    expect(await buy(member, roomId, bronze.id, 3, key)).toMatchObject({ status: 409, ...refusal(errors.WALLET_IDEMPOTENCY_KEY_REUSED) });
    expect(await buy(member, other.roomId, bronze.id, 2, key)).toMatchObject({ status: 409, ...refusal(errors.WALLET_IDEMPOTENCY_KEY_REUSED) });

    const parallelKey = freshKey();
    const answers = await Promise.all(Array.from({ length: 6 }, () => buy(member, roomId, bronze.id, 1, parallelKey)));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]?.data).toMatchObject({ kind: 'renew', coins: 100, balance: 700 });
    expect(await purchasesOf(member.id)).toHaveLength(2);
    expect(await userRow(member.id)).toEqual({ balance: 700, exp: 300 });
  });

  it('parallel buys beyond the balance succeed exactly as far as it goes, each renewing from the last', async () => {
    const { roomId } = await newRoom();
    const bronze = await tierOf(1);
    const member = await fundedMember(350);
    const answers = await Promise.all(Array.from({ length: 6 }, () => buy(member, roomId, bronze.id, 1)));
    const applied = answers.filter((answer) => answer.code === 200);
    for (const answer of answers.filter((answer) => answer.code !== 200)) expect(answer).toMatchObject(refusal(errors.WALLET_INSUFFICIENT_BALANCE));
    expect(applied).toHaveLength(3);
    expect(applied.map((answer) => answer.data.balance).sort((a, b) => a - b)).toEqual([50, 150, 250]);
    expect(applied.map((answer) => answer.data.expires_at).sort()).toEqual([30, 60, 90].map((days) => new Date(start.getTime() + days * DAY).toISOString()));
    expect(await userRow(member.id)).toEqual({ balance: 50, exp: 300 });
  });

  it('the chat: a purchase is announced, the badge shows on the next message and danmaku without reconnecting, and a guard joining posts the entry notice', async () => {
    const { anchor, roomId } = await newRoom();
    const groupId = String(anchor.id);
    const [bronze, silver] = [await tierOf(1), await tierOf(2)];
    const guard = await fundedMember(1_000, '铁粉');
    const viewer = await createUser(ctx.db, { nickname: '路人' });
    const viewerSig = await memberChatSignature(ctx, viewer.id);
    const watcher = await connect();
    expect((await watcher.login(viewerSig.id, viewerSig.userSig)).ok).toBe(true);
    await watcher.join(groupId);
    const guardSig = await memberChatSignature(ctx, guard.id);
    const client = await connect();
    expect((await client.login(guardSig.id, guardSig.userSig)).ok).toBe(true);
    await client.join(groupId);

    // No guard yet: no badge, no entry notice was posted for the join.
    const plain = await client.say(groupId, '还不是守护');
    if (plain.type !== 'ack') throw new Error('refused');
    expect(plain.message.from.guard).toBeUndefined();

    const from = watcher.frames.length;
    expect((await buy(guard, roomId, bronze.id, 1)).code).toBe(200);
    const isText = (text: string) => (frame: ChatServerFrame) => frame.type === 'message' && frame.message.text === text;
    const announced = await watcher.waitFor(isText(guardBoughtLine('铁粉', '青铜守护', 1, 'buy')), 5_000, from);
    if (announced.type !== 'message') throw new Error('not a message');
    expect(announced.message).toMatchObject({ groupId, from: { role: 'system' }, cloudCustomData: { type: 1 } });

    const badged = await client.say(groupId, '我是守护了');
    if (badged.type !== 'ack') throw new Error('refused');
    expect(badged.message.from).toMatchObject({ nickname: '铁粉', guard: 1 });
    expect(Value.Check(ChatGroupMessageSchema, badged.message)).toBe(true);
    const seen = await watcher.waitFor(isText('我是守护了'), 5_000, from);
    if (seen.type !== 'message') throw new Error('not a message');
    expect(seen.message.from.guard).toBe(1);

    // An upgrade: the next danmaku carries the new level.
    expect((await buy(guard, roomId, silver.id, 1)).code).toBe(200);
    const danmaku = await client.say(groupId, '升级了', 'danmaku');
    if (danmaku.type !== 'ack') throw new Error('refused');
    expect(danmaku.message).toMatchObject({ kind: 'danmaku', from: { guard: 2 } });
    // A danmaku sent over HTTP (api/Barrage/send) carries the badge too.
    const beforeHttp = watcher.frames.length;
    expect((await get(`/api/Barrage/send?room_id=${roomId}&text=${encodeURIComponent('接口弹幕')}`, guard)).code).toBe(200);
    const viaHttp = await watcher.waitFor(isText('接口弹幕'), 5_000, beforeHttp);
    if (viaHttp.type !== 'message') throw new Error('not a message');
    expect(viaHttp.message.from).toMatchObject({ userId: String(guard.id), guard: 2 });

    // The guard comes back on a new connection: the room reads the entry notice (once a minute).
    client.close();
    const again = await connect();
    const sig = await memberChatSignature(ctx, guard.id);
    expect((await again.login(sig.id, sig.userSig)).ok).toBe(true);
    const beforeJoin = watcher.frames.length;
    await again.join(groupId);
    await watcher.waitFor(isText(guardEntryLine('白银守护', '铁粉')), 5_000, beforeJoin);
    expect(GUARD_ENTRY_NOTICE_COOLDOWN_MS).toBeGreaterThan(0);
    again.close();
    const third = await connect();
    expect((await third.login(sig.id, sig.userSig)).ok).toBe(true);
    const beforeRejoin = watcher.frames.length;
    await third.join(groupId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(watcher.frames.slice(beforeRejoin).filter(isText(guardEntryLine('白银守护', '铁粉')))).toHaveLength(0);

    // Expired (the app clock past the silver month): the badge is gone from the next message.
    const lapsed = await at(new Date(start.getTime() + 31 * DAY), () => third.say(groupId, '过期了'));
    if (lapsed.type !== 'ack') throw new Error('refused');
    expect(lapsed.message.from.guard).toBeUndefined();

    // A viewer without a guard joining posts nothing; their message has no badge.
    const mine = await watcher.say(groupId, '我只是路人');
    if (mine.type !== 'ack') throw new Error('refused');
    expect(mine.message.from.guard).toBeUndefined();
  });
});

import { RedPacketSchema } from '@sports/shared/server';
import { Value } from 'typebox/value';
import { afterAll, expect, it } from 'vitest';
import { issueSession } from '../accounts/sessions/sessions';
import { createRoom, createUser, memberChatSignature, useChatSockets } from '../chat/testing/chatTestKit';
import { errors } from '../infra/http/errorCatalogue';
import { TEST_OPS_TOKEN, scratchReleases } from '../rollouts/testing/releaseFixtures';
import { DEFAULT_HALT_POLICY } from '../rollouts/releaseHealth';
import { accountsTestOptions, createManualClock } from '../testing/accounts';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { balanceOf } from '../wallet/index';
import { expectLedgerClean, fundMember } from '../wallet/testing/ledgerTestKit';
import { finishPacket } from './redPacketService';
import { seedHash, splitPacket } from './redPacketSplit';
import { type RedPacketsConfig, defaultRedPacketsConfig } from './redPacketsConfig';

/** Short bounds for tests: any expiry from 1 s, no per-address or per-device limit (inject comes from one address), the sweeper by hand. */
const CONFIG: RedPacketsConfig = { ...defaultRedPacketsConfig(), expiryMinSeconds: 1, grabsPerIp: 0, grabsPerDevice: 0, sweepSeconds: 600 };

describeEachDatabase('red packets: create, parallel grabs, 口令, expiry refunds once, the verifiable split', (target) => {
  const clock = createManualClock(new Date());
  const accounts = accountsTestOptions(clock);
  const ctx = useTestApp(target, { ...accounts, app: { ...accounts.app, releases: scratchReleases(DEFAULT_HALT_POLICY), redPackets: CONFIG, chat: { memberRate: { max: 100, windowMs: 1_000, blockMs: 10 } } } });
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
    await fundMember(ctx.db, room.ownerId, coins);
    const { token } = await issueSession(ctx.db, room.ownerId, 365 * 86_400, clock());
    return { ...room, id: room.ownerId, headers: { token } as Record<string, string> };
  };
  let keys = 0;
  const call = async (method: 'GET' | 'POST', url: string, as?: Member, key?: string) => {
    const headers = { ...as?.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) };
    const response = await ctx.app.inject({ method, url, headers });
    return { status: response.statusCode, ...(response.json() as { code: number; msg: string; data: any; reason?: string }) };
  };
  const create = (as: Member, params: Record<string, string | number>, key = `rp-key-${(keys += 1)}`) =>
    call('POST', `/api/RedPacket/create?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString()}`, as, key);
  const grab = (as: Member, packetId: number) => call('POST', `/api/RedPacket/grab?packet_id=${packetId}`, as);
  const info = async (packetId: number, as?: Member) => {
    const answer = await call('GET', `/api/RedPacket/info?packet_id=${packetId}`, as);
    expect(answer.code).toBe(200);
    expect(Value.Check(RedPacketSchema, answer.data)).toBe(true);
    return answer.data as import('@sports/shared/server').RedPacket;
  };
  const coinsOf = async (id: number) => Number((await ctx.db.selectFrom('app_user').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance);
  const escrow = () => balanceOf(ctx.db, { kind: 'red_packet_escrow' });

  it('refuses zero, negative, fractional, huge and over-balance packets with their reasons, and moves nothing', async () => {
    const anchor = await anchorOf('红包主播甲', 100);
    const escrowBefore = await escrow();
    const refusals: Array<[Record<string, string | number>, string]> = [
      [{ total_coins: 0, shares: 1 }, errors.RED_PACKET_BAD_COINS.reason],
      [{ total_coins: -5, shares: 1 }, errors.RED_PACKET_BAD_COINS.reason],
      [{ total_coins: 10.5, shares: 2 }, errors.RED_PACKET_BAD_COINS.reason],
      [{ total_coins: 1e15, shares: 2 }, errors.RED_PACKET_BAD_COINS.reason],
      [{ total_coins: 10, shares: 0 }, errors.RED_PACKET_BAD_SHARES.reason],
      [{ total_coins: 10, shares: 2.5 }, errors.RED_PACKET_BAD_SHARES.reason],
      [{ total_coins: 3, shares: 5 }, errors.RED_PACKET_SHARES_OVER_COINS.reason],
      [{ total_coins: 101, shares: 5 }, errors.WALLET_INSUFFICIENT_BALANCE.reason],
      [{ total_coins: 10, shares: 5, password: '   ' }, errors.RED_PACKET_BAD_PASSWORD.reason],
    ];
    for (const [params, reason] of refusals) {
      const answer = await create(anchor, { room_id: anchor.roomId, ...params });
      expect(answer.reason, JSON.stringify(params)).toBe(reason);
      expect(answer.msg.length).toBeGreaterThan(0);
    }
    expect((await create(anchor, { room_id: 999_999, total_coins: 10, shares: 2 })).reason).toBe(errors.RED_PACKET_ROOM_NOT_FOUND.reason);
    expect((await call('POST', `/api/RedPacket/create?room_id=${anchor.roomId}&total_coins=10&shares=2`, anchor)).reason).toBe(errors.WALLET_IDEMPOTENCY_KEY_MISSING.reason);
    expect((await call('POST', `/api/RedPacket/create?room_id=${anchor.roomId}&total_coins=10&shares=2`, undefined, 'k')).reason).toBe(errors.LOGIN_REQUIRED.reason);
    expect(await coinsOf(anchor.id)).toBe(100);
    expect(await escrow()).toBe(escrowBefore);
  });

  it('funds a packet into escrow once per Idempotency-Key; the same key with other parameters is refused', async () => {
    const anchor = await anchorOf('红包主播乙', 500);
    const escrowBefore = await escrow();
    const first = await create(anchor, { room_id: anchor.roomId, total_coins: 200, shares: 4 }, 'same-key');
    expect(first.code).toBe(200);
    expect(first.data.balance).toBe(300);
    expect(first.data.packet).toMatchObject({ total_coins: 200, shares: 4, grabbed_shares: 0, state: 'open', seed: null });
    expect(first.data.packet.seed_hash).toMatch(/^[0-9a-f]{64}$/);
    const again = await create(anchor, { room_id: anchor.roomId, total_coins: 200, shares: 4 }, 'same-key');
    expect(again.data.packet.id).toBe(first.data.packet.id);
    expect(again.data.balance).toBe(300);
    const parallel = await Promise.all([1, 2, 3].map(() => create(anchor, { room_id: anchor.roomId, total_coins: 50, shares: 2 }, 'parallel-key')));
    expect(new Set(parallel.map((answer) => answer.data.packet.id)).size).toBe(1);
    expect((await create(anchor, { room_id: anchor.roomId, total_coins: 201, shares: 4 }, 'same-key')).reason).toBe(errors.WALLET_IDEMPOTENCY_KEY_REUSED.reason);
    expect(await coinsOf(anchor.id)).toBe(250);
    expect(await escrow()).toBe(escrowBefore + 250);
    await expectLedgerClean(ctx.db);
  });

  it('parallel grabs by more members than shares: exactly `shares` winners, the coins exact, the rest told it is empty; a second grab is refused', async () => {
    const anchor = await anchorOf('红包主播丙', 1_000);
    const packet = (await create(anchor, { room_id: anchor.roomId, total_coins: 1_000, shares: 7 })).data.packet;
    const members = await Promise.all(Array.from({ length: 20 }, (_, index) => member(`抢红包${index}`)));
    const answers = await Promise.all(members.map((who) => grab(who, packet.id)));
    const winners = answers.filter((answer) => answer.code === 200);
    expect(winners).toHaveLength(7);
    expect(winners.reduce((sum, answer) => sum + answer.data.amount, 0)).toBe(1_000);
    for (const answer of answers.filter((one) => one.code !== 200)) expect(answer.reason).toBe(errors.RED_PACKET_EMPTY.reason);
    for (const [index, who] of members.entries()) {
      const answer = answers[index];
      expect(await coinsOf(who.id)).toBe(answer?.code === 200 ? answer.data.amount : 0);
    }
    const winner = members[answers.findIndex((answer) => answer.code === 200)] as Member;
    expect((await grab(winner, packet.id)).reason).toBe(errors.RED_PACKET_ALREADY_GRABBED.reason);
    expect((await grab(anchor, packet.id)).reason).toBe(errors.RED_PACKET_OWN.reason);
    // Once finished (emptied: the seed revealed, nothing refunded), late grabs are answered from what the node knows: 抢光了, or 你已经抢过 for a winner.
    await ctx.app.redPackets.sweeper.sweep();
    expect((await info(packet.id)).state).toBe('finished');
    const late = await member('晚到的人');
    for (let round = 0; round < 2; round += 1) {
      expect((await grab(late, packet.id)).reason).toBe(errors.RED_PACKET_EMPTY.reason);
      expect((await grab(winner, packet.id)).reason).toBe(errors.RED_PACKET_ALREADY_GRABBED.reason);
    }
    const seen = await info(packet.id, winner);
    expect(seen.grabbed_shares).toBe(7);
    expect(seen.grabbed_coins).toBe(1_000);
    expect(seen.mine).toBeGreaterThan(0);
    await expectLedgerClean(ctx.db);
  });

  it('the same member grabbing in parallel gets one share: the database refuses the second', async () => {
    const anchor = await anchorOf('红包主播丁', 100);
    const packet = (await create(anchor, { room_id: anchor.roomId, total_coins: 100, shares: 10 })).data.packet;
    const greedy = await member('手快的人');
    const answers = await Promise.all(Array.from({ length: 6 }, () => grab(greedy, packet.id)));
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.code !== 200)) expect(answer.reason).toBe(errors.RED_PACKET_ALREADY_GRABBED.reason);
    const won = answers.find((answer) => answer.code === 200);
    expect(await coinsOf(greedy.id)).toBe(won?.data.amount);
    await expectLedgerClean(ctx.db);
  });

  it('refunds the unclaimed coins to the funder exactly once at expiry, even with two sweepers at once; the seed then verifies the split', async () => {
    clock.set(new Date());
    const anchor = await anchorOf('红包主播戊', 300);
    const packet = (await create(anchor, { room_id: anchor.roomId, total_coins: 300, shares: 5, expiry_seconds: 30 })).data.packet;
    const a = await member('先抢的');
    const b = await member('后抢的');
    const gotA = (await grab(a, packet.id)).data.amount as number;
    const gotB = (await grab(b, packet.id)).data.amount as number;
    expect(await coinsOf(anchor.id)).toBe(0);
    // Not yet due: a sweep leaves it open.
    expect((await ctx.app.redPackets.sweeper.sweep()).map((done) => done.packet.id)).not.toContain(packet.id);
    clock.advance(31_000);
    const late = await member('来晚了');
    expect((await grab(late, packet.id)).reason).toBe(errors.RED_PACKET_EXPIRED.reason);
    const [one, two, three] = await Promise.all([finishPacket(ctx.db, packet.id, clock()), finishPacket(ctx.db, packet.id, clock()), ctx.app.redPackets.sweeper.sweep()]);
    const finishes = [one, two, ...three.filter((done) => done.packet.id === packet.id)].filter((done) => done !== null);
    expect(finishes).toHaveLength(1);
    expect(finishes[0]?.refunded).toBe(300 - gotA - gotB);
    expect(await coinsOf(anchor.id)).toBe(300 - gotA - gotB);
    expect(await finishPacket(ctx.db, packet.id, clock())).toBeNull();
    expect(await coinsOf(anchor.id)).toBe(300 - gotA - gotB);

    const done = await info(packet.id, a);
    expect(done.state).toBe('finished');
    expect(done.refunded_coins).toBe(300 - gotA - gotB);
    expect(done.seed).not.toBeNull();
    expect(seedHash(done.seed as string)).toBe(done.seed_hash);
    const split = splitPacket(done.seed as string, 300, 5);
    expect(done.grabs.map((grabbed) => grabbed.amount)).toEqual(split.slice(0, 2));
    expect(done.grabs.filter((grabbed) => grabbed.luckiest === 1)).toHaveLength(1);
    expect(done.grabs.find((grabbed) => grabbed.luckiest === 1)?.amount).toBe(Math.max(gotA, gotB));
    // Ops see the audit trail: the seed, every share (who, when, from where), the ledger sets.
    expect((await ctx.app.inject({ url: '/api/ops/redPackets', headers: a.headers })).statusCode).toBe(403);
    const ops = (await ctx.app.inject({ url: `/api/ops/redPackets?room_id=${anchor.roomId}`, headers: { 'x-ops-token': TEST_OPS_TOKEN } })).json() as { data: { list: Array<{ id: number; seed: string; refund_set_id: number | null; share_list: Array<{ amount: number; member_id: number | null; refunded: number; ledger_key: string | null }> }> } };
    const audited = ops.data.list.find((one) => one.id === packet.id);
    expect(audited?.seed).toBe(done.seed);
    expect(audited?.share_list.map((share) => share.amount)).toEqual(split);
    expect(audited?.share_list.filter((share) => share.refunded === 1)).toHaveLength(3);
    expect(audited?.share_list[0]).toMatchObject({ member_id: a.id, ledger_key: `red_packet_grab:${packet.id}:${a.id}` });
    expect(audited?.refund_set_id).not.toBeNull();
    await expectLedgerClean(ctx.db);
  });

  it('each move is one line in the member\'s records (api/Order/getList type 8 红包): 发红包 −, 抢红包 +, 红包退回 +; replays, refused and late grabs write none', async () => {
    clock.set(new Date());
    const anchor = await anchorOf('红包记录主播', 100);
    const create1 = await create(anchor, { room_id: anchor.roomId, total_coins: 100, shares: 10, expiry_seconds: 30 }, 'rp-orders-key');
    const packet = create1.data.packet;
    expect((await create(anchor, { room_id: anchor.roomId, total_coins: 100, shares: 10, expiry_seconds: 30 }, 'rp-orders-key')).data.packet.id).toBe(packet.id);
    const [a, b] = await Promise.all([member('记录甲'), member('记录乙')]);
    const gotA = (await grab(a, packet.id)).data.amount as number;
    const gotB = (await grab(b, packet.id)).data.amount as number;
    expect((await grab(a, packet.id)).reason).toBe(errors.RED_PACKET_ALREADY_GRABBED.reason);
    clock.advance(31_000);
    const late = await member('记录迟到');
    expect((await grab(late, packet.id)).reason).toBe(errors.RED_PACKET_EXPIRED.reason);
    expect((await finishPacket(ctx.db, packet.id, clock()))?.refunded).toBe(100 - gotA - gotB);
    expect(await finishPacket(ctx.db, packet.id, clock())).toBeNull();

    const rows = await ctx.db
      .selectFrom('wallet_order as o')
      .innerJoin('ledger_transfer_set as s', 's.id', 'o.transfer_set_id')
      .select(['o.user_id', 'o.type', 'o.state', 'o.coins', 'o.subject', 'o.idempotency_key', 's.idempotency_key as set_key'])
      .where('o.user_id', 'in', [anchor.id, a.id, b.id, late.id])
      .where('o.type', '<>', 'recharge')
      .orderBy('o.id')
      .execute();
    expect(rows.map((row) => ({ ...row, coins: Number(row.coins) }))).toEqual([
      { user_id: anchor.id, type: 'red_packet', state: 'paid', coins: -100, subject: '发红包（10份）', idempotency_key: `red_packet:${anchor.id}:rp-orders-key`, set_key: `red_packet:${anchor.id}:rp-orders-key` },
      { user_id: a.id, type: 'red_packet', state: 'paid', coins: gotA, subject: '抢红包', idempotency_key: `red_packet_grab:${packet.id}:${a.id}`, set_key: `red_packet_grab:${packet.id}:${a.id}` },
      { user_id: b.id, type: 'red_packet', state: 'paid', coins: gotB, subject: '抢红包', idempotency_key: `red_packet_grab:${packet.id}:${b.id}`, set_key: `red_packet_grab:${packet.id}:${b.id}` },
      { user_id: anchor.id, type: 'red_packet', state: 'paid', coins: 100 - gotA - gotB, subject: '红包退回', idempotency_key: `red_packet_refund:${packet.id}`, set_key: `red_packet_refund:${packet.id}` },
    ]);

    // What the funder and a grabber read: type 8 (红包) lists them newest first, order numbers P…; type 9 (天选) none.
    const listed = await call('GET', '/api/Order/getList?type=8', anchor);
    expect(listed.code).toBe(200);
    expect(listed.data.list.map((order: { subject: string; coins: number; type: number; type_name: string; state: string }) => [order.subject, order.coins, order.type, order.type_name, order.state])).toEqual([
      ['红包退回', 100 - gotA - gotB, 8, '红包', 'paid'],
      ['发红包（10份）', -100, 8, '红包', 'paid'],
    ]);
    for (const order of listed.data.list) expect(order.order_no).toMatch(/^P\d{24}$/);
    expect((await call('GET', '/api/Order/getList?type=9', anchor)).data.list).toEqual([]);
    expect((await call('GET', '/api/Order/getList', a)).data.list.map((order: { subject: string; coins: number }) => [order.subject, order.coins])).toEqual([['抢红包', gotA]]);
    expect((await call('GET', '/api/Order/getList', late)).data.list).toEqual([]);
    // The records add up to the balance: 100 funded, 100 − refund out, the refund back.
    expect(await coinsOf(anchor.id)).toBe(100 - 100 + (100 - gotA - gotB));
    await expectLedgerClean(ctx.db);
  });

  it('followers only: a member who does not follow the anchor is refused until they follow', async () => {
    const anchor = await anchorOf('红包主播己', 50);
    const packet = (await create(anchor, { room_id: anchor.roomId, total_coins: 50, shares: 5, followers_only: 1 })).data.packet;
    const fan = await member('路人');
    expect((await grab(fan, packet.id)).reason).toBe(errors.RED_PACKET_FOLLOWERS_ONLY.reason);
    await ctx.db.insertInto('user_follow').values({ follower_id: fan.id, anchor_id: anchor.id }).execute();
    expect((await grab(fan, packet.id)).code).toBe(200);
  });

  it('a 口令 packet: a grab before the password was sent in the room is refused; the room hears the packet open, each grab and the end', async () => {
    clock.set(new Date());
    const anchor = await anchorOf('红包主播庚', 60);
    const fan = await member('口令粉丝');
    const client = await connect();
    const { userSig, id: chatId } = await memberChatSignature(ctx, fan.id);
    expect((await client.login(chatId, userSig)).ok).toBe(true);
    await client.join(anchor.groupId);
    const packet = (await create(anchor, { room_id: anchor.roomId, total_coins: 60, shares: 2, password: '国足加油' })).data.packet;
    const opened = await client.waitFor((frame) => frame.type === 'message' && frame.message.cloudCustomData.redPacket?.event === 'opened');
    expect(opened.type === 'message' && opened.message.cloudCustomData.redPacket).toMatchObject({ packetId: packet.id, password: '国足加油', totalCoins: 60, shares: 2, seedHash: packet.seed_hash });
    expect((await grab(fan, packet.id)).reason).toBe(errors.RED_PACKET_PASSWORD_NEEDED.reason);
    await client.say(anchor.groupId, '别的话');
    expect((await grab(fan, packet.id)).reason).toBe(errors.RED_PACKET_PASSWORD_NEEDED.reason);
    expect((await client.say(anchor.groupId, '国足加油', 'danmaku')).type).toBe('ack');
    let answer = await grab(fan, packet.id);
    for (let tries = 0; answer.reason === errors.RED_PACKET_PASSWORD_NEEDED.reason && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      answer = await grab(fan, packet.id);
    }
    expect(answer.code).toBe(200);
    await client.waitFor((frame) => frame.type === 'message' && frame.message.cloudCustomData.redPacket?.event === 'grabbed' && frame.message.cloudCustomData.redPacket.amount === answer.data.amount);
    const second = await member('第二个口令粉丝');
    await ctx.db.insertInto('red_packet_entry' as never).values({ packet_id: packet.id, member_id: second.id } as never).execute();
    expect((await grab(second, packet.id)).code).toBe(200);
    // Emptied: finished at once (the seed revealed, nothing refunded).
    const finished = await client.waitFor((frame) => frame.type === 'message' && frame.message.cloudCustomData.redPacket?.event === 'finished');
    const event = finished.type === 'message' ? finished.message.cloudCustomData.redPacket : undefined;
    expect(event?.refunded).toBe(0);
    expect(seedHash(event?.seed as string)).toBe(packet.seed_hash);
    expect(event?.luckiest?.amount).toBe(Math.max(...splitPacket(event?.seed as string, 60, 2)));
    client.close();
  });

  it('lists a room\'s packets, newest first', async () => {
    const anchor = await anchorOf('红包主播辛', 30);
    await create(anchor, { room_id: anchor.roomId, total_coins: 10, shares: 2 });
    await create(anchor, { room_id: anchor.roomId, total_coins: 20, shares: 2 });
    const list = await call('GET', `/api/RedPacket/list?room_id=${anchor.roomId}`);
    expect(list.data.list.map((packet: { total_coins: number }) => packet.total_coins)).toEqual([20, 10]);
    expect((await call('GET', '/api/RedPacket/info?packet_id=99999999')).reason).toBe(errors.RED_PACKET_NOT_FOUND.reason);
  });

  it('is documented with the other routes (/api/docs)', async () => {
    const docs = (await ctx.app.inject({ url: '/api/docs/json', headers: { 'x-ops-token': TEST_OPS_TOKEN } })).json() as { paths: Record<string, Record<string, unknown>> };
    for (const [route, method] of [['/api/RedPacket/create', 'post'], ['/api/RedPacket/grab', 'post'], ['/api/RedPacket/info', 'get'], ['/api/RedPacket/list', 'get'], ['/api/ops/redPackets', 'get']] as const) {
      expect(docs.paths[route]?.[method], route).toBeDefined();
    }
  });
});

/** The abuse limits on: accounts younger than 24 h and without a mainland mobile are excluded; 2 grabs per address, 1 per device. */
const LIMITS: RedPacketsConfig = { ...CONFIG, minAccountAgeHours: 24, requireMobile: true, grabsPerIp: 2, grabsPerDevice: 1 };

describeEachDatabase('red packets: the abuse limits (account age, mobile, grabs per address and device)', (target) => {
  const clock = createManualClock(new Date());
  const accounts = accountsTestOptions(clock);
  const ctx = useTestApp(target, { ...accounts, app: { ...accounts.app, releases: scratchReleases(DEFAULT_HALT_POLICY), redPackets: LIMITS } });
  let mobiles = 0;

  afterAll(async () => {
    await expectLedgerClean(ctx.db);
  });

  /** A member with a stored mobile (`86-…`, as registration keeps it) and an account of the given age. */
  const member = async (nickname: string, options: { ageHours?: number; mobile?: string } = {}) => {
    const id = await createUser(ctx.db, nickname);
    mobiles += 1;
    const mobile = options.mobile ?? `86-137${String(process.pid % 1000).padStart(3, '0')}${String(mobiles).padStart(5, '0')}`;
    await ctx.db.updateTable('app_user').set({ mobile, created_at: new Date(clock().getTime() - (options.ageHours ?? 48) * 3_600_000) } as never).where('id', '=', id).execute();
    const { token } = await issueSession(ctx.db, id, 365 * 86_400, clock());
    return { id, token };
  };
  type Member = Awaited<ReturnType<typeof member>>;
  const grab = async (as: Member, packetId: number, device: string) => {
    const response = await ctx.app.inject({ method: 'POST', url: `/api/RedPacket/grab?packet_id=${packetId}`, headers: { token: as.token, cookie: `token=${as.token}; vid=${device}` } });
    return { status: response.statusCode, ...(response.json() as { code: number; reason?: string }) };
  };

  it('refuses a day-old account and one without a mainland mobile; a mainland mobile as stored (86-…) grabs; then counts grabs per address and per device', async () => {
    const room = await createRoom(ctx.db, '红包限制主播');
    await fundMember(ctx.db, room.ownerId, 100);
    const { token } = await issueSession(ctx.db, room.ownerId, 365 * 86_400, clock());
    const created = await ctx.app.inject({ method: 'POST', url: `/api/RedPacket/create?room_id=${room.roomId}&total_coins=100&shares=10&expiry_seconds=60`, headers: { token, 'idempotency-key': 'rp-limits-1' } });
    expect(created.statusCode).toBe(200);
    const packetId = (created.json() as { data: { packet: { id: number } } }).data.packet.id;
    const young = await member('新注册红包', { ageHours: 2 });
    const abroad = await member('海外红包', { mobile: '852-91234567' });
    const [a, b, c, d] = await Promise.all([member('红包甲'), member('红包乙'), member('红包丙'), member('红包丁')]);
    expect((await grab(young, packetId, 'rp-device-young-0001')).reason).toBe(errors.RED_PACKET_ACCOUNT_TOO_NEW.reason);
    expect((await grab(abroad, packetId, 'rp-device-abroad-001')).reason).toBe(errors.RED_PACKET_MOBILE_NEEDED.reason);
    expect((await grab(a as Member, packetId, 'rp-device-shared-001')).code).toBe(200);
    const sameDevice = await grab(b as Member, packetId, 'rp-device-shared-001');
    expect(sameDevice.status).toBe(429);
    expect(sameDevice.reason).toBe(errors.RED_PACKET_TOO_MANY_FROM_DEVICE.reason);
    expect((await grab(c as Member, packetId, 'rp-device-other-0001')).code).toBe(200);
    expect((await grab(d as Member, packetId, 'rp-device-third-0001')).reason).toBe(errors.RED_PACKET_TOO_MANY_FROM_ADDRESS.reason);
  });
});

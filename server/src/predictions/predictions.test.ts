import { PredictionSchema } from '@sports/shared/server';
import { sql } from 'kysely';
import { Value } from 'typebox/value';
import { afterAll, expect, it } from 'vitest';
import { errors } from '../infra/http/errorCatalogue';
import { memberChatSignature, useChatSockets } from '../chat/testing/chatTestKit';
import { TEST_OPS_TOKEN, scratchReleases } from '../rollouts/testing/releaseFixtures';
import { DEFAULT_HALT_POLICY } from '../rollouts/releaseHealth';
import { createMatch, createUser, type TestUser } from '../live/testing/roomsTestKit';
import { POINTS_ISSUED, pointsOf } from '../points/pointsLedger';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { balanceOf, transferNow } from '../wallet/index';
import { expectLedgerClean } from '../wallet/testing/ledgerTestKit';
import { pariMutuel } from './settlement';

describeEachDatabase('predictions: create, stake, settle from the feed pari-mutuel exactly once, refunds', (target) => {
  const ctx = useTestApp(target, { app: { releases: scratchReleases(DEFAULT_HALT_POLICY), predictions: { watchTickMs: 0, abandonAfterHours: 12, tallyIntervalMs: 500 } } });
  const { connect } = useChatSockets(ctx);
  afterAll(async () => {
    await expectLedgerClean(ctx.db);
  });

  let grants = 0;
  const member = async (points = 0) => {
    const user = await createUser(ctx.db);
    if (points > 0) await transferNow(ctx.db, { idempotencyKey: `test-points:${process.pid}:${++grants}:${Date.now()}`, kind: 'test_points', reference: 'test', legs: [{ from: POINTS_ISSUED, to: pointsOf(user.id), amount: points }] });
    return user;
  };
  const call = async (method: 'GET' | 'POST', url: string, as?: TestUser, body?: unknown, key?: string) => {
    const headers: Record<string, string> = { ...(as?.headers ?? {}) };
    if (key !== undefined) headers['idempotency-key'] = key;
    const response = await ctx.app.inject({ method, url, headers, payload: body as never });
    return { status: response.statusCode, ...(response.json() as { code: number; msg: string; data: any; reason?: string }) };
  };
  let keys = 0;
  const stake = (as: TestUser, id: number, outcome: number, amount: unknown, key = `k${++keys}`) => call('POST', '/api/Prediction/stake', as, { id, outcome, amount }, key);
  /** An anchor's room showing a football match kicking off in an hour. */
  const roomWithMatch = async (kickoff = new Date(Date.now() + 3_600_000)) => {
    const anchor = await createUser(ctx.db, { anchor: true });
    const matchId = await createMatch(ctx.db, kickoff);
    const room = await ctx.db.insertInto('live_room').values({ owner_id: anchor.id, title: '竞猜测试', match_id: matchId }).returning('id').executeTakeFirstOrThrow();
    return { anchor, roomId: Number(room.id), matchId: Number(matchId) };
  };
  const create = async (as: TestUser, body: Record<string, unknown>) => {
    const answer = await call('POST', '/api/Prediction/create', as, body);
    expect(answer.code, answer.msg).toBe(200);
    expect(Value.Check(PredictionSchema, answer.data)).toBe(true);
    return answer.data as import('@sports/shared/server').Prediction;
  };
  const finish = async (matchId: number, home: number, away: number) => {
    await sql`update match set status = 'finished', home_score = ${home}, away_score = ${away}, finished_at = now() where id = ${matchId}`.execute(ctx.db);
  };
  const points = (user: TestUser) => balanceOf(ctx.db, pointsOf(user.id));

  it('the anchor or an admin opens a prediction bound to the room\'s match (locks at kick-off); others are refused', async () => {
    const { anchor, roomId } = await roomWithMatch();
    const stranger = await member();
    const refused = await call('POST', '/api/Prediction/create', stranger, { room_id: roomId, template: 'football_1x2' });
    expect(refused).toMatchObject({ status: 403, reason: errors.PREDICTION_NOT_ALLOWED.reason });
    const prediction = await create(anchor, { room_id: roomId, template: 'football_1x2' });
    expect(prediction.outcomes.map((outcome) => outcome.label)).toEqual(['主胜', '平', '客胜']);
    expect(prediction).toMatchObject({ state: 'open', pool: 0, title: '本场胜负' });
    const admin = await member();
    await ctx.db.insertInto('live_room_admin').values({ room_id: roomId, user_id: admin.id }).execute();
    const goals = await create(admin, { room_id: roomId, template: 'total_goals', line: 2 });
    expect(goals.outcomes.map((outcome) => outcome.label)).toEqual(['大于2.5', '小于2.5']);
    expect(await call('POST', '/api/Prediction/create', anchor, { room_id: roomId, template: 'basketball_winner' })).toMatchObject({ reason: errors.PREDICTION_TEMPLATE_SPORT.reason });
    expect(await call('POST', '/api/Prediction/create', anchor, { room_id: roomId, template: 'custom', title: '谁先进球', outcomes: ['甲'], lock_in_seconds: 60 })).toMatchObject({ reason: errors.PREDICTION_OUTCOMES_COUNT.reason });
    // A match already under way: kick-off has passed, a lock time must be set.
    const live = await roomWithMatch(new Date(Date.now() - 600_000));
    expect(await call('POST', '/api/Prediction/create', live.anchor, { room_id: live.roomId, template: 'football_1x2' })).toMatchObject({ reason: errors.PREDICTION_LOCK_REQUIRED.reason });
    await create(live.anchor, { room_id: live.roomId, template: 'football_1x2', lock_in_seconds: 600 });
  });

  it('refuses bad stakes with their own errors and loses nothing; the same Idempotency-Key answers the first stake', async () => {
    const { anchor, roomId } = await roomWithMatch();
    const prediction = await create(anchor, { room_id: roomId, template: 'football_1x2' });
    const me = await member(100);
    for (const [amount, reason] of [
      [0, errors.PREDICTION_AMOUNT_TOO_SMALL.reason],
      [-5, errors.PREDICTION_AMOUNT_TOO_SMALL.reason],
      [1.5, errors.PREDICTION_AMOUNT_NOT_INTEGER.reason],
      [1e12, errors.PREDICTION_AMOUNT_TOO_LARGE.reason],
      [101, errors.PREDICTION_POINTS_NOT_ENOUGH.reason],
    ] as const) {
      expect(await stake(me, prediction.id, 0, amount)).toMatchObject({ code: 1, reason });
    }
    expect(await stake(me, prediction.id, 5, 10)).toMatchObject({ reason: errors.PREDICTION_OUTCOME_UNKNOWN.reason });
    expect(await stake(anchor, prediction.id, 0, 10)).toMatchObject({ reason: errors.PREDICTION_OWN_ROOM.reason });
    expect(await points(me)).toBe(100);
    const first = await stake(me, prediction.id, 0, 30, 'same-key');
    expect(first).toMatchObject({ code: 200, data: { balance: 70, prediction: { pool: 30, mine: { outcome: 0, amount: 30, payout: null } } } });
    const again = await stake(me, prediction.id, 0, 30, 'same-key');
    expect(again).toMatchObject({ code: 200, data: { balance: 70 } });
    expect(await stake(me, prediction.id, 1, 30, 'same-key')).toMatchObject({ status: 409, reason: errors.WALLET_IDEMPOTENCY_KEY_REUSED.reason });
    expect(await stake(me, prediction.id, 1, 10)).toMatchObject({ reason: errors.PREDICTION_ALREADY_STAKED.reason });
    expect(await points(me)).toBe(70);
    expect(await call('POST', '/api/Prediction/stake', me, { id: prediction.id, outcome: 0, amount: 1 })).toMatchObject({ reason: errors.WALLET_IDEMPOTENCY_KEY_MISSING.reason });
  });

  it('parallel stakes at the lock instant: the database clock decides, each stake is either taken whole or refused whole', async () => {
    const { anchor, roomId } = await roomWithMatch();
    const prediction = await create(anchor, { room_id: roomId, template: 'football_1x2' });
    const members = await Promise.all(Array.from({ length: 24 }, () => member(50)));
    await sql`update prediction set lock_at = clock_timestamp() + interval '150 milliseconds' where id = ${prediction.id}`.execute(ctx.db);
    const answers = await Promise.all(members.map(async (one, index) => {
      await new Promise((resolve) => setTimeout(resolve, index * 12));
      return stake(one, prediction.id, index % 3, 10);
    }));
    const taken = answers.filter((answer) => answer.code === 200).length;
    const locked = answers.filter((answer) => answer.reason === errors.PREDICTION_LOCKED.reason).length;
    expect(taken + locked).toBe(members.length);
    expect(locked).toBeGreaterThan(0);
    const rows = await sql<{ n: string; total: string }>`select count(*) as n, coalesce(sum(amount), 0) as total from prediction_stake where prediction_id = ${prediction.id}`.execute(ctx.db);
    expect(Number(rows.rows[0]?.n)).toBe(taken);
    expect(Number(rows.rows[0]?.total)).toBe(taken * 10);
    const balances = await Promise.all(members.map(points));
    expect(balances.filter((balance) => balance === 40).length).toBe(taken);
    expect(balances.filter((balance) => balance === 50).length).toBe(locked);
    // After the lock: refused, and the watcher marks it locked.
    expect(await stake(await member(10), prediction.id, 0, 5)).toMatchObject({ reason: errors.PREDICTION_LOCKED.reason });
    await ctx.app.predictions.watcher.tick();
    expect((await call('GET', `/api/Prediction/info?id=${prediction.id}`)).data.state).toBe('locked');
  });

  it('settles from the feed\'s final score pari-mutuel: floor per stake, the remainder to the platform, exactly once even settled twice in parallel', async () => {
    const { anchor, roomId, matchId } = await roomWithMatch();
    const prediction = await create(anchor, { room_id: roomId, template: 'football_1x2' });
    const a = await member(100);
    const b = await member(100);
    const c = await member(100);
    await stake(a, prediction.id, 0, 7);
    await stake(b, prediction.id, 0, 10);
    await stake(c, prediction.id, 1, 13);
    const split = pariMutuel([{ outcome: 0, amount: 7 }, { outcome: 0, amount: 10 }, { outcome: 1, amount: 13 }], 0);
    expect(split).toEqual({ payouts: [12, 17, 0], remainder: 1 });
    const issuedBefore = await balanceOf(ctx.db, POINTS_ISSUED);
    await finish(matchId, 2, 1);
    const service = ctx.app.predictions.service;
    // The feed's final event twice, two nodes: the watcher and two direct settlements at once.
    const results = await Promise.all([ctx.app.predictions.watcher.tick(), service.settleFromScore(prediction.id, 2, 1, 'test:a'), service.settleFromScore(prediction.id, 2, 1, 'test:b')]);
    expect(results.slice(1).filter((figures) => figures !== undefined && figures.answer === 'settled').length).toBeLessThanOrEqual(1);
    await ctx.app.predictions.watcher.tick();
    expect(await points(a)).toBe(100 - 7 + 12);
    expect(await points(b)).toBe(100 - 10 + 17);
    expect(await points(c)).toBe(100 - 13);
    expect((await balanceOf(ctx.db, POINTS_ISSUED)) - issuedBefore).toBe(1);
    const info = await call('GET', `/api/Prediction/info?id=${prediction.id}`, a);
    expect(info.data).toMatchObject({ state: 'settled', winning_outcome: 0, pool: 30, mine: { outcome: 0, amount: 7, payout: 12 } });
    const sets = await sql<{ n: string }>`select count(*) as n from ledger_transfer_set where idempotency_key = ${`prediction:settle:${prediction.id}`}`.execute(ctx.db);
    expect(Number(sets.rows[0]?.n)).toBe(1);
    const audit = await sql<{ action: string }>`select action from prediction_audit where prediction_id = ${prediction.id} order by id`.execute(ctx.db);
    expect(audit.rows.map((row) => row.action)).toEqual(['created', 'settled']);
    expect(await stake(await member(10), prediction.id, 0, 5)).toMatchObject({ reason: errors.PREDICTION_CLOSED.reason });
    // The member's history.
    const mine = await call('GET', '/api/Prediction/list?mine=1', a);
    expect(mine.data.list.map((row: { id: number }) => row.id)).toEqual([prediction.id]);
    await expectLedgerClean(ctx.db);
  });

  it('refunds every stake when nobody backed the result, on a cancel (once), and when the match is abandoned', async () => {
    const first = await roomWithMatch();
    const nobody = await create(first.anchor, { room_id: first.roomId, template: 'football_1x2' });
    const cancelled = await create(first.anchor, { room_id: first.roomId, template: 'total_goals', line: 2 });
    const x = await member(100);
    const y = await member(100);
    await stake(x, nobody.id, 0, 20);
    await stake(y, nobody.id, 2, 30);
    await stake(x, cancelled.id, 0, 15);
    await stake(y, cancelled.id, 1, 25);
    const stranger = await member();
    expect(await call('POST', '/api/Prediction/cancel', stranger, { id: cancelled.id })).toMatchObject({ status: 403 });
    const [one, two] = await Promise.all([call('POST', '/api/Prediction/cancel', first.anchor, { id: cancelled.id }), call('POST', '/api/Prediction/cancel', first.anchor, { id: cancelled.id })]);
    expect([one.code, two.code].sort()).toEqual([1, 200]);
    expect(await points(x)).toBe(80);
    expect(await points(y)).toBe(70);
    await finish(first.matchId, 1, 1);
    await ctx.app.predictions.watcher.tick();
    expect(await points(x)).toBe(100);
    expect(await points(y)).toBe(100);
    expect((await call('GET', `/api/Prediction/info?id=${nobody.id}`)).data.state).toBe('refunded');
    expect((await call('GET', `/api/Prediction/info?id=${cancelled.id}`)).data.state).toBe('cancelled');

    const old = await roomWithMatch(new Date(Date.now() - 13 * 3_600_000));
    const abandoned = await create(old.anchor, { room_id: old.roomId, template: 'football_1x2', lock_in_seconds: 60 });
    await stake(x, abandoned.id, 1, 40);
    await ctx.app.predictions.watcher.tick();
    expect((await call('GET', `/api/Prediction/info?id=${abandoned.id}`)).data.state).toBe('refunded');
    expect(await points(x)).toBe(100);
  });

  it('pushes the live tallies to the room over the chat socket, coalesced: a burst of stakes is one push', async () => {
    const { anchor, roomId } = await roomWithMatch();
    const prediction = await create(anchor, { room_id: roomId, template: 'football_1x2' });
    const viewer = await member();
    const client = await connect();
    const { userSig, id: chatId } = await memberChatSignature(ctx, viewer.id);
    expect((await client.login(chatId, userSig)).ok).toBe(true);
    await client.join(String(anchor.id));
    await ctx.app.predictions.tallies.flush();
    const from = client.frames.length;
    const stakers = await Promise.all([member(50), member(50), member(50)]);
    await Promise.all(stakers.map((one, index) => stake(one, prediction.id, index === 2 ? 2 : 0, 10 + index)));
    await ctx.app.predictions.tallies.flush();
    const frame = await client.waitFor((candidate) => candidate.type === 'message' && (candidate.message.cloudCustomData.prediction?.pool ?? 0) > 0, 5_000, from);
    expect(frame.type === 'message' && frame.message.cloudCustomData.prediction).toEqual({
      id: prediction.id, roomId, state: 'open', pool: 33, winningOutcome: null,
      outcomes: [{ pool: 21, stakes: 2, share: 63.6 }, { pool: 0, stakes: 0, share: 0 }, { pool: 12, stakes: 1, share: 36.4 }],
    });
    // The create's push (pool 0) may come late; the three stakes' is one.
    const pushes = client.frames.slice(from).filter((candidate) => candidate.type === 'message' && (candidate.message.cloudCustomData.prediction?.pool ?? 0) > 0);
    expect(pushes).toHaveLength(1);
  });

  it('ops open a prediction with the ops token and see every prediction with its audit trail', async () => {
    const { roomId, matchId } = await roomWithMatch();
    const OPS = { 'x-ops-token': TEST_OPS_TOKEN, 'x-ops-actor': '运营小张', 'x-requested-with': 'XMLHttpRequest' };
    const opened = (await ctx.app.inject({ method: 'POST', url: '/api/Prediction/create', headers: OPS, payload: { room_id: roomId, template: 'football_1x2' } })).json() as { code: number; data: { id: number } };
    expect(opened.code).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/Prediction/create', headers: { ...OPS, 'x-ops-token': 'wrong-token-0123456789' }, payload: { room_id: roomId, template: 'football_1x2' } })).statusCode).toBe(403);
    const one = await member(20);
    const two = await member(30);
    await stake(one, opened.data.id, 0, 20);
    await stake(two, opened.data.id, 2, 30);
    await finish(matchId, 1, 0);
    await ctx.app.predictions.watcher.tick();
    const answer = (await ctx.app.inject({ url: `/api/ops/predictions?room_id=${roomId}`, headers: OPS })).json() as {
      code: number;
      data: { list: Array<{ prediction: { id: number; state: string }; stakes: number; paid: number; settle_set_id: number | null; audit: Array<{ action: string; actor: string }>; stake_list: Array<{ member_id: number; outcome: number; amount: number; payout: number | null; set_id: number; at_text: string }> }> };
    };
    expect(answer.code).toBe(200);
    expect(answer.data.list).toHaveLength(1);
    expect(answer.data.list[0]).toMatchObject({ prediction: { id: opened.data.id, state: 'settled' }, stakes: 2, paid: 50 });
    // Each member's stake, the largest first, with what it paid (主胜 took the whole pool) and its ledger set.
    expect(answer.data.list[0]?.stake_list.map(({ member_id, outcome, amount, payout }) => ({ member_id, outcome, amount, payout }))).toEqual([
      { member_id: two.id, outcome: 2, amount: 30, payout: 0 },
      { member_id: one.id, outcome: 0, amount: 20, payout: 50 },
    ]);
    expect(answer.data.list[0]?.stake_list.every((entry) => entry.set_id > 0 && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(entry.at_text))).toBe(true);
    expect(answer.data.list[0]?.settle_set_id).toBeGreaterThan(0);
    expect(answer.data.list[0]?.audit.map((entry) => [entry.action, entry.actor])).toEqual([['created', 'ops:运营小张'], ['settled', 'feed:finished']]);
    expect((await ctx.app.inject({ url: '/api/ops/predictions' })).statusCode).toBe(403);
  });

  it('the calls are documented in /api/docs', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'x-ops-token': TEST_OPS_TOKEN } });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    for (const name of ['create', 'list', 'info', 'stake', 'cancel']) expect(paths).toContain(`/api/Prediction/${name}`);
    expect(paths).toContain('/api/ops/predictions');
  });
});

it('pari-mutuel: the pool shared pro rata among the winners, floor per stake, the remainder below the number of winners; no winner: refund', () => {
  expect(pariMutuel([{ outcome: 0, amount: 1 }, { outcome: 0, amount: 1 }, { outcome: 0, amount: 1 }, { outcome: 1, amount: 1 }], 0)).toEqual({ payouts: [1, 1, 1, 0], remainder: 1 });
  expect(pariMutuel([{ outcome: 1, amount: 5 }, { outcome: 2, amount: 7 }], 0)).toEqual({ payouts: [5, 7], remainder: 0 });
  expect(pariMutuel([{ outcome: 0, amount: 3 }, { outcome: 1, amount: 1_000_000 }], 0)).toEqual({ payouts: [1_000_003, 0], remainder: 0 });
});

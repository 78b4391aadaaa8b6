import { PointsHistoryPageSchema, PointsInfoSchema } from '@sports/shared/server';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { issueSession } from '../accounts/sessions/sessions';
import { createRoom, createUser, memberChatSignature, useChatSockets } from '../chat/testing/chatTestKit';
import { errors } from '../infra/http/errorCatalogue';
import { accountsTestOptions, createManualClock } from '../testing/accounts';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { balanceOf } from '../wallet/index';
import { expectLedgerClean } from '../wallet/testing/ledgerTestKit';
import { CHECKIN_POINTS } from './checkIn';
import { type PointsConfig, loadPointsConfig } from './pointsConfig';
import { pointsOf } from './pointsLedger';

/** Small caps: 3 paid chat messages (2 points each), 2 watch awards (10 points per 60 s watched, seen every 10 s). */
const POINTS: PointsConfig = { watchIntervalSeconds: 60, watchPoints: 10, watchAwardsPerDay: 2, watchTickSeconds: 10, chatPoints: 2, chatMessagesPerDay: 3 };

describeEachDatabase('points: check-in with a streak, watch and chat earnings, the member centre API', (target) => {
  const clock = createManualClock(new Date());
  const accounts = accountsTestOptions(clock);
  const ctx = useTestApp(target, { ...accounts, app: { ...accounts.app, points: POINTS, chat: { memberRate: { max: 100, windowMs: 1_000, blockMs: 10 } } } });
  const { connect } = useChatSockets(ctx);

  // The server process in another time zone than China's: days must still be China's.
  let savedTz: string | undefined;
  beforeAll(() => {
    savedTz = process.env.TZ;
    process.env.TZ = 'America/New_York';
  });
  afterAll(async () => {
    if (savedTz === undefined) delete process.env.TZ;
    else process.env.TZ = savedTz;
    await expectLedgerClean(ctx.db);
  });

  /** A member with a session valid for a year from the clock's now. */
  const member = async (nickname = '积分用户') => {
    const id = await createUser(ctx.db, nickname);
    const { token } = await issueSession(ctx.db, id, 365 * 86_400, clock());
    return { id, headers: { token } };
  };
  type Member = Awaited<ReturnType<typeof member>>;
  const call = async (method: 'GET' | 'POST', url: string, as?: Member) => {
    const response = await ctx.app.inject({ method, url, headers: as?.headers });
    return { status: response.statusCode, ...(response.json() as { code: number; msg: string; data: any; reason?: string }) };
  };
  const checkIn = (as: Member) => call('POST', '/api/Points/checkIn', as);
  const info = async (as: Member) => {
    const answer = await call('GET', '/api/Points/info', as);
    expect(answer.code).toBe(200);
    expect(Value.Check(PointsInfoSchema, answer.data)).toBe(true);
    return answer.data as import('@sports/shared/server').PointsInfo;
  };
  const coinsShown = async (id: number) => (await ctx.db.selectFrom('app_user').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance;

  it('checks in once a China day: a second check-in is refused with its reason and pays nothing', async () => {
    expect(new Date('2027-01-01T00:00:00Z').getTimezoneOffset()).toBe(300);
    clock.set(new Date('2027-01-10T02:00:00Z'));
    const me = await member();
    const before = await info(me);
    expect(before).toMatchObject({ balance: 0, day: '2027-01-10', checked_in_today: false, streak: 0, checkin_points: 5, checkin_table: [...CHECKIN_POINTS], earned_today: 0 });
    expect(before.tasks.map((task) => [task.key, task.done, task.cap, task.points_each])).toEqual([
      ['watch', 0, 2, 10],
      ['chat', 0, 3, 2],
    ]);

    const first = await checkIn(me);
    expect(first).toMatchObject({ code: 200, data: { day: '2027-01-10', streak: 1, points: 5, balance: 5 } });
    const second = await checkIn(me);
    expect(second).toMatchObject({ code: 1, reason: errors.POINTS_ALREADY_CHECKED_IN.reason, msg: errors.POINTS_ALREADY_CHECKED_IN.message, data: null });
    expect(await info(me)).toMatchObject({ balance: 5, checked_in_today: true, streak: 1, checkin_points: 5, earned_today: 5 });
    // Points are not coins: the wallet balance every profile shows is untouched.
    expect(await coinsShown(me.id)).toBe(0);
    expect(await ctx.db.selectFrom('points_checkin').select('points').where('user_id', '=', me.id).execute()).toEqual([{ points: 5 }]);
  });

  it('counts the streak by China days, across China midnight while the server (New York) is still on the day before, and starts again after a missed day', async () => {
    const me = await member();
    // 23:30 in China on 01-20 (10:30 on 01-20 in New York).
    clock.set(new Date('2027-01-20T15:30:00Z'));
    expect((await checkIn(me)).data).toMatchObject({ day: '2027-01-20', streak: 1, points: 5 });
    // 00:00:30 in China on 01-21; New York is still on 01-20 (11:00:30): a new China day, streak 2.
    clock.set(new Date('2027-01-20T16:00:30Z'));
    expect((await info(me)).checked_in_today).toBe(false);
    expect((await info(me)).streak).toBe(1);
    expect((await checkIn(me)).data).toMatchObject({ day: '2027-01-21', streak: 2, points: 10 });
    // Days 3 to 9 in a row: the table rises to its cap on day 7 and stays there.
    const paid: number[] = [];
    for (let day = 22; day <= 28; day += 1) {
      clock.set(new Date(`2027-01-${day}T01:00:00Z`));
      paid.push((await checkIn(me)).data.points);
    }
    expect(paid).toEqual([15, 20, 25, 30, 40, 40, 40]);
    expect((await info(me)).streak).toBe(9);
    // 01-29 missed: on 01-30 the streak would start again, and does.
    clock.set(new Date('2027-01-30T01:00:00Z'));
    expect(await info(me)).toMatchObject({ streak: 0, checkin_points: 5, checked_in_today: false });
    expect((await checkIn(me)).data).toMatchObject({ streak: 1, points: 5, balance: 5 + 10 + 15 + 20 + 25 + 30 + 40 + 40 + 40 + 5 });
  });

  it('parallel check-ins of one member pay once', async () => {
    clock.set(new Date('2027-02-01T03:00:00Z'));
    const me = await member();
    const answers = await Promise.all(Array.from({ length: 8 }, () => checkIn(me)));
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.reason === errors.POINTS_ALREADY_CHECKED_IN.reason)).toHaveLength(7);
    expect(await balanceOf(ctx.db, pointsOf(me.id))).toBe(5);
    expect(await ctx.db.selectFrom('ledger_transfer_set').select('id').where('idempotency_key', '=', `points:checkin:${me.id}:2027-02-01`).execute()).toHaveLength(1);
    await expectLedgerClean(ctx.db);
  });

  it('pays chat messages up to the day cap, again the next China day, once per message even when retried', async () => {
    clock.set(new Date('2027-02-02T03:00:00Z'));
    const me = await member();
    const earned: boolean[] = [];
    for (let message = 0; message < 5; message += 1) earned.push(await ctx.app.points.earnings.chatMessage(me.id, clock()));
    expect(earned).toEqual([true, true, true, false, false]);
    expect(await balanceOf(ctx.db, pointsOf(me.id))).toBe(3 * POINTS.chatPoints);
    expect((await info(me)).tasks.find((task) => task.key === 'chat')).toMatchObject({ done: 3, cap: 3, earned: 6 });
    // In parallel at the cap's edge on a new day: still 3.
    clock.set(new Date('2027-02-02T16:00:01Z'));
    const parallel = await Promise.all(Array.from({ length: 6 }, () => ctx.app.points.earnings.chatMessage(me.id, clock())));
    expect(parallel.filter(Boolean)).toHaveLength(3);
    expect(await balanceOf(ctx.db, pointsOf(me.id))).toBe(6 * POINTS.chatPoints);
    expect(await ctx.app.points.earnings.chatMessage(987_654_321, clock())).toBe(false);
  });

  it('pays watching by the real time between server sightings: at most one award per interval, whatever the ticks, capped per day', async () => {
    clock.set(new Date('2027-02-03T03:00:00Z'));
    const me = await member();
    const tick = () => ctx.app.points.earnings.watchTick([me.id, me.id], clock());
    // The first sighting starts the count; a flood of sightings at one instant adds nothing.
    expect(await tick()).toEqual([]);
    for (let again = 0; again < 20; again += 1) expect(await tick()).toEqual([]);
    // Five ticks of 10 s: 50 s, no award; a second node seeing the member in between adds no time.
    for (let step = 0; step < 5; step += 1) {
      clock.advance(10_000);
      expect(await tick()).toEqual([]);
      clock.advance(0);
      expect(await tick()).toEqual([]);
    }
    clock.advance(9_600);
    expect(await tick()).toEqual([]);
    // 59.6 s counted as 59 (whole seconds, the rest carried): the 60th second pays.
    clock.advance(500);
    expect(await tick()).toEqual([me.id]);
    expect(await balanceOf(ctx.db, pointsOf(me.id))).toBe(POINTS.watchPoints);
    // Away for more than two ticks: the gap counts nothing.
    clock.advance(5 * 60_000);
    expect(await tick()).toEqual([]);
    expect((await info(me)).tasks.find((task) => task.key === 'watch')).toMatchObject({ done: 1, cap: 2, interval_seconds: 60, watched_seconds: 60 });
    // Two more minutes: one more award, then the cap (2 a day).
    for (let step = 0; step < 12; step += 1) {
      clock.advance(10_000);
      await tick();
    }
    expect(await balanceOf(ctx.db, pointsOf(me.id))).toBe(2 * POINTS.watchPoints);
    expect((await info(me)).tasks.find((task) => task.key === 'watch')).toMatchObject({ done: 2, cap: 2, earned: 20 });
    expect(await ctx.db.selectFrom('ledger_transfer_set').select('idempotency_key').where('idempotency_key', 'like', `points:watch:${me.id}:%`).orderBy('id').execute()).toEqual([
      { idempotency_key: `points:watch:${me.id}:2027-02-03:1` },
      { idempotency_key: `points:watch:${me.id}:2027-02-03:2` },
    ]);
  });

  it('a member in an open room earns from the chat socket: watch time from the room presence, points per message', async () => {
    clock.set(new Date());
    const room = await createRoom(ctx.db, '积分主播');
    await ctx.db.updateTable('live_room').set({ is_open: true }).where('id', '=', room.roomId).execute();
    const closed = await createRoom(ctx.db, '没开播');
    const userId = await createUser(ctx.db, '看球聊天');
    const elsewhere = await createUser(ctx.db, '在关着的房间');
    const join = async (id: number, groupId: string) => {
      const client = await connect();
      const { userSig, id: chatId } = await memberChatSignature(ctx, id);
      expect((await client.login(chatId, userSig)).ok).toBe(true);
      await client.join(groupId);
      return client;
    };
    const client = await join(userId, room.groupId);
    await join(elsewhere, closed.groupId);
    // The anchor in their own room is on air, not watching.
    await join(room.ownerId, room.groupId);
    for (let step = 0; step <= 6; step += 1) {
      await ctx.app.points.watchTimer.tick();
      clock.advance(10_000);
    }
    expect(await balanceOf(ctx.db, pointsOf(userId))).toBe(POINTS.watchPoints);
    expect(await balanceOf(ctx.db, pointsOf(elsewhere))).toBe(0);
    expect(await balanceOf(ctx.db, pointsOf(room.ownerId))).toBe(0);
    expect((await client.say(room.groupId, '好球')).type).toBe('ack');
    await expect.poll(() => balanceOf(ctx.db, pointsOf(userId))).toBe(POINTS.watchPoints + POINTS.chatPoints);
  });

  it('lists the history newest first by keyset, each line with its kind, signed amount and China time', async () => {
    const me = await member();
    clock.set(new Date('2027-03-01T15:59:00Z'));
    await checkIn(me);
    await ctx.app.points.earnings.chatMessage(me.id, clock());
    await ctx.app.points.earnings.chatMessage(me.id, clock());
    const first = await call('GET', '/api/Points/history?page_size=2', me);
    expect(first.code).toBe(200);
    expect(Value.Check(PointsHistoryPageSchema, first.data)).toBe(true);
    expect(first.data.list.map((line: { kind: string; amount: number }) => [line.kind, line.amount])).toEqual([
      ['points_chat', 2],
      ['points_chat', 2],
    ]);
    expect(first.data.next_cursor).not.toBeNull();
    const second = await call('GET', `/api/Points/history?page_size=2&cursor=${first.data.next_cursor}`, me);
    expect(second.data.list).toEqual([expect.objectContaining({ kind: 'points_checkin', amount: 5 })]);
    expect(second.data.next_cursor).toBeNull();
    // The ledger's own time, shown as China time: 'YYYY-MM-DD HH:mm' of created_at + 8 h.
    const line = second.data.list[0] as { created_at: string; time_text: string };
    const china = new Date(new Date(line.created_at).getTime() + 8 * 3_600_000).toISOString();
    expect(line.time_text).toBe(`${china.slice(0, 10)} ${china.slice(11, 16)}`);

    // Someone else's history is never shown; a member with none gets an empty page.
    expect((await call('GET', '/api/Points/history', await member())).data).toEqual({ list: [], next_cursor: null });
    // Bad input: a clear validation refusal, nothing read.
    for (const query of ['page_size=0', 'page_size=51', 'cursor=-1', 'cursor=abc', 'page_size=1.5']) {
      expect((await call('GET', `/api/Points/history?${query}`, me)).code, query).not.toBe(200);
    }
  });

  it('the three calls are documented in /api/docs', async () => {
    const document = (await ctx.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { summary?: string }>> };
    expect(document.paths['/api/Points/info']?.get?.summary).toContain('我的积分');
    expect(document.paths['/api/Points/checkIn']?.post?.summary).toContain('POINTS_ALREADY_CHECKED_IN');
    expect(document.paths['/api/Points/history']?.get?.summary).toContain('keyset');
  });

  it('asks visitors to log in', async () => {
    for (const [method, url] of [['GET', '/api/Points/info'], ['POST', '/api/Points/checkIn'], ['GET', '/api/Points/history']] as const) {
      expect((await call(method, url)).code, url).toBe(700);
    }
  });
});

it('reads the POINTS_* variables and names every bad one', () => {
  const problems: string[] = [];
  const config = loadPointsConfig(
    (name) => ({ POINTS_WATCH_INTERVAL_SECONDS: '30', POINTS_WATCH_TICK_SECONDS: '45', POINTS_CHAT_POINTS: 'lots', POINTS_WATCH_AWARDS_PER_DAY: '-1' })[name],
    problems,
  );
  expect(config.watchIntervalSeconds).toBe(30);
  expect(problems).toEqual([
    expect.stringContaining('POINTS_WATCH_AWARDS_PER_DAY'),
    expect.stringContaining('POINTS_CHAT_POINTS'),
    expect.stringContaining('POINTS_WATCH_TICK_SECONDS (45) must be at most POINTS_WATCH_INTERVAL_SECONDS (30)'),
  ]);
});

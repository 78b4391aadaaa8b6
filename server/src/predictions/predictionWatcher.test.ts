import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { createMatch, createUser, type TestUser } from '../live/testing/roomsTestKit';
import { POINTS_ISSUED, pointsOf } from '../points/pointsLedger';
import { scratchReleases } from '../rollouts/testing/releaseFixtures';
import { DEFAULT_HALT_POLICY } from '../rollouts/releaseHealth';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { balanceOf, transferNow } from '../wallet/index';
import { expectLedgerClean } from '../wallet/testing/ledgerTestKit';

describeEachDatabase('predictions: settled by the feed\'s full-time event, the poll only a safety net (predictionWatcher.ts)', (target) => {
  // No poll at all (watchTickMs 0): whatever settles here, the event settled.
  const ctx = useTestApp(target, { app: { releases: scratchReleases(DEFAULT_HALT_POLICY), predictions: { watchTickMs: 0, abandonAfterHours: 12, tallyIntervalMs: 500 } } });
  afterAll(async () => {
    await expectLedgerClean(ctx.db);
  });

  let grants = 0;
  const member = async (points: number) => {
    const user = await createUser(ctx.db);
    await transferNow(ctx.db, { idempotencyKey: `watch-points:${process.pid}:${++grants}:${Date.now()}`, kind: 'test_points', reference: 'test', legs: [{ from: POINTS_ISSUED, to: pointsOf(user.id), amount: points }] });
    return user;
  };
  const call = async (method: 'GET' | 'POST', url: string, as?: TestUser, body?: unknown, key?: string) => {
    const headers: Record<string, string> = { ...(as?.headers ?? {}) };
    if (key !== undefined) headers['idempotency-key'] = key;
    const response = await ctx.app.inject({ method, url, headers, payload: body as never });
    return response.json() as { code: number; msg: string; data: any };
  };
  let keys = 0;
  const stake = async (as: TestUser, id: number, outcome: number, amount: number) => expect((await call('POST', '/api/Prediction/stake', as, { id, outcome, amount }, `w${++keys}`)).code).toBe(200);
  const predictionOnMatch = async () => {
    const anchor = await createUser(ctx.db, { anchor: true });
    const matchId = Number(await createMatch(ctx.db, new Date(Date.now() + 3_600_000)));
    const room = await ctx.db.insertInto('live_room').values({ owner_id: anchor.id, title: '终场即结算', match_id: matchId }).returning('id').executeTakeFirstOrThrow();
    const created = await call('POST', '/api/Prediction/create', anchor, { room_id: Number(room.id), template: 'football_1x2' });
    expect(created.code, created.msg).toBe(200);
    return { matchId, predictionId: created.data.id as number };
  };
  /** What the feed's store commits at full time. */
  const finishInDatabase = (matchId: number, home: number, away: number) =>
    sql`update match set status = 'finished', home_score = ${home}, away_score = ${away}, finished_at = now() where id = ${matchId}`.execute(ctx.db);
  const points = (user: TestUser) => balanceOf(ctx.db, pointsOf(user.id));
  const stateOf = async (id: number) => (await call('GET', `/api/Prediction/info?id=${id}`)).data.state as string;

  it('the feed\'s full-time event (app.matchResults) settles the match\'s predictions at once, with no poll', async () => {
    const { matchId, predictionId } = await predictionOnMatch();
    const home = await member(100);
    const away = await member(100);
    await stake(home, predictionId, 0, 20);
    await stake(away, predictionId, 2, 30);
    await finishInDatabase(matchId, 3, 1);
    ctx.app.matchResults.finished([{ matchId, homeScore: 3, awayScore: 1 }]);
    const deadline = Date.now() + 5_000;
    while ((await stateOf(predictionId)) !== 'settled') {
      if (Date.now() > deadline) throw new Error('not settled 5 s after the full-time event');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    // 主胜 takes the whole pool of 50.
    expect(await points(home)).toBe(100 - 20 + 50);
    expect(await points(away)).toBe(100 - 30);
  });

  it('the event twice and the safety poll at once (a repeated event, two nodes): paid exactly once', async () => {
    const { matchId, predictionId } = await predictionOnMatch();
    const [a, b, c] = [await member(100), await member(100), await member(100)];
    await stake(a, predictionId, 1, 7);
    await stake(b, predictionId, 1, 10);
    await stake(c, predictionId, 0, 13);
    await finishInDatabase(matchId, 1, 1);
    const issuedBefore = await balanceOf(ctx.db, POINTS_ISSUED);
    const event = [{ matchId, homeScore: 1, awayScore: 1 }];
    const watcher = ctx.app.predictions.watcher;
    await Promise.all([watcher.matchFinished(event), watcher.matchFinished(event), watcher.tick()]);
    await watcher.matchFinished(event);
    expect(await stateOf(predictionId)).toBe('settled');
    // 平 wins the pool of 30: floor(30 × 7 / 17) = 12, floor(30 × 10 / 17) = 17, 1 to the platform.
    expect(await points(a)).toBe(100 - 7 + 12);
    expect(await points(b)).toBe(100 - 10 + 17);
    expect(await points(c)).toBe(100 - 13);
    expect((await balanceOf(ctx.db, POINTS_ISSUED)) - issuedBefore).toBe(1);
    const sets = await sql<{ n: string }>`select count(*) as n from ledger_transfer_set where idempotency_key = ${`prediction:settle:${predictionId}`}`.execute(ctx.db);
    expect(Number(sets.rows[0]?.n)).toBe(1);
  });

  it('an event for another match settles nothing here; the safety poll still settles a finished match no event announced (a node restarted between commit and event)', async () => {
    const { matchId, predictionId } = await predictionOnMatch();
    const backer = await member(50);
    await stake(backer, predictionId, 2, 50);
    await finishInDatabase(matchId, 0, 2);
    await ctx.app.predictions.watcher.matchFinished([{ matchId: matchId + 1_000_000, homeScore: 0, awayScore: 2 }]);
    expect(await stateOf(predictionId)).toBe('open');
    await ctx.app.predictions.watcher.tick();
    expect(await stateOf(predictionId)).toBe('settled');
    expect(await points(backer)).toBe(50);
  });
});

import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../infra/db/database';
import type { Database } from '../../infra/db/schema';
import { errors } from '../../infra/http/errorCatalogue';
import { createUser } from '../../live/testing/roomsTestKit';
import { type TestDatabase, createTestDatabase } from '../../testing/testDatabase';
import { describeEachDatabase } from '../../testing/testApp';
import { balanceOf, transferFingerprint } from '../ledger';
import { expectLedgerClean, fundMember } from '../testing/ledgerTestKit';
import { type GiftBatchOptions, type GiftSendRequest, applyGiftBatch } from './giftBatch';
import { GiftBatcher } from './giftBatcher';

const OPTIONS: GiftBatchOptions = { anchorSharePercent: 50, hotShards: 4 };
const NOW = new Date('2026-11-25T04:00:00Z');
let keyCounter = 0;
const freshKey = () => `batch-${process.pid}-${++keyCounter}`;

describeEachDatabase('wallet: gift batches (one statement per batch, natural batching)', (target) => {
  let testDatabase: TestDatabase;
  /** A wider pool than the test database's own, so two batches really run at once. */
  let wide: DatabaseHandle;
  let db: Kysely<Database>;
  const priced = new Map<number, number>();

  beforeAll(async () => {
    testDatabase = await createTestDatabase(target.adminUrl as string, { template: target.migratedTemplate });
    wide = createDatabase({ connectionString: testDatabase.url, max: 8 });
    db = wide.db;
    for (const gift of await db.selectFrom('gift').select(['id', 'price']).execute()) priced.set(gift.price, gift.id);
  });
  afterAll(async () => {
    if (db !== undefined) await expectLedgerClean(db);
    await wide?.close();
    await testDatabase?.drop();
  });

  const giftPriced = (price: number) => priced.get(price) as number;
  const newRoom = async () => {
    const anchor = await createUser(db, { anchor: true });
    const room = await db.insertInto('live_room').values({ owner_id: anchor.id, title: '批量直播间' }).returning('id').executeTakeFirstOrThrow();
    return { anchorId: anchor.id, roomId: room.id };
  };
  const member = async (coins: number) => {
    const user = await createUser(db);
    if (coins > 0) await fundMember(db, user.id, coins);
    return user.id;
  };
  const userRow = (id: number) => db.selectFrom('app_user').select(['balance', 'exp']).where('id', '=', id).executeTakeFirstOrThrow();
  const count = async (table: 'gift_send' | 'wallet_order' | 'ledger_transfer_set' | 'ledger_transfer') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  it('applies a batch mixing successes, an insufficient balance, a duplicate key, a reused key and bad rooms and gifts, each send on its own', async () => {
    const { anchorId, roomId } = await newRoom();
    const rich = await member(1_000);
    const poor = await member(15);
    const ten = giftPriced(10);
    const keys = { a: freshKey(), b: freshKey(), c: freshKey(), d: freshKey() };
    const sends: GiftSendRequest[] = [
      { senderId: rich, roomId, giftId: ten, count: 3, idempotencyKey: keys.a }, // 30: sent
      { senderId: poor, roomId, giftId: ten, count: 1, idempotencyKey: keys.b }, // 10: sent (5 left)
      { senderId: poor, roomId, giftId: ten, count: 1, idempotencyKey: keys.c }, // 10 of 5: insufficient, this send only
      { senderId: rich, roomId, giftId: ten, count: 3, idempotencyKey: keys.a }, // the same key, same send: the first's record
      { senderId: rich, roomId, giftId: ten, count: 2, idempotencyKey: keys.a }, // the same key, another count: reused
      { senderId: rich, roomId: 999_999_999, giftId: ten, count: 1, idempotencyKey: freshKey() },
      { senderId: anchorId, roomId, giftId: ten, count: 1, idempotencyKey: freshKey() },
      { senderId: rich, roomId, giftId: 999_999, count: 1, idempotencyKey: freshKey() },
      { senderId: rich, roomId, giftId: giftPriced(1), count: 3, idempotencyKey: keys.d }, // 3 coins: anchor 1, platform 2
    ];
    const platformBefore = await balanceOf(db, { kind: 'platform_revenue' });
    const rows = await applyGiftBatch(db, sends, OPTIONS, NOW);
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'insufficient', 'replayed', 'reused', 'room_not_found', 'own_room', 'gift_not_found', 'sent']);
    expect(rows[0]).toMatchObject({ coins: 30, balance: 970, count: 3, giftId: ten, roomId, anchorId, createdAt: NOW, gift: { name: '足球', tier: 1, combo: true } });
    expect(rows[1]).toMatchObject({ coins: 10, balance: 5 });
    expect(rows[3]).toMatchObject({ recordId: rows[0]?.recordId, coins: 30, balance: 970, anchorId: null, gift: null });
    expect(rows[8]).toMatchObject({ coins: 3, balance: 967 });

    expect(await userRow(rich)).toEqual({ balance: 967, exp: 33 });
    expect(await userRow(poor)).toEqual({ balance: 5, exp: 10 });
    expect(await balanceOf(db, { kind: 'member_coins', owner: poor })).toBe(5);
    expect(await balanceOf(db, { kind: 'anchor_earnings', owner: anchorId })).toBe(15 + 5 + 1);
    expect((await balanceOf(db, { kind: 'platform_revenue' })) - platformBefore).toBe(15 + 5 + 2);

    // Applied in the order (sender's coin account, position): rich's account is the older.
    const gifts = await db.selectFrom('gift_send').selectAll().where('sender_id', 'in', [rich, poor]).orderBy('id').execute();
    expect(gifts.map((row) => [row.sender_id, row.idempotency_key, Number(row.coins), Number(row.anchor_coins), Number(row.platform_coins)])).toEqual([
      [rich, keys.a, 30, 15, 15],
      [rich, keys.d, 3, 1, 2],
      [poor, keys.b, 10, 5, 5],
    ]);
    const orders = await db.selectFrom('wallet_order').select(['user_id', 'type', 'state', 'coins', 'subject', 'idempotency_key', 'transfer_set_id']).where('user_id', 'in', [rich, poor]).where('type', '=', 'gift').execute();
    expect(orders).toHaveLength(3);
    expect(orders.find((order) => order.idempotency_key === keys.a)).toMatchObject({ state: 'paid', coins: -30, subject: '足球 x3' });

    // The set's fingerprint is ledger.ts's, so any code path comparing fingerprints agrees with the batch.
    const set = await db.selectFrom('ledger_transfer_set').selectAll().where('idempotency_key', '=', `gift:${rich}:${keys.d}`).executeTakeFirstOrThrow();
    expect(set.fingerprint).toBe(
      transferFingerprint({
        kind: 'gift',
        reference: `room:${roomId}:gift:${giftPriced(1)}:x3`,
        legs: [
          { from: { kind: 'member_coins', owner: rich }, to: { kind: 'anchor_earnings', owner: anchorId }, amount: 1 },
          { from: { kind: 'member_coins', owner: rich }, to: { kind: 'platform_revenue' }, amount: 2 },
        ],
      }),
    );
    await expectLedgerClean(db);
  });

  it('fan medals: the batch sums each pair\'s coins once (migration 0039): the same intimacy as send by send, refusals and replays adding nothing', async () => {
    const { anchorId, roomId } = await newRoom();
    const other = await newRoom();
    const fan = await member(1_000);
    const poor = await member(2);
    const at = new Date(NOW.getTime() - 60_000);
    // An earlier medal with 8 coins counted: the remainder carries over (8 + 12 = 20: +2).
    await db.insertInto('fan_medal').values({ member_id: fan, anchor_id: anchorId, intimacy: 3, gift_coins: 8, last_interaction_at: at, created_at: at }).execute();
    const one = giftPriced(1);
    const repeated = freshKey();
    const rows = await applyGiftBatch(db, [
      { senderId: fan, roomId, giftId: one, count: 5, idempotencyKey: repeated },
      { senderId: fan, roomId, giftId: one, count: 5, idempotencyKey: repeated }, // replayed: not counted
      { senderId: fan, roomId, giftId: one, count: 3, idempotencyKey: freshKey() },
      { senderId: fan, roomId, giftId: one, count: 4, idempotencyKey: freshKey() },
      { senderId: fan, roomId: other.roomId, giftId: one, count: 9, idempotencyKey: freshKey() }, // another anchor: 9 coins, 0 intimacy, a new medal
      { senderId: poor, roomId, giftId: giftPriced(10), count: 1, idempotencyKey: freshKey() }, // insufficient: no medal
    ], OPTIONS, NOW);
    expect(rows.map((row) => row.status)).toEqual(['sent', 'replayed', 'sent', 'sent', 'sent', 'insufficient']);
    const medal = (memberId: number, anchor: number) => db.selectFrom('fan_medal').select(['intimacy', 'gift_coins', 'last_interaction_at', 'created_at']).where('member_id', '=', memberId).where('anchor_id', '=', anchor).executeTakeFirst();
    expect(await medal(fan, anchorId)).toEqual({ intimacy: 5, gift_coins: 20, last_interaction_at: NOW, created_at: at });
    expect(await medal(fan, other.anchorId)).toEqual({ intimacy: 0, gift_coins: 9, last_interaction_at: NOW, created_at: NOW });
    expect(await medal(poor, anchorId)).toBeUndefined();
    // A key of this batch sent again in a later one: nothing more.
    await applyGiftBatch(db, [{ senderId: fan, roomId, giftId: one, count: 5, idempotencyKey: repeated }], OPTIONS, NOW);
    expect((await medal(fan, anchorId))?.gift_coins).toBe(20);
  });

  it('answers a key of an earlier batch with its first record, refuses it with other parameters, applies nothing again', async () => {
    const { roomId } = await newRoom();
    const sender = await member(100);
    const key = freshKey();
    const send = { senderId: sender, roomId, giftId: giftPriced(5), count: 2, idempotencyKey: key };
    const [first] = await applyGiftBatch(db, [send], OPTIONS, NOW);
    expect(first).toMatchObject({ status: 'sent', coins: 10, balance: 90 });
    const later = new Date(NOW.getTime() + 60_000);
    const rows = await applyGiftBatch(db, [send, { ...send, roomId: (await newRoom()).roomId }, { ...send, giftId: giftPriced(10) }], OPTIONS, later);
    expect(rows.map((row) => row.status)).toEqual(['replayed', 'reused', 'reused']);
    expect(rows[0]).toMatchObject({ recordId: first?.recordId, coins: 10, balance: 90, createdAt: NOW });
    expect(await userRow(sender)).toEqual({ balance: 90, exp: 10 });
    expect(await db.selectFrom('gift_send').select('id').where('sender_id', '=', sender).execute()).toHaveLength(1);
  });

  it('applies nothing of a batch whose statement fails; the batcher refuses all its callers with SERVER_BUSY and goes on', async () => {
    const { anchorId, roomId } = await newRoom();
    const sender = await member(10_000);
    const before = { user: await userRow(sender), earnings: await balanceOf(db, { kind: 'anchor_earnings', owner: anchorId }), rows: await count('gift_send'), orders: await count('wallet_order'), sets: await count('ledger_transfer_set'), transfers: await count('ledger_transfer') };
    const good = { senderId: sender, roomId, giftId: giftPriced(10), count: 1 };
    // A statement that fails half-way through a batch: the database refuses an order over 999 coins for the test's time.
    const broken = { ...good, giftId: giftPriced(1000), count: 1 };
    await db.schema.alterTable('wallet_order').addCheckConstraint('test_gift_batch_fault', sql`coins > -1000`).execute();
    await expect(applyGiftBatch(db, [{ ...good, idempotencyKey: freshKey() }, { ...broken, idempotencyKey: freshKey() }], OPTIONS, NOW)).rejects.toThrow(/test_gift_batch_fault/);

    const failures: number[] = [];
    const batcher = new GiftBatcher({ db, clock: () => NOW, ...OPTIONS, maxInFlight: 1, onBatchError: (_error, sends) => failures.push(sends) });
    // The first goes at once, alone; the next three arrive while it is in flight and go together.
    batcher.send({ ...good, idempotencyKey: freshKey() }).catch(() => undefined);
    const together = [batcher.send({ ...good, idempotencyKey: freshKey() }), batcher.send({ ...broken, idempotencyKey: freshKey() }), batcher.send({ ...good, idempotencyKey: freshKey() })];
    const outcomes = await Promise.allSettled(together);
    await batcher.drain();
    await db.schema.alterTable('wallet_order').dropConstraint('test_gift_batch_fault').execute();
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const outcome of outcomes) expect((outcome as PromiseRejectedResult).reason).toMatchObject({ reason: errors.SERVER_BUSY.reason, message: errors.SERVER_BUSY.message });
    expect(failures).toEqual([3]);
    expect(await userRow(sender)).toEqual({ balance: before.user.balance - 10, exp: before.user.exp + 10 });
    expect(await balanceOf(db, { kind: 'anchor_earnings', owner: anchorId })).toBe(before.earnings + 5);
    expect([await count('gift_send'), await count('wallet_order'), await count('ledger_transfer_set'), await count('ledger_transfer')]).toEqual([before.rows + 1, before.orders + 1, before.sets + 1, before.transfers + 2]);

    // The batcher goes on after a failed batch.
    expect(await batcher.send({ ...good, idempotencyKey: freshKey() })).toMatchObject({ status: 'sent', balance: before.user.balance - 20 });
    // What the database would refuse never joins a batch (it would fail the others with it).
    expect(() => batcher.send({ ...good, idempotencyKey: 'k'.repeat(200) })).toThrow(/1-200 characters/);
    expect(() => batcher.send({ ...good, count: 1_000, idempotencyKey: freshKey() })).toThrow(/count must be 1-999/);
    expect(() => batcher.send({ ...good, roomId: 0, idempotencyKey: freshKey() })).toThrow(/bad id/);
    await expectLedgerClean(db);
  });

  it('parallel sends from one member whose balance covers only some: exactly as far as the balance goes, in few batches', async () => {
    const { anchorId, roomId } = await newRoom();
    const sender = await member(75);
    const batcher = new GiftBatcher({ db, clock: () => NOW, ...OPTIONS, maxInFlight: 2 });
    const rows = await Promise.all(Array.from({ length: 30 }, () => batcher.send({ senderId: sender, roomId, giftId: giftPriced(10), count: 1, idempotencyKey: freshKey() })));
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(7);
    expect(rows.filter((row) => row.status === 'insufficient')).toHaveLength(23);
    expect(rows.filter((row) => row.status === 'sent').map((row) => row.balance).sort((a, b) => (b as number) - (a as number))).toEqual([65, 55, 45, 35, 25, 15, 5]);
    expect(await userRow(sender)).toEqual({ balance: 5, exp: 70 });
    expect(await balanceOf(db, { kind: 'anchor_earnings', owner: anchorId })).toBe(35);
    const stats = batcher.stats();
    expect(stats.sends).toBe(30);
    expect(stats.batches).toBeLessThan(30);
    expect(stats.largestBatch).toBeGreaterThan(1);
    await expectLedgerClean(db);
  });

  it('runs a batch again when PostgreSQL aborts it as a deadlock victim, and applies it once', async () => {
    const { roomId } = await newRoom();
    const [first, second, blocker] = [await member(100), await member(100), await member(100)];
    const batchErrors: unknown[] = [];
    const batcher = new GiftBatcher({ db, clock: () => NOW, ...OPTIONS, maxInFlight: 1, onBatchError: (error) => batchErrors.push(error) });
    const send = (senderId: number) => batcher.send({ senderId, roomId, giftId: giftPriced(10), count: 1, idempotencyKey: freshKey() });
    // This database's batches only: on a shared PostgreSQL, other test files' batches wait too.
    const waitingBatches = async () =>
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query like '%wallet_gift_send_batch%'`.execute(db)
        ).rows[0]?.n,
      );
    // Another transaction holds the second member's app_user row, then asks for the first's: the
    // batch holds the first's (members' rows by id) and waits for the second's. PostgreSQL aborts
    // the waiter whose deadlock check (after deadlock_timeout) runs first; the batch waited first,
    // but on a loaded machine its check can run late, so this transaction checks only after 30 s:
    // the batch is always the victim.
    let sends: Promise<unknown>[] = [];
    await db.transaction().execute(async (trx) => {
      await sql`set local deadlock_timeout = '30s'`.execute(trx);
      await trx.updateTable('app_user').set({ exp: sql`exp + 1` }).where('id', '=', second).execute();
      sends = [send(blocker), send(first), send(second)];
      for (let tries = 0; (await waitingBatches()) === 0; tries += 1) {
        if (tries > 200) throw new Error('the batch never waited for the row');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await trx.updateTable('app_user').set({ exp: sql`exp + 1` }).where('id', '=', first).execute();
    });
    const rows = (await Promise.allSettled(sends)).map((result) => (result.status === 'fulfilled' ? result.value : result.reason)) as Array<{ status: string; balance: number }>;
    expect(batchErrors.map(String)).toEqual([]);
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    // At least one retry: on a loaded machine the rerun can meet this transaction's locks again
    // before it commits (each attempt is a whole batch; 4 are allowed, paused 20, 40, 80 ms).
    expect(batcher.stats()).toMatchObject({ batches: 2 });
    expect(batcher.stats().retries).toBeGreaterThanOrEqual(1);
    expect(await userRow(first)).toEqual({ balance: 90, exp: 11 });
    expect(await userRow(second)).toEqual({ balance: 90, exp: 11 });
    expect(await db.selectFrom('gift_send').select('id').where('sender_id', 'in', [first, second]).execute()).toHaveLength(2);
    await expectLedgerClean(db);
  });

  it('two batches at once (two server nodes) with one key: applied once, the other answers its record', async () => {
    const { roomId } = await newRoom();
    const sender = await member(100);
    const other = await member(100);
    const key = freshKey();
    const send = { senderId: sender, roomId, giftId: giftPriced(10), count: 2, idempotencyKey: key };
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, index) => applyGiftBatch(db, [{ senderId: other, roomId, giftId: giftPriced(1), count: 1, idempotencyKey: `${key}-${index}` }, send], OPTIONS, NOW)),
    );
    const statuses = results.map((rows) => rows[1]?.status).sort();
    expect(statuses).toEqual(['replayed', 'replayed', 'replayed', 'sent']);
    expect(new Set(results.map((rows) => rows[1]?.recordId)).size).toBe(1);
    expect(results.every((rows) => rows[0]?.status === 'sent')).toBe(true);
    expect(await userRow(sender)).toEqual({ balance: 80, exp: 20 });
    expect(await userRow(other)).toEqual({ balance: 96, exp: 4 });
    await expectLedgerClean(db);
  });
});

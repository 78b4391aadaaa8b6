import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { createUser } from '../live/testing/roomsTestKit';
import { describeEachDatabase } from '../testing/testApp';
import { type AccountRef, type TransferSetInput, balanceOf, transfer, transferEscrowToMember, transferEscrowToMembers, transferNow } from './ledger';
import { expectLedgerClean, fundMember, useWideLedgerDatabase } from './testing/ledgerTestKit';

const PLATFORM: AccountRef = { kind: 'platform_revenue' };
const coinsOf = (owner: number): AccountRef => ({ kind: 'member_coins', owner });
const earningsOf = (owner: number): AccountRef => ({ kind: 'anchor_earnings', owner });
let keyCounter = 0;
const freshKey = (prefix = 'k') => `${prefix}:${process.pid}:${++keyCounter}`;

/** A gift-shaped set: coins out of the sender, 60 % to the anchor, the rest to the platform. */
function gift(sender: number, anchor: number, amount: number, key = freshKey('gift')): TransferSetInput {
  const share = Math.floor((amount * 60) / 100);
  return { idempotencyKey: key, kind: 'gift', reference: key, legs: [{ from: coinsOf(sender), to: earningsOf(anchor), amount: share }, { from: coinsOf(sender), to: PLATFORM, amount: amount - share }] };
}

async function refusalOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { reason?: string; message: string }).reason ?? (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describeEachDatabase('wallet ledger: transfers, idempotency, database rules, concurrency', (target) => {
  // A wide pool: concurrent transfers (the batches of two "nodes", a held transaction) really run at once.
  const database = useWideLedgerDatabase(target);
  let db: Kysely<Database>;
  beforeAll(() => {
    db = database.db();
  });

  it('moves coins in one set, keeps app_user.balance equal to the coin account, replays a key once', async () => {
    const sender = await createUser(db);
    const anchor = await createUser(db, { anchor: true });
    await fundMember(db, sender.id, 1_000);
    const input = gift(sender.id, anchor.id, 100);
    const first = await transferNow(db, input);
    expect(first.replayed).toBe(false);
    expect(await balanceOf(db, coinsOf(sender.id))).toBe(900);
    expect(await balanceOf(db, earningsOf(anchor.id))).toBe(60);
    expect((await db.selectFrom('app_user').select('balance').where('id', '=', sender.id).executeTakeFirstOrThrow()).balance).toBe(900);

    const again = await transferNow(db, input);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await balanceOf(db, coinsOf(sender.id))).toBe(900);
    expect(await refusalOf(transferNow(db, { ...gift(sender.id, anchor.id, 200), idempotencyKey: input.idempotencyKey }))).toBe(errors.WALLET_IDEMPOTENCY_KEY_REUSED.reason);
    expect(await balanceOf(db, coinsOf(sender.id))).toBe(900);
    await expectLedgerClean(db);
  });

  it('refuses a debit beyond the balance and writes nothing', async () => {
    const sender = await createUser(db);
    const anchor = await createUser(db, { anchor: true });
    await fundMember(db, sender.id, 50);
    const input = gift(sender.id, anchor.id, 51);
    expect(await refusalOf(transferNow(db, input))).toBe(errors.WALLET_INSUFFICIENT_BALANCE.reason);
    expect(await db.selectFrom('ledger_transfer_set').select('id').where('idempotency_key', '=', input.idempotencyKey).execute()).toEqual([]);
    expect(await balanceOf(db, coinsOf(sender.id))).toBe(50);
    // A member who never had coins has no balance to spend either.
    const broke = await createUser(db);
    expect(await refusalOf(transferNow(db, gift(broke.id, anchor.id, 10)))).toBe(errors.WALLET_INSUFFICIENT_BALANCE.reason);
  });

  it('refuses malformed sets before the database sees them', async () => {
    const user = await createUser(db);
    for (const amount of [0, -5, 1.5, Number.MAX_SAFE_INTEGER + 2]) {
      expect(await refusalOf(transferNow(db, { idempotencyKey: freshKey(), kind: 'x', reference: 'x', legs: [{ from: PLATFORM, to: coinsOf(user.id), amount }] }))).toMatch(/amount/);
    }
    expect(await refusalOf(transferNow(db, { idempotencyKey: freshKey(), kind: 'x', reference: 'x', legs: [] }))).toMatch(/leg/);
    expect(await refusalOf(transferNow(db, { idempotencyKey: '', kind: 'x', reference: 'x', legs: [{ from: PLATFORM, to: coinsOf(user.id), amount: 1 }] }))).toMatch(/key/);
    expect(await refusalOf(transferNow(db, { idempotencyKey: freshKey(), kind: 'x', reference: 'x', legs: [{ from: coinsOf(user.id), to: coinsOf(user.id), amount: 1 }] }))).toMatch(/itself/);
  });

  it('the database itself refuses: changing a transfer, a negative member balance, a second set per key, an amount of 0', async () => {
    const user = await createUser(db);
    await fundMember(db, user.id, 10);
    const transferRow = await db.selectFrom('ledger_transfer').select(['id', 'set_id']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await expect(sql`update ledger_transfer set amount = amount + 1 where id = ${transferRow.id}`.execute(db)).rejects.toThrow(/immutable/);
    await expect(sql`delete from ledger_transfer where id = ${transferRow.id}`.execute(db)).rejects.toThrow(/immutable/);
    await expect(sql`update ledger_transfer_set set kind = 'other' where id = ${transferRow.set_id}`.execute(db)).rejects.toThrow(/immutable/);
    await expect(sql`truncate ledger_transfer_set cascade`.execute(db)).rejects.toThrow(/immutable/);
    const account = await db.selectFrom('ledger_account').select('id').where('kind', '=', 'member_coins').where('owner_id', '=', user.id).executeTakeFirstOrThrow();
    await expect(sql`update ledger_balance set balance = -1 where account_id = ${account.id}`.execute(db)).rejects.toThrow(/ledger_balance_not_negative/);
    await expect(sql`update app_user set balance = -1 where id = ${user.id}`.execute(db)).rejects.toThrow(/check/);
    const set = await db.selectFrom('ledger_transfer_set').selectAll().where('id', '=', transferRow.set_id).executeTakeFirstOrThrow();
    await expect(sql`insert into ledger_transfer_set (idempotency_key, kind, reference, fingerprint) values (${set.idempotency_key}, 'x', 'x', 'x')`.execute(db)).rejects.toThrow(/unique|duplicate/);
    await expect(
      sql`insert into ledger_transfer (set_id, debit_account_id, credit_account_id, amount, kind, reference) values (${set.id}, ${account.id}, ${account.id + 0}, 0, 'x', 'x')`.execute(db),
    ).rejects.toThrow(/check/);
  });

  it('parallel spends from one member succeed exactly as far as the balance goes, never below zero', async () => {
    const sender = await createUser(db);
    const anchor = await createUser(db, { anchor: true });
    await fundMember(db, sender.id, 75);
    const results = await Promise.allSettled(Array.from({ length: 24 }, () => transferNow(db, gift(sender.id, anchor.id, 10))));
    const succeeded = results.filter((result) => result.status === 'fulfilled').length;
    const refused = results.filter((result) => result.status === 'rejected').map((result) => (result as PromiseRejectedResult).reason.reason);
    expect(succeeded).toBe(7);
    expect(new Set(refused)).toEqual(new Set([errors.WALLET_INSUFFICIENT_BALANCE.reason]));
    expect(await balanceOf(db, coinsOf(sender.id))).toBe(5);
    expect(await balanceOf(db, earningsOf(anchor.id))).toBe(7 * 6);
    await expectLedgerClean(db);
  });

  it('the same key sent in parallel applies once', async () => {
    const sender = await createUser(db);
    const anchor = await createUser(db, { anchor: true });
    await fundMember(db, sender.id, 100);
    const input = gift(sender.id, anchor.id, 10);
    const results = await Promise.all(Array.from({ length: 8 }, () => transferNow(db, input)));
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(new Set(results.map((result) => result.setId)).size).toBe(1);
    expect(await balanceOf(db, coinsOf(sender.id))).toBe(90);
  });

  it('hot accounts: parallel gifts from many members to one anchor all land, spread over shards', async () => {
    const anchor = await createUser(db, { anchor: true });
    const senders = await Promise.all(Array.from({ length: 30 }, () => createUser(db)));
    await Promise.all(senders.map((sender) => fundMember(db, sender.id, 100)));
    const platformBefore = await balanceOf(db, PLATFORM);
    await Promise.all(senders.flatMap((sender) => [transferNow(db, gift(sender.id, anchor.id, 10)), transferNow(db, gift(sender.id, anchor.id, 20))]));
    expect(await balanceOf(db, earningsOf(anchor.id))).toBe(30 * (6 + 12));
    expect(await balanceOf(db, PLATFORM)).toBe(platformBefore + 30 * (4 + 8));
    const account = await db.selectFrom('ledger_account').select(['id', 'shards']).where('kind', '=', 'anchor_earnings').where('owner_id', '=', anchor.id).executeTakeFirstOrThrow();
    expect(account.shards).toBe(16);
    const shardRows = await db.selectFrom('ledger_balance').select('shard').where('account_id', '=', account.id).execute();
    expect(shardRows.length).toBeGreaterThan(1);
    await expectLedgerClean(db);
  });

  it('hot accounts: a credit takes a shard no open transaction holds, instead of waiting for one', async () => {
    const options = { hotShards: 4 };
    const anchor = await createUser(db, { anchor: true });
    const senders = await Promise.all(Array.from({ length: 4 }, () => createUser(db)));
    await Promise.all(senders.map((sender) => fundMember(db, sender.id, 100)));
    const toAnchor = (sender: number, amount: number): TransferSetInput => {
      const key = freshKey('hot');
      return { idempotencyKey: key, kind: 'gift', reference: key, legs: [{ from: coinsOf(sender), to: earningsOf(anchor.id), amount }] };
    };
    await transferNow(db, toAnchor(senders[0]?.id as number, 1), options); // creates the account with its 4 shard rows
    // Three transactions credit the anchor and stay open, each holding a shard row.
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const open: Promise<void>[] = [];
    for (const sender of senders.slice(0, 3)) {
      let holding = () => undefined as void;
      const isHolding = new Promise<void>((resolve) => {
        holding = resolve;
      });
      open.push(
        db.transaction().execute(async (trx) => {
          await transfer(trx, toAnchor(sender.id, 10), options);
          holding();
          await released;
        }),
      );
      await isHolding;
    }
    // Each further credit finds the fourth row free (a random pick would wait 3 times in 4).
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const waited = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3_000));
      outcomes.push(await Promise.race([transferNow(db, toAnchor(senders[3]?.id as number, 5), options).then(() => 'done' as const), waited]));
    }
    release();
    await Promise.all(open);
    expect(outcomes).toEqual(['done', 'done', 'done', 'done']);
    expect(await balanceOf(db, earningsOf(anchor.id))).toBe(1 + 30 + 20);
    expect(await db.selectFrom('ledger_balance').select('shard').where('account_id', '=', (eb) => eb.selectFrom('ledger_account').select('id').where('kind', '=', 'anchor_earnings').where('owner_id', '=', anchor.id)).execute()).toHaveLength(4);
    await expectLedgerClean(db);
  });

  it('debits a sharded account across its shards, and not beyond their sum', async () => {
    const anchor = await createUser(db, { anchor: true });
    const senders = await Promise.all(Array.from({ length: 10 }, () => createUser(db)));
    await Promise.all(senders.map((sender) => fundMember(db, sender.id, 100)));
    await Promise.all(senders.map((sender) => transferNow(db, gift(sender.id, anchor.id, 100))));
    expect(await balanceOf(db, earningsOf(anchor.id))).toBe(600);
    const convert = (amount: number) => transferNow(db, { idempotencyKey: freshKey('convert'), kind: 'conversion', reference: 'test', legs: [{ from: earningsOf(anchor.id), to: coinsOf(anchor.id), amount }] });
    await convert(550);
    expect(await balanceOf(db, earningsOf(anchor.id))).toBe(50);
    expect(await balanceOf(db, coinsOf(anchor.id))).toBe(550);
    expect(await refusalOf(convert(51))).toBe(errors.WALLET_INSUFFICIENT_BALANCE.reason);
    await expectLedgerClean(db);
  });

  it('keeps points apart from coins: a points set works on its own, a leg between a points and a coin account is refused', async () => {
    const member = await createUser(db);
    const pointsOf: AccountRef = { kind: 'member_points', owner: member.id };
    await fundMember(db, member.id, 100);
    const earned = await transferNow(db, { idempotencyKey: freshKey('points'), kind: 'points_checkin', reference: 'test', legs: [{ from: { kind: 'points_issued' }, to: pointsOf, amount: 15 }] });
    expect(earned.replayed).toBe(false);
    expect(await balanceOf(db, pointsOf)).toBe(15);
    expect(await balanceOf(db, { kind: 'points_issued' })).toBeLessThanOrEqual(-15);
    // Coins are untouched, and the displayed balance is the coins' only.
    expect(await balanceOf(db, coinsOf(member.id))).toBe(100);
    expect((await db.selectFrom('app_user').select('balance').where('id', '=', member.id).executeTakeFirstOrThrow()).balance).toBe(100);

    const mixed: Array<[AccountRef, AccountRef]> = [
      [coinsOf(member.id), pointsOf],
      [pointsOf, coinsOf(member.id)],
      [pointsOf, PLATFORM],
      [{ kind: 'payments_clearing' }, pointsOf],
      [coinsOf(member.id), { kind: 'prediction_pool' }],
      [{ kind: 'points_issued' }, coinsOf(member.id)],
    ];
    for (const [from, to] of mixed) {
      expect(await refusalOf(transferNow(db, { idempotencyKey: freshKey('mixed'), kind: 'mixed', reference: 'test', legs: [{ from, to, amount: 1 }] }))).toBe(errors.WALLET_LEDGER_UNITS_MIXED.reason);
    }
    // A set whose legs are each in one unit but not the same one is refused whole.
    const key = freshKey('half');
    expect(await refusalOf(transferNow(db, { idempotencyKey: key, kind: 'mixed', reference: 'test', legs: [{ from: { kind: 'points_issued' }, to: pointsOf, amount: 1 }, { from: coinsOf(member.id), to: PLATFORM, amount: 1 }] }))).toBe(
      errors.WALLET_LEDGER_UNITS_MIXED.reason,
    );
    expect(await db.selectFrom('ledger_transfer_set').select('id').where('idempotency_key', '=', key).executeTakeFirst()).toBeUndefined();
    expect(await balanceOf(db, pointsOf)).toBe(15);
    expect(await balanceOf(db, coinsOf(member.id))).toBe(100);
    // Points are never spent below zero (only the issuing account may be negative).
    expect(await refusalOf(transferNow(db, { idempotencyKey: freshKey('spend'), kind: 'stake', reference: 'test', legs: [{ from: pointsOf, to: { kind: 'prediction_pool' }, amount: 16 }] }))).toBe(errors.WALLET_INSUFFICIENT_BALANCE.reason);
    await expectLedgerClean(db);
  });
  it('pays an escrow share to a member in one statement, or answers null and writes nothing when that path does not apply', async () => {
    const ESCROW: AccountRef = { kind: 'red_packet_escrow' };
    const funder = await createUser(db);
    const member = await createUser(db);
    await fundMember(db, funder.id, 1_000);
    await fundMember(db, member.id, 5);
    // 640 coins spread over the escrow's 64 shard rows: 10 in each.
    await transferNow(db, { idempotencyKey: freshKey('fund'), kind: 'red_packet', reference: 'test', legs: [{ from: coinsOf(funder.id), to: ESCROW, amount: 640 }] });
    const escrowBefore = await balanceOf(db, ESCROW);
    const payout = (amount: number, memberId = member.id, key = freshKey('grab')) => db.transaction().execute((trx) => transferEscrowToMember(trx, { idempotencyKey: key, kind: 'red_packet_grab', reference: key, escrow: 'red_packet_escrow', memberId, amount }));

    const paid = await payout(3);
    expect(paid?.balance).toBe(8);
    expect(await balanceOf(db, coinsOf(member.id))).toBe(8);
    expect(await balanceOf(db, ESCROW)).toBe(escrowBefore - 3);
    expect((await db.selectFrom('app_user').select('balance').where('id', '=', member.id).executeTakeFirstOrThrow()).balance).toBe(8);
    const legs = await db.selectFrom('ledger_transfer').select(['amount', 'kind']).where('set_id', '=', paid?.setId as number).execute();
    expect(legs.map((leg) => [Number(leg.amount), leg.kind])).toEqual([[3, 'red_packet_grab']]);

    // No shard row holds the whole amount (at most 10 each): null, nothing written.
    const tooBig = freshKey('big');
    expect(await payout(11, member.id, tooBig)).toBeNull();
    expect(await db.selectFrom('ledger_transfer_set').select('id').where('idempotency_key', '=', tooBig).execute()).toEqual([]);
    expect(await balanceOf(db, ESCROW)).toBe(escrowBefore - 3);
    // A member who never had coins: their coin account is created in the same statement.
    const newcomer = await createUser(db);
    expect((await payout(2, newcomer.id))?.balance).toBe(2);
    expect(await balanceOf(db, coinsOf(newcomer.id))).toBe(2);
    expect((await db.selectFrom('app_user').select('balance').where('id', '=', newcomer.id).executeTakeFirstOrThrow()).balance).toBe(2);

    // A key applied before fails whole (a unique violation): no second debit.
    const key = freshKey('twice');
    await payout(1, member.id, key);
    await expect(payout(1, member.id, key)).rejects.toMatchObject({ code: '23505' });
    expect(await balanceOf(db, coinsOf(member.id))).toBe(9);
    expect(await balanceOf(db, ESCROW)).toBe(escrowBefore - 6);
    // The rest back to the funder (no red packet holds it: ledger:verify matches escrow to open shares).
    await transferNow(db, { idempotencyKey: freshKey('refund'), kind: 'red_packet_refund', reference: 'test', legs: [{ from: ESCROW, to: coinsOf(funder.id), amount: escrowBefore - 6 }] });
    await expectLedgerClean(db);
  });
  it('pays a batch of escrow payouts (a set, a transfer row and the shown balance each) across several shard rows; a reused key or a member twice fails the batch whole', async () => {
    const ESCROW: AccountRef = { kind: 'red_packet_escrow' };
    const funder = await createUser(db);
    await fundMember(db, funder.id, 20_000);
    // 6,400 coins over the escrow's 64 shard rows: 100 more in each.
    await transferNow(db, { idempotencyKey: freshKey('fund'), kind: 'red_packet', reference: 'test', legs: [{ from: coinsOf(funder.id), to: ESCROW, amount: 6_400 }] });
    const escrowBefore = await balanceOf(db, ESCROW);
    const shown = async (id: number) => Number((await db.selectFrom('app_user').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance);
    const batch = (payouts: Array<{ memberId: number; amount: number; key?: string }>) =>
      db.transaction().execute((trx) =>
        transferEscrowToMembers(trx, { escrow: 'red_packet_escrow', kind: 'red_packet_grab', payouts: payouts.map((payout) => { const key = payout.key ?? freshKey('grab'); return { idempotencyKey: key, reference: key, memberId: payout.memberId, amount: payout.amount }; }) }),
      );

    const old = await createUser(db);
    await fundMember(db, old.id, 5);
    const [fresh1, fresh2] = [await createUser(db), await createUser(db)];
    // 1,180 coins: more than the 8 largest shard rows hold together (the debit goes on to more rows).
    const paid = await batch([{ memberId: fresh1.id, amount: 150 }, { memberId: old.id, amount: 1_000 }, { memberId: fresh2.id, amount: 30 }]);
    expect(paid.map((one) => one.balance)).toEqual([150, 1_005, 30]);
    for (const [id, coins] of [[fresh1.id, 150], [old.id, 1_005], [fresh2.id, 30]] as const) {
      expect(await balanceOf(db, coinsOf(id))).toBe(coins);
      expect(await shown(id)).toBe(coins);
    }
    expect(await balanceOf(db, ESCROW)).toBe(escrowBefore - 1_180);
    const legs = await db.selectFrom('ledger_transfer').select(['set_id', 'amount', 'kind']).where('set_id', 'in', paid.map((one) => one.setId)).orderBy('set_id').execute();
    expect(legs.map((leg) => [leg.set_id, Number(leg.amount), leg.kind])).toEqual(paid.map((one, index) => [one.setId, [150, 1_000, 30][index], 'red_packet_grab']));
    // No shard row went below zero.
    const negative = await sql<{ n: number }>`select count(*)::int as n from ledger_balance where kind = 'red_packet_escrow' and balance < 0`.execute(db);
    expect(negative.rows[0]?.n).toBe(0);

    // A key applied before fails the whole batch: the other payout of it is not applied either.
    const used = freshKey('used');
    await batch([{ memberId: fresh1.id, amount: 1, key: used }]);
    await expect(batch([{ memberId: fresh2.id, amount: 7 }, { memberId: old.id, amount: 1, key: used }])).rejects.toMatchObject({ code: '23505' });
    expect(await balanceOf(db, coinsOf(fresh2.id))).toBe(30);
    expect(await balanceOf(db, coinsOf(old.id))).toBe(1_005);
    await expect(batch([{ memberId: fresh2.id, amount: 1 }, { memberId: fresh2.id, amount: 1 }])).rejects.toThrow(/twice/);

    // Batches in parallel (two nodes' grabs at once) each find free shard rows; the total is exact.
    const crowd = await Promise.all(Array.from({ length: 20 }, () => createUser(db)));
    await Promise.all([0, 1, 2, 3].map((part) => batch(crowd.slice(part * 5, part * 5 + 5).map((who) => ({ memberId: who.id, amount: 80 })))));
    for (const who of crowd) expect(await balanceOf(db, coinsOf(who.id))).toBe(80);
    expect(await balanceOf(db, ESCROW)).toBe(escrowBefore - 1_181 - 1_600);
    // The rest back to the funder (no red packet holds it: ledger:verify matches escrow to open shares).
    await transferNow(db, { idempotencyKey: freshKey('refund'), kind: 'red_packet_refund', reference: 'test', legs: [{ from: ESCROW, to: coinsOf(funder.id), amount: escrowBefore - 2_781 }] });
    await expectLedgerClean(db);
  });
});

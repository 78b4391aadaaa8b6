import { type Kysely, sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { createRoom, createUser } from '../chat/testing/chatTestKit';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { describeEachDatabase } from '../testing/testApp';
import { balanceOf, transfer } from '../wallet/index';
import { expectLedgerClean, fundMember, useWideLedgerDatabase } from '../wallet/testing/ledgerTestKit';
import type { GrabAnswer } from './redPacketGrabBatcher';
import { GrabBatcher } from './redPacketGrabBatcher';
import { createPacket } from './redPacketService';
import { defaultRedPacketsConfig } from './redPacketsConfig';

const CONFIG = { ...defaultRedPacketsConfig(), grabsPerIp: 0, grabsPerDevice: 0 };

describeEachDatabase('red packets: batched winning grabs (GrabBatcher, claimBatch)', (target) => {
  // A wide pool: concurrent transfers (the batches of two "nodes", a held transaction) really run at once.
  const database = useWideLedgerDatabase(target);
  let db: Kysely<Database>;
  beforeAll(() => {
    db = database.db();
  });

  let keys = 0;
  const packetOf = async (coins: number, shares: number) => {
    const room = await createRoom(db, `批量主播${(keys += 1)}`);
    await fundMember(db, room.ownerId, coins);
    const created = await createPacket(db, CONFIG, { funderId: room.ownerId, roomId: room.roomId, totalCoins: coins, shares, followersOnly: false, password: null, expirySeconds: null, idempotencyKey: `batch-${keys}` }, new Date());
    return created.packet;
  };
  const grabOf = (memberId: number) => ({ memberId, ip: '127.0.0.1', device: null });
  const won = (claim: GrabAnswer | undefined): claim is Exclude<GrabAnswer, 'empty' | 'held'> => typeof claim === 'object';

  it('two nodes batch 60 members onto 25 shares at once: exactly 25 winners, each share once and paid, every other grab told empty; batches, not a transaction a grab', async () => {
    const packet = await packetOf(2_500, 25);
    const packetId = packet.id;
    const members = await Promise.all(Array.from({ length: 60 }, (_, index) => createUser(db, `批量${index}`)));
    const nodes = [new GrabBatcher({ db, config: CONFIG }), new GrabBatcher({ db, config: CONFIG })];
    const claims = await Promise.all(members.map((id, index) => (nodes[index % 2] as GrabBatcher).claim(packet, grabOf(id), new Date())));
    const winners = claims.filter(won);
    expect(winners).toHaveLength(25);
    expect(claims.filter((claim) => claim === 'empty')).toHaveLength(35);
    expect(new Set(winners.map((claim) => claim.idx))).toEqual(new Set(Array.from({ length: 25 }, (_, index) => index)));
    expect(winners.reduce((sum, claim) => sum + claim.amount, 0)).toBe(2_500);
    for (const [index, id] of members.entries()) {
      const claim = claims[index];
      expect(await balanceOf(db, { kind: 'member_coins', owner: id })).toBe(won(claim) ? claim.amount : 0);
      if (won(claim)) expect(claim.balance).toBe(claim.amount);
    }
    const orders = await sql<{ n: number }>`select count(*)::int as n from wallet_order where idempotency_key like ${`red_packet_grab:${packetId}:%`} and subject = '抢红包'`.execute(db);
    expect(orders.rows[0]?.n).toBe(25);
    const batches = nodes.reduce((sum, node) => sum + node.stats().batches, 0);
    expect(batches).toBeLessThan(60);
    expect(nodes.every((node) => node.stats().fallbacks === 0)).toBe(true);
    await expectLedgerClean(db);
  });

  it('a batch checks its grabs together (own packet, already grabbed refused); the same member twice in it gets held; a batch that meets a share committed on another node meanwhile is run grab by grab', async () => {
    // Another packet's 64,000 coins in escrow: 1,000 in each shard row, so a payout takes one free row (not all of them).
    await packetOf(64_000, 1);
    const packet = await packetOf(700, 7);
    const packetId = packet.id;
    const [early, twice, other, racer] = await Promise.all(['早到', '两次', '旁人', '别的节点'].map((name) => createUser(db, name)));
    const batcher = new GrabBatcher({ db, config: CONFIG });
    expect(won(await batcher.claim(packet, grabOf(early as number), new Date()))).toBe(true);
    // One batch's grabs are checked together: the funder's own packet and a member who holds a
    // share are refused, the others claim; the same member twice in it gets one share.
    const together = await Promise.allSettled([other, early, twice, twice, packet.funder_id].map((id) => batcher.claim(packet, grabOf(id as number), new Date())));
    const values = together.map((answer) => (answer.status === 'fulfilled' ? answer.value : undefined));
    expect(won(values[0])).toBe(true);
    expect(together[1]).toMatchObject({ status: 'rejected', reason: { reason: errors.RED_PACKET_ALREADY_GRABBED.reason } });
    expect(values.slice(2, 4).filter(won)).toHaveLength(1);
    expect(values.slice(2, 4).filter((claim) => claim === 'held')).toHaveLength(1);
    expect(together[4]).toMatchObject({ status: 'rejected', reason: { reason: errors.RED_PACKET_OWN.reason } });

    // Another node's grab for `racer` holds a share in an open transaction; this node's batch (racer
    // and a newcomer, queued behind a first batch: one in flight) waits on the unique index, fails
    // when it commits, and runs grab by grab (two free shares: each grab finds one).
    const [first, newcomer] = [await createUser(db, '先到'), await createUser(db, '新来的')];
    const oneAtATime = new GrabBatcher({ db, config: CONFIG, maxInFlight: 1 });
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = () => undefined as void;
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    const elsewhere = db.transaction().execute(async (trx) => {
      const share = await sql<{ idx: number; amount: number }>`
        update red_packet_share set member_id = ${racer}, grabbed_at = now()
        where id = (select id from red_packet_share where packet_id = ${packetId} and member_id is null order by idx limit 1 for update skip locked)
        returning idx, amount::int as amount`.execute(trx);
      const { idx, amount } = share.rows[0] as { idx: number; amount: number };
      const key = `red_packet_grab:${packetId}:${racer}`;
      await transfer(trx, { idempotencyKey: key, kind: 'red_packet_grab', reference: `red-packet:${packetId}:share:${idx}`, legs: [{ from: { kind: 'red_packet_escrow' }, to: { kind: 'member_coins', owner: racer as number }, amount }] });
      held();
      await gate;
    });
    await holding;
    const batch = Promise.allSettled([oneAtATime.claim(packet, grabOf(first), new Date()), oneAtATime.claim(packet, grabOf(racer as number), new Date()), oneAtATime.claim(packet, grabOf(newcomer), new Date())]);
    for (let waited = 0; waited < 100; waited += 1) {
      const blocked = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
      if (oneAtATime.stats().batches === 2 && (blocked.rows[0]?.n ?? 0) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    release();
    await elsewhere;
    const [firstAnswer, racerAnswer, newcomerAnswer] = await batch;
    expect(firstAnswer.status === 'fulfilled' && won(firstAnswer.value)).toBe(true);
    expect(racerAnswer).toMatchObject({ status: 'rejected', reason: { reason: errors.RED_PACKET_ALREADY_GRABBED.reason } });
    expect(newcomerAnswer.status === 'fulfilled' && won(newcomerAnswer.value)).toBe(true);
    expect(oneAtATime.stats()).toMatchObject({ batches: 2, largestBatch: 2, fallbacks: 1 });
    // 7 shares: early, other, twice, racer, first, newcomer, and one more; then none.
    expect(won(await batcher.claim(packet, grabOf(await createUser(db, '最后一个')), new Date()))).toBe(true);
    expect(await batcher.claim(packet, grabOf(await createUser(db, '晚到')), new Date())).toBe('empty');
    await expectLedgerClean(db);
  });
});

import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { recordOrder, recordOrders, transfer, transferEscrowToMember, transferEscrowToMembers } from '../wallet/index';
import { type EligibilityPacket, checkEligible, readGrabbers, refusalOf } from './redPacketEligibility';
import type { RedPacketsConfig } from './redPacketsConfig';

/**
 * Claiming a packet's shares for grabs (README.md "Grab"), after their checks
 * (redPacketEligibility.ts): the next free
 * shares (lowest index no open transaction holds: `FOR UPDATE SKIP LOCKED`; the packet row only
 * read) are filled with the members and paid escrow → member (set `red_packet_grab:<packet>:<member>`,
 * the member's order 抢红包 +amount) in the same transaction. UNIQUE (packet, member) refuses a
 * second share for a member, also in parallel.
 * - `claimBatch`: the grabs in flight on this node, their checks and claims in one transaction
 *   (redPacketGrabBatcher.ts);
 * - `claimAlone`: one grab's checks, then `claimOne`: its claim in a transaction of its own (a
 *   batch that failed is run again this way; and the naive design `packet-row` of pnpm
 *   bench:redpacket, which first locks the packet row).
 */

export interface ClaimRequest {
  memberId: number;
  ip: string | null;
  device: string | null;
}

/** A share claimed and paid: its index, amount and the member's balance after it. */
export interface ClaimedShare {
  idx: number;
  amount: number;
  balance: number;
}

const grabKey = (packetId: number, memberId: number) => `red_packet_grab:${packetId}:${memberId}`;
const grabReference = (packetId: number, idx: number) => `red-packet:${packetId}:share:${idx}`;

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** A share won, with the member's name as the room's line shows it. */
export type WonShare = ClaimedShare & { nickname: string };

/**
 * What a grab got: its share; `empty`: no free share was left for it; `held`: the member has one
 * (committed meanwhile, or earlier in this batch); `refused`: a check's refusal (claimBatch only:
 * claimAlone throws it).
 */
export type BatchClaim = WonShare | 'empty' | 'held' | { refused: Error };

/**
 * One transaction for the grabs given: their checks (one query), then at most one share each, in
 * their order (the first grab the lowest free index). Throws if the transaction failed (nothing of
 * it applied; e.g. the member's grab on another node committed meanwhile: unique violation).
 */
export async function claimBatch(db: Kysely<Database>, config: RedPacketsConfig, packet: EligibilityPacket, all: readonly ClaimRequest[], now: Date): Promise<BatchClaim[]> {
  if (all.length === 0) return [];
  const packetId = packet.id;
  return db.transaction().execute(async (trx) => {
    const grabbers = await readGrabbers(trx, config, packet, all);
    const refusals = all.map((grab, index) => (packet.funder_id === grab.memberId ? errors.RED_PACKET_OWN() : refusalOf(config, packet, grabbers[index], now)));
    const grabs = all.filter((_, index) => refusals[index] === null);
    // The members without a share (each once, first request first), paired in order with exactly as
    // many free shares (a share locked and not filled would be skipped by the other grabs in flight);
    // answered: each of them with the share it got, or none.
    const claimed = grabs.length === 0 ? { rows: [] } : await sql<{ member_id: number; idx: number | null; amount: number | null }>`
      with req as (
        select distinct on (r.member_id) r.member_id, r.ip, r.device, r.ord
        from unnest(${grabs.map((grab) => grab.memberId)}::bigint[], ${grabs.map((grab) => grab.ip)}::text[], ${grabs.map((grab) => grab.device)}::text[]) with ordinality as r(member_id, ip, device, ord)
        where not exists (select 1 from red_packet_share x where x.packet_id = ${packetId} and x.member_id = r.member_id)
        order by r.member_id, r.ord),
      ranked as (select req.*, row_number() over (order by req.ord) as n from req),
      free as materialized (
        select id, idx from red_packet_share where packet_id = ${packetId} and member_id is null and not refunded
        order by idx limit (select count(*) from ranked) for update skip locked),
      pairs as (select f.id, r.member_id, r.ip, r.device from (select id, row_number() over (order by idx) as n from free) f join ranked r on r.n = f.n),
      filled as (
        update red_packet_share s set member_id = pairs.member_id, grabbed_at = ${now}, ip = pairs.ip, device = pairs.device
        from pairs where s.id = pairs.id
        returning s.idx, s.amount, s.member_id)
      select r.member_id::int as member_id, f.idx, f.amount::int as amount from ranked r left join filled f on f.member_id = r.member_id`.execute(trx);
    const shares = claimed.rows.filter((row): row is { member_id: number; idx: number; amount: number } => row.idx !== null).sort((a, b) => a.idx - b.idx);
    const paid = await transferEscrowToMembers(trx, {
      escrow: 'red_packet_escrow',
      kind: 'red_packet_grab',
      payouts: shares.map((share) => ({ idempotencyKey: grabKey(packetId, share.member_id), reference: grabReference(packetId, share.idx), memberId: share.member_id, amount: share.amount })),
    });
    // The grabbers' lines 抢红包 +amount.
    await recordOrders(
      trx,
      shares.map((share, index) => ({ userId: share.member_id, type: 'red_packet', coins: share.amount, subject: '抢红包', idempotencyKey: grabKey(packetId, share.member_id), transferSetId: (paid[index] as { setId: number }).setId, now })),
    );
    const byMember = new Map<number, BatchClaim>(claimed.rows.map((row) => [row.member_id, 'empty']));
    const nicknames = new Map(all.map((grab, index) => [grab.memberId, grabbers[index]?.nickname ?? '']));
    shares.forEach((share, index) => byMember.set(share.member_id, { idx: share.idx, amount: share.amount, balance: (paid[index] as { balance: number }).balance, nickname: nicknames.get(share.member_id) as string }));
    const answered = new Set<number>();
    return all.map((grab, index) => {
      const refused = refusals[index];
      if (refused !== null && refused !== undefined) return { refused };
      const claim = byMember.get(grab.memberId) ?? 'held';
      if (!answered.has(grab.memberId)) {
        answered.add(grab.memberId);
        return claim;
      }
      return claim === 'empty' ? 'empty' : 'held';
    });
  });
}

/** One grab alone: its checks (throws the refusal), then `claimOne`. */
export async function claimAlone(db: Kysely<Database>, config: RedPacketsConfig, packet: EligibilityPacket, grab: ClaimRequest, now: Date): Promise<WonShare | 'empty'> {
  const nickname = await checkEligible(db, config, packet, grab, now);
  const share = await claimOne(db, config, packet.id, grab, now);
  return share === null ? 'empty' : { ...share, nickname };
}

/**
 * One grab in a transaction of its own; null when no free share is left for it. A second share
 * for the member (also in parallel) meets the unique index: RED_PACKET_ALREADY_GRABBED.
 */
export async function claimOne(db: Kysely<Database>, config: RedPacketsConfig, packetId: number, grab: ClaimRequest, now: Date): Promise<ClaimedShare | null> {
  try {
    return await db.transaction().execute(async (trx) => {
      // The naive design (RED_PACKET_GRAB_LOCKING=packet-row, for pnpm bench:redpacket): every grab queues on the packet row.
      if (config.grabLocking === 'packet-row') await sql`select id from red_packet where id = ${packetId} for update`.execute(trx);
      const rows = await sql<{ idx: number; amount: number }>`
        update red_packet_share set member_id = ${grab.memberId}, grabbed_at = ${now}, ip = ${grab.ip}, device = ${grab.device}
        where id = (select id from red_packet_share where packet_id = ${packetId} and member_id is null and not refunded order by idx limit 1 for update skip locked)
        returning idx, amount::int as amount`.execute(trx);
      const share = rows.rows[0];
      if (share === undefined) return null;
      const key = grabKey(packetId, grab.memberId);
      const payout = { idempotencyKey: key, kind: 'red_packet_grab', reference: grabReference(packetId, share.idx), amount: share.amount };
      // One statement when it applies (the set, its transfer, both balances and the balance shown); a
      // key applied before cannot reach here (UNIQUE (packet, member) refused the claim above).
      const fast = await transferEscrowToMember(trx, { ...payout, escrow: 'red_packet_escrow', memberId: grab.memberId });
      const set = fast ?? (await transfer(trx, { ...payout, legs: [{ from: { kind: 'red_packet_escrow' }, to: { kind: 'member_coins', owner: grab.memberId }, amount: share.amount }] }));
      if (!('replayed' in set && set.replayed)) await recordOrder(trx, { userId: grab.memberId, type: 'red_packet', coins: share.amount, subject: '抢红包', idempotencyKey: key, transferSetId: set.setId, now });
      const balance = fast?.balance ?? Number((await trx.selectFrom('app_user').select('balance').where('id', '=', grab.memberId).executeTakeFirstOrThrow()).balance);
      return { idx: share.idx, amount: share.amount, balance };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.RED_PACKET_ALREADY_GRABBED();
    throw error;
  }
}

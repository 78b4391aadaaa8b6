import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { recordOrder, transfer } from '../wallet/index';
import { claimAlone } from './redPacketClaims';
import type { GrabBatcher } from './redPacketGrabBatcher';
import type { RedPacketsConfig } from './redPacketsConfig';
import { newSeed, seedHash, splitPacket } from './redPacketSplit';

/**
 * Red packets (README.md): create (funder coins → escrow, the split precomputed from a fresh
 * seed), grab (the next free share claimed with SKIP LOCKED, escrow → the grabber in the same
 * transaction), finish (expired: unclaimed shares back to the funder exactly once; emptied: the
 * seed revealed). Raw SQL over the tables of migration 0037. Each set applied now also writes the
 * member's order (type red_packet, 红包: 发红包（10份）−100, 抢红包 +12, 红包退回 +40) in its transaction.
 */

export interface PacketRow {
  id: number;
  room_id: number;
  owner_id: number;
  funder_id: number;
  total_coins: number;
  shares: number;
  followers_only: boolean;
  password: string | null;
  seed_hash: string;
  seed: string;
  created_at: Date;
  expires_at: Date;
  finished_at: Date | null;
  refunded_coins: number | null;
  fingerprint: string;
  /** The funder's name as lines show it (用户<id> without a nickname). */
  funder_nickname: string;
}

export interface CreateInput {
  funderId: number;
  roomId: number;
  totalCoins: number;
  shares: number;
  followersOnly: boolean;
  password: string | null;
  expirySeconds: number | null;
  idempotencyKey: string;
}

export interface GrabInput {
  memberId: number;
  packetId: number;
  ip: string | null;
  device: string | null;
}

export interface GrabOutcome {
  packet: PacketRow;
  memberNickname: string;
  amount: number;
  index: number;
  balance: number;
}

export interface FinishedPacket {
  packet: PacketRow;
  refunded: number;
  luckiest: { memberId: number; amount: number } | null;
}

const PACKET_COLUMNS = sql`p.id::int as id, p.room_id::int as room_id, r.owner_id::int as owner_id, p.funder_id::int as funder_id, p.total_coins::int as total_coins, p.shares, p.followers_only, p.password, p.seed_hash, p.seed, p.created_at, p.expires_at, p.finished_at, p.refunded_coins::int as refunded_coins, p.fingerprint,
  coalesce(nullif(trim(f.user_nickname), ''), '用户' || p.funder_id) as funder_nickname`;

/** The packet's 口令 as members type it: trimmed; 1-20 characters, not blank. */
export function normalisePassword(raw: string | undefined | null): string | null {
  if (raw === undefined || raw === null) return null;
  const text = raw.trim();
  if (text === '') return null;
  if ([...text].length > 20) throw errors.RED_PACKET_BAD_PASSWORD();
  return text;
}

export function validateCreate(config: RedPacketsConfig, input: CreateInput): number {
  const { totalCoins, shares } = input;
  if (typeof totalCoins !== 'number' || !Number.isSafeInteger(totalCoins) || totalCoins < 1 || totalCoins > config.coinsMax) throw errors.RED_PACKET_BAD_COINS(config.coinsMax);
  if (typeof shares !== 'number' || !Number.isSafeInteger(shares) || shares < 1 || shares > config.sharesMax) throw errors.RED_PACKET_BAD_SHARES(config.sharesMax);
  if (totalCoins < shares) throw errors.RED_PACKET_SHARES_OVER_COINS();
  const expiry = input.expirySeconds ?? config.expirySeconds;
  if (!Number.isSafeInteger(expiry) || expiry < config.expiryMinSeconds || expiry > config.expiryMaxSeconds) throw errors.RED_PACKET_BAD_EXPIRY(config.expiryMinSeconds, config.expiryMaxSeconds);
  return expiry;
}

function fingerprintOf(input: CreateInput, expiry: number): string {
  return createHash('sha256').update(JSON.stringify([input.roomId, input.totalCoins, input.shares, input.followersOnly, input.password, expiry])).digest('hex');
}

export async function findPacket(db: Kysely<Database>, packetId: number): Promise<PacketRow | null> {
  const rows = await sql<PacketRow>`select ${PACKET_COLUMNS} from red_packet p join live_room r on r.id = p.room_id join app_user f on f.id = p.funder_id where p.id = ${packetId}`.execute(db);
  return rows.rows[0] ?? null;
}

async function balanceShown(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db.selectFrom('app_user').select('balance').where('id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.balance);
}

/**
 * Funds a packet: one transaction moves the coins to escrow (ledger set
 * `red_packet:<funder>:<Idempotency-Key>`) and writes the packet and its shares. The same key
 * answers the first packet (`replayed`); with other parameters WALLET_IDEMPOTENCY_KEY_REUSED.
 */
export async function createPacket(db: Kysely<Database>, config: RedPacketsConfig, input: CreateInput, now: Date): Promise<{ packet: PacketRow; balance: number; replayed: boolean }> {
  const expiry = validateCreate(config, input);
  const fingerprint = fingerprintOf(input, expiry);
  const earlier = async (): Promise<{ packet: PacketRow; balance: number; replayed: boolean } | null> => {
    const rows = await sql<{ id: number; fingerprint: string }>`select id::int as id, fingerprint from red_packet where funder_id = ${input.funderId} and idempotency_key = ${input.idempotencyKey}`.execute(db);
    const row = rows.rows[0];
    if (row === undefined) return null;
    if (row.fingerprint !== fingerprint) throw errors.WALLET_IDEMPOTENCY_KEY_REUSED();
    return { packet: (await findPacket(db, row.id)) as PacketRow, balance: await balanceShown(db, input.funderId), replayed: true };
  };
  const replay = await earlier();
  if (replay !== null) return replay;
  const room = await db.selectFrom('live_room').select(['id']).where('id', '=', input.roomId).executeTakeFirst();
  if (room === undefined) throw errors.RED_PACKET_ROOM_NOT_FOUND();

  const seed = newSeed();
  const amounts = splitPacket(seed, input.totalCoins, input.shares);
  const expiresAt = new Date(now.getTime() + expiry * 1000);
  const created = await db.transaction().execute(async (trx) => {
    const set = await transfer(trx, {
      idempotencyKey: `red_packet:${input.funderId}:${input.idempotencyKey}`,
      kind: 'red_packet',
      reference: `room:${input.roomId}:red-packet:${input.totalCoins}x${input.shares}:${fingerprint.slice(0, 16)}`,
      legs: [{ from: { kind: 'member_coins', owner: input.funderId }, to: { kind: 'red_packet_escrow' }, amount: input.totalCoins }],
    });
    if (set.replayed) return null; // a parallel request with this key committed first: answer its packet
    await recordOrder(trx, { userId: input.funderId, type: 'red_packet', coins: -input.totalCoins, subject: `发红包（${input.shares}份）`, idempotencyKey: `red_packet:${input.funderId}:${input.idempotencyKey}`, transferSetId: set.setId, now });
    const inserted = await sql<{ id: number }>`
      insert into red_packet (room_id, funder_id, total_coins, shares, followers_only, password, idempotency_key, fingerprint, seed_hash, seed, set_id, created_at, expires_at)
      values (${input.roomId}, ${input.funderId}, ${input.totalCoins}, ${input.shares}, ${input.followersOnly}, ${input.password}, ${input.idempotencyKey}, ${fingerprint}, ${seedHash(seed)}, ${seed}, ${set.setId}, ${now}, ${expiresAt})
      returning id::int as id`.execute(trx);
    const id = (inserted.rows[0] as { id: number }).id;
    await sql`insert into red_packet_share (packet_id, idx, amount) select ${id}, i - 1, a from unnest(${amounts}::bigint[]) with ordinality as t(a, i)`.execute(trx);
    return id;
  });
  if (created === null) return (await earlier()) as { packet: PacketRow; balance: number; replayed: boolean };
  return { packet: (await findPacket(db, created)) as PacketRow, balance: await balanceShown(db, input.funderId), replayed: false };
}

/** A packet with no share left for this member: 你已经抢过 if they have one, else 抢光了 (or 已过期 once expired). */
async function refuseLate(db: Kysely<Database>, packet: PacketRow, memberId: number, now: Date, emptied?: SeenPackets): Promise<never> {
  const winners = emptied?.winners(db, packet.id);
  const grabbed = winners != null ? (await winners).has(memberId) : ((await sql<{ n: number }>`select count(*)::int as n from red_packet_share where packet_id = ${packet.id} and member_id = ${memberId}`.execute(db)).rows[0]?.n ?? 0) > 0;
  if (grabbed) throw errors.RED_PACKET_ALREADY_GRABBED();
  if (packet.expires_at.getTime() <= now.getTime()) throw errors.RED_PACKET_EXPIRED();
  throw errors.RED_PACKET_EMPTY();
}

/** How long a node answers grabs from an open packet's row as it read it (README "Grab"). */
export const OPEN_PACKET_READ_MS = 2_000;

/**
 * Packets this node read lately. Open ones for OPEN_PACKET_READ_MS: a room's grabs read the
 * packet once, not once each (its room, funder, shares and expiry never change; a finish the row
 * does not show yet only makes the claim find no share, answered as late). And the ones it saw
 * with no free share (a claim found none, or it finished them): a late grab is answered with one
 * indexed read instead of the checks and a transaction. Each map bounded (oldest out).
 */
export class SeenPackets {
  private readonly packets = new Map<number, { packet: PacketRow; winners: Promise<ReadonlySet<number>> | null }>();
  private readonly open = new Map<number, { packet: PacketRow; readAt: number }>();
  constructor(private readonly max = 1_000) {}
  /** An open packet as read at `now` (ms). */
  rememberOpen(packet: PacketRow, now: number): void {
    this.open.delete(packet.id);
    this.open.set(packet.id, { packet, readAt: now });
    if (this.open.size > this.max) this.open.delete(this.open.keys().next().value as number);
  }
  /** The open packet's row if read within OPEN_PACKET_READ_MS of `now`. */
  recentOpen(id: number, now: number): PacketRow | undefined {
    const entry = this.open.get(id);
    return entry !== undefined && now - entry.readAt < OPEN_PACKET_READ_MS ? entry.packet : undefined;
  }
  add(packet: PacketRow): void {
    this.open.delete(packet.id);
    const known = this.packets.get(packet.id);
    if (known !== undefined && (known.packet.finished_at !== null || packet.finished_at === null)) return;
    this.packets.set(packet.id, { packet, winners: null });
    if (this.packets.size > this.max) this.packets.delete(this.packets.keys().next().value as number);
  }
  /** The packet as read when it was seen emptied (its room, funder and expiry never change). */
  get(id: number): PacketRow | undefined {
    return this.packets.get(id)?.packet;
  }
  /**
   * Who grabbed it, read once per node, only once it is finished: finishPacket sets `finished_at`
   * only when no claim is in flight (an emptied packet's free-share count sees none; an expired
   * one's refund waited for them), so the set is final. Null while not known finished.
   */
  winners(db: Kysely<Database>, id: number): Promise<ReadonlySet<number>> | null {
    const entry = this.packets.get(id);
    if (entry === undefined || entry.packet.finished_at === null) return null;
    entry.winners ??= sql<{ member_id: number }>`select member_id::int as member_id from red_packet_share where packet_id = ${id} and member_id is not null`
      .execute(db)
      .then((rows) => new Set(rows.rows.map((row) => row.member_id)));
    entry.winners.catch(() => {
      entry.winners = null;
    });
    return entry.winners;
  }
}

/**
 * A grab: the packet (read once per node every 2 s, or known emptied), then the checks and the
 * claim (redPacketEligibility.ts, redPacketClaims.ts): with the node's `batcher`, together with
 * the other grabs of the packet in flight (one query of checks and one transaction per batch);
 * without one, or in the naive design `packet-row`, one query of checks and a transaction of its
 * own. UNIQUE (packet, member) refuses a second grab by the same member, also in parallel.
 */
export async function grabPacket(db: Kysely<Database>, config: RedPacketsConfig, input: GrabInput, now: Date, emptied: SeenPackets = new SeenPackets(), batcher?: GrabBatcher): Promise<GrabOutcome> {
  const seenEmptied = emptied.get(input.packetId);
  let packet: PacketRow | null | undefined = seenEmptied ?? emptied.recentOpen(input.packetId, now.getTime());
  if (packet === undefined) {
    packet = await findPacket(db, input.packetId);
    if (packet?.finished_at === null) emptied.rememberOpen(packet, now.getTime());
  }
  if (packet === null) throw errors.RED_PACKET_NOT_FOUND();
  if (seenEmptied !== undefined || packet.finished_at !== null || packet.expires_at.getTime() <= now.getTime()) {
    if (packet.funder_id === input.memberId) throw errors.RED_PACKET_OWN();
    if (packet.finished_at !== null) emptied.add(packet);
    return refuseLate(db, packet, input.memberId, now, emptied);
  }
  if (packet.funder_id === input.memberId) throw errors.RED_PACKET_OWN();
  const grab = { memberId: input.memberId, ip: input.ip, device: input.device };
  const claimed = batcher !== undefined && config.grabLocking === 'skip-locked' ? await batcher.claim(packet, grab, now) : await claimAlone(db, config, packet, grab, now);
  if (claimed === 'held') throw errors.RED_PACKET_ALREADY_GRABBED();
  if (claimed === 'empty') {
    emptied.add(packet);
    return refuseLate(db, packet, input.memberId, now);
  }
  return { packet, memberNickname: claimed.nickname, amount: claimed.amount, index: claimed.idx, balance: claimed.balance };
}

/** A 口令 sent in a room: the member is entered in every open packet of that room with that password. */
export async function enterPassword(db: Kysely<Database>, roomId: number, memberId: number, text: string, now: Date): Promise<number[]> {
  const rows = await sql<{ packet_id: number }>`
    insert into red_packet_entry (packet_id, member_id, created_at)
    select id, ${memberId}, ${now} from red_packet where room_id = ${roomId} and password = ${text} and finished_at is null and expires_at > ${now}
    on conflict do nothing returning packet_id::int as packet_id`.execute(db);
  return rows.rows.map((row) => row.packet_id);
}

/**
 * Finishes a packet if it is due: emptied, or expired (its free shares are marked refunded and
 * their sum goes escrow → funder, set `red_packet_refund:<id>`). The packet row is locked and
 * `finished_at` checked, so two sweepers (two nodes) finish it once; null when not due or done.
 */
export async function finishPacket(db: Kysely<Database>, packetId: number, now: Date): Promise<FinishedPacket | null> {
  const done = await db.transaction().execute(async (trx) => {
    const locked = await sql<{ funder_id: number; expires_at: Date }>`select funder_id::int as funder_id, expires_at from red_packet where id = ${packetId} and finished_at is null for update`.execute(trx);
    const row = locked.rows[0];
    if (row === undefined) return null;
    const expired = row.expires_at.getTime() <= now.getTime();
    if (!expired) {
      const free = await sql<{ n: number }>`select count(*)::int as n from red_packet_share where packet_id = ${packetId} and member_id is null and not refunded`.execute(trx);
      if ((free.rows[0]?.n ?? 0) > 0) return null;
    }
    let refunded = 0;
    let refundSet: number | null = null;
    if (expired) {
      const marked = await sql<{ amount: number }>`update red_packet_share set refunded = true where packet_id = ${packetId} and member_id is null and not refunded returning amount::int as amount`.execute(trx);
      refunded = marked.rows.reduce((sum, share) => sum + share.amount, 0);
      if (refunded > 0) {
        const refundKey = `red_packet_refund:${packetId}`;
        const set = await transfer(trx, {
          idempotencyKey: refundKey,
          kind: 'red_packet_refund',
          reference: `red-packet:${packetId}:refund`,
          legs: [{ from: { kind: 'red_packet_escrow' }, to: { kind: 'member_coins', owner: row.funder_id }, amount: refunded }],
        });
        refundSet = set.setId;
        if (!set.replayed) await recordOrder(trx, { userId: row.funder_id, type: 'red_packet', coins: refunded, subject: '红包退回', idempotencyKey: refundKey, transferSetId: set.setId, now });
      }
    }
    await sql`update red_packet set finished_at = ${now}, refunded_coins = ${refunded}, refund_set_id = ${refundSet} where id = ${packetId}`.execute(trx);
    return refunded;
  });
  if (done === null) return null;
  return { packet: (await findPacket(db, packetId)) as PacketRow, refunded: done, luckiest: await luckiestOf(db, packetId) };
}

/** Packets due to finish (expired, or with no free share), oldest expiry first. */
export async function duePackets(db: Kysely<Database>, now: Date, limit = 50): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    select p.id::int as id from red_packet p where p.finished_at is null
      and (p.expires_at <= ${now} or not exists (select 1 from red_packet_share s where s.packet_id = p.id and s.member_id is null and not s.refunded))
    order by p.expires_at limit ${limit}`.execute(db);
  return rows.rows.map((row) => row.id);
}

/** 手气最佳: the largest share grabbed, the earliest grab (then the lowest index) on a tie. */
export async function luckiestOf(db: Kysely<Database>, packetId: number): Promise<{ memberId: number; amount: number } | null> {
  const rows = await sql<{ member_id: number; amount: number }>`
    select member_id::int as member_id, amount::int as amount from red_packet_share where packet_id = ${packetId} and member_id is not null
    order by amount desc, grabbed_at, idx limit 1`.execute(db);
  const row = rows.rows[0];
  return row === undefined ? null : { memberId: row.member_id, amount: row.amount };
}

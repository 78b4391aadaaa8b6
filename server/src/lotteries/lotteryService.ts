import { createHash } from 'node:crypto';
import { type LotteryCondition, fanMedalLevelOf } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import { MAINLAND_MOBILE, isMainlandMobile } from '../accounts/index';
import { newSeed, seedHash } from '../infra/commitReveal';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { recordOrder, transfer } from '../wallet/index';
import type { LotteriesConfig } from './lotteriesConfig';
import { drawWinners } from './lotteryDraw';

/**
 * Lotteries (README.md): create (a coin prize: anchor coins → escrow, one set per Idempotency-Key),
 * enter (one row per member: UNIQUE (lottery, member)), the 口令 heard in the chat, the draw at the
 * window's end (the row locked WHERE drawn_at IS NULL: once, on any node; winners from the
 * committed seed; each winner paid escrow → member; prizes nobody won back to the anchor) and
 * cancel (everything back). Raw SQL over the tables of migration 0038. Each coin set applied now
 * also writes the member's order (type lottery, 天选: 天选奖品（3名）−150, 天选中奖 +50, 天选退回 +100)
 * in its transaction.
 */

export interface LotteryRow {
  id: number;
  room_id: number;
  anchor_id: number;
  prize_coins: number | null;
  prize_item: string | null;
  winners: number;
  condition: LotteryCondition;
  password: string | null;
  medal_level: number | null;
  seed_hash: string;
  seed: string;
  fingerprint: string;
  created_at: Date;
  ends_at: Date;
  drawn_at: Date | null;
  cancelled_at: Date | null;
  refunded_coins: number | null;
  set_id: number | null;
  refund_set_id: number | null;
  /** The anchor's name as lines show it (用户<id> without a nickname). */
  anchor_nickname: string;
}

export interface CreateInput {
  anchorId: number;
  roomId: number;
  prizeCoins?: number | undefined;
  prizeItem?: string | undefined;
  winners: number;
  windowSeconds: number;
  condition: LotteryCondition;
  password?: string | undefined;
  medalLevel?: number | undefined;
  idempotencyKey: string;
}

/** A create's parameters once checked: exactly one prize, the condition's one parameter. */
export interface CheckedCreate {
  prizeCoins: number | null;
  prizeItem: string | null;
  winners: number;
  windowSeconds: number;
  condition: LotteryCondition;
  password: string | null;
  medalLevel: number | null;
}

export interface EnterInput {
  memberId: number;
  lotteryId: number;
  ip: string | null;
  device: string | null;
}

export interface DrawnLottery {
  lottery: LotteryRow;
  /** Winners in draw order. */
  winnerIds: number[];
  entrants: number;
  refunded: number;
}


const LOTTERY_COLUMNS = sql`l.id::int as id, l.room_id::int as room_id, l.anchor_id::int as anchor_id, l.prize_coins::int as prize_coins, l.prize_item, l.winners, l.condition, l.password, l.medal_level,
  l.seed_hash, l.seed, l.fingerprint, l.created_at, l.ends_at, l.drawn_at, l.cancelled_at, l.refunded_coins::int as refunded_coins, l.set_id::int as set_id, l.refund_set_id::int as refund_set_id,
  coalesce(nullif(trim(a.user_nickname), ''), '用户' || l.anchor_id) as anchor_nickname`;

function wholeIn(value: number | undefined, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;
}

/** Trimmed text of 1..max characters (code points), or null when blank; throws `tooLong` beyond max. */
function trimmedText(raw: string | undefined, max: number): string | null {
  if (raw === undefined) return null;
  const text = raw.trim();
  if (text === '' || [...text].length > max) return null;
  return text;
}

/** Checks a create's parameters (README.md "Create"); `allowed` is the one word filter. */
export function validateCreate(config: LotteriesConfig, input: CreateInput, allowed: (text: string) => boolean): CheckedCreate {
  const hasCoins = input.prizeCoins !== undefined;
  const hasItem = input.prizeItem !== undefined;
  if (hasCoins === hasItem) throw errors.LOTTERY_BAD_PRIZE();
  let prizeCoins: number | null = null;
  let prizeItem: string | null = null;
  if (hasCoins) {
    if (!wholeIn(input.prizeCoins, 1, config.prizeCoinsMax)) throw errors.LOTTERY_BAD_COINS(config.prizeCoinsMax);
    prizeCoins = input.prizeCoins;
  } else {
    prizeItem = trimmedText(input.prizeItem, 40);
    if (prizeItem === null) throw errors.LOTTERY_BAD_ITEM();
    if (!allowed(prizeItem)) throw errors.LOTTERY_ITEM_REFUSED();
  }
  if (!wholeIn(input.winners, 1, config.winnersMax)) throw errors.LOTTERY_BAD_WINNERS(config.winnersMax);
  if (!wholeIn(input.windowSeconds, config.windowMinSeconds, config.windowMaxSeconds)) throw errors.LOTTERY_BAD_WINDOW(config.windowMinSeconds, config.windowMaxSeconds);
  if ((input.condition === 'password') !== (input.password !== undefined) || (input.condition === 'medal') !== (input.medalLevel !== undefined)) throw errors.LOTTERY_BAD_CONDITION();
  let password: string | null = null;
  let medalLevel: number | null = null;
  if (input.condition === 'password') {
    password = trimmedText(input.password, 20);
    if (password === null) throw errors.LOTTERY_BAD_PASSWORD();
    if (!allowed(password)) throw errors.LOTTERY_PASSWORD_REFUSED();
  }
  if (input.condition === 'medal') {
    if (!wholeIn(input.medalLevel, 1, 20)) throw errors.LOTTERY_BAD_MEDAL_LEVEL();
    medalLevel = input.medalLevel;
  }
  return { prizeCoins, prizeItem, winners: input.winners, windowSeconds: input.windowSeconds, condition: input.condition, password, medalLevel };
}

function fingerprintOf(roomId: number, checked: CheckedCreate): string {
  return createHash('sha256').update(JSON.stringify([roomId, checked.prizeCoins, checked.prizeItem, checked.winners, checked.windowSeconds, checked.condition, checked.password, checked.medalLevel])).digest('hex');
}

export async function findLottery(db: Kysely<Database>, lotteryId: number): Promise<LotteryRow | null> {
  const rows = await sql<LotteryRow>`select ${LOTTERY_COLUMNS} from lottery l join app_user a on a.id = l.anchor_id where l.id = ${lotteryId}`.execute(db);
  return rows.rows[0] ?? null;
}

export async function entrantCount(db: Kysely<Database>, lotteryId: number): Promise<number> {
  return (await sql<{ n: number }>`select count(*)::int as n from lottery_entry where lottery_id = ${lotteryId}`.execute(db)).rows[0]?.n ?? 0;
}

export async function balanceShown(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db.selectFrom('app_user').select('balance').where('id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.balance);
}

function isUniqueViolation(error: unknown): error is { code: string; constraint?: string } {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

type Created = { lottery: LotteryRow; balance: number; replayed: boolean };

/**
 * Opens a lottery: one transaction moves a coin prize (coins × winners) to escrow (ledger set
 * `lottery:<anchor>:<Idempotency-Key>`) and writes the lottery. The same key answers the first
 * lottery (`replayed`); with other parameters WALLET_IDEMPOTENCY_KEY_REUSED. A second open lottery
 * in the room meets the partial unique index: LOTTERY_ALREADY_OPEN.
 */
export async function createLottery(db: Kysely<Database>, config: LotteriesConfig, input: CreateInput, now: Date, allowed: (text: string) => boolean): Promise<Created> {
  const checked = validateCreate(config, input, allowed);
  const fingerprint = fingerprintOf(input.roomId, checked);
  const earlier = async (): Promise<Created | null> => {
    const rows = await sql<{ id: number; fingerprint: string }>`select id::int as id, fingerprint from lottery where anchor_id = ${input.anchorId} and idempotency_key = ${input.idempotencyKey}`.execute(db);
    const row = rows.rows[0];
    if (row === undefined) return null;
    if (row.fingerprint !== fingerprint) throw errors.WALLET_IDEMPOTENCY_KEY_REUSED();
    return { lottery: (await findLottery(db, row.id)) as LotteryRow, balance: await balanceShown(db, input.anchorId), replayed: true };
  };
  const replay = await earlier();
  if (replay !== null) return replay;
  const room = await db.selectFrom('live_room').select(['id', 'owner_id']).where('id', '=', input.roomId).executeTakeFirst();
  if (room === undefined) throw errors.LOTTERY_ROOM_NOT_FOUND();
  if (Number(room.owner_id) !== input.anchorId) throw errors.LOTTERY_NOT_OWNER();
  const open = await sql<{ n: number }>`select count(*)::int as n from lottery where room_id = ${input.roomId} and drawn_at is null and cancelled_at is null`.execute(db);
  if ((open.rows[0]?.n ?? 0) > 0) {
    // A parallel request with this key may have opened it since the first look: answer that one.
    const first = await earlier();
    if (first !== null) return first;
    throw errors.LOTTERY_ALREADY_OPEN();
  }

  const seed = newSeed();
  const endsAt = new Date(now.getTime() + checked.windowSeconds * 1000);
  let created: number | null;
  try {
    created = await db.transaction().execute(async (trx) => {
      let setId: number | null = null;
      if (checked.prizeCoins !== null) {
        const escrowKey = `lottery:${input.anchorId}:${input.idempotencyKey}`;
        const set = await transfer(trx, {
          idempotencyKey: escrowKey,
          kind: 'lottery',
          reference: `room:${input.roomId}:lottery:${checked.prizeCoins}x${checked.winners}:${fingerprint.slice(0, 16)}`,
          legs: [{ from: { kind: 'member_coins', owner: input.anchorId }, to: { kind: 'lottery_escrow' }, amount: checked.prizeCoins * checked.winners }],
        });
        if (set.replayed) return null; // a parallel request with this key committed first: answer its lottery
        setId = set.setId;
        await recordOrder(trx, { userId: input.anchorId, type: 'lottery', coins: -(checked.prizeCoins * checked.winners), subject: `天选奖品（${checked.winners}名）`, idempotencyKey: escrowKey, transferSetId: set.setId, now });
      }
      const inserted = await sql<{ id: number }>`
        insert into lottery (room_id, anchor_id, prize_coins, prize_item, winners, condition, password, medal_level, idempotency_key, fingerprint, seed_hash, seed, set_id, created_at, ends_at)
        values (${input.roomId}, ${input.anchorId}, ${checked.prizeCoins}, ${checked.prizeItem}, ${checked.winners}, ${checked.condition}, ${checked.password}, ${checked.medalLevel},
          ${input.idempotencyKey}, ${fingerprint}, ${seedHash(seed)}, ${seed}, ${setId}, ${now}, ${endsAt})
        returning id::int as id`.execute(trx);
      return (inserted.rows[0] as { id: number }).id;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const first = await earlier();
    if (first !== null) return first;
    throw errors.LOTTERY_ALREADY_OPEN();
  }
  if (created === null) return (await earlier()) as Created;
  return { lottery: (await findLottery(db, created)) as LotteryRow, balance: await balanceShown(db, input.anchorId), replayed: false };
}

function isOpen(lottery: LotteryRow, now: Date): boolean {
  return lottery.drawn_at === null && lottery.cancelled_at === null && lottery.ends_at.getTime() > now.getTime();
}

/**
 * An entry through api/Lottery/enter: the member's facts in one read (README.md "Enter"), the
 * first refusal thrown; then one insert guarded by the lottery row (`FOR SHARE`: a draw in
 * progress waits for it, and it sees a draw that committed first). UNIQUE (lottery, member)
 * refuses a second entry, also in parallel.
 */
export async function enterLottery(db: Kysely<Database>, config: LotteriesConfig, input: EnterInput, now: Date): Promise<{ lottery: LotteryRow; entrants: number }> {
  const lottery = await findLottery(db, input.lotteryId);
  if (lottery === null) throw errors.LOTTERY_NOT_FOUND();
  if (lottery.anchor_id === input.memberId) throw errors.LOTTERY_OWN();
  const rows = await sql<{ created_at: Date; mobile: string; follows: boolean; intimacy: string | null; entered: boolean; by_ip: number; by_device: number }>`
    select u.created_at, u.mobile,
      exists (select 1 from user_follow f where f.follower_id = u.id and f.anchor_id = ${lottery.anchor_id}) as follows,
      (select m.intimacy from fan_medal m where m.member_id = u.id and m.anchor_id = ${lottery.anchor_id}) as intimacy,
      exists (select 1 from lottery_entry e where e.lottery_id = ${lottery.id} and e.member_id = u.id) as entered,
      ${config.entriesPerIp > 0 && input.ip !== null ? sql`(select count(*)::int from lottery_entry e where e.lottery_id = ${lottery.id} and e.ip = ${input.ip})` : sql`0`} as by_ip,
      ${config.entriesPerDevice > 0 && input.device !== null ? sql`(select count(*)::int from lottery_entry e where e.lottery_id = ${lottery.id} and e.device = ${input.device})` : sql`0`} as by_device
    from app_user u where u.id = ${input.memberId}`.execute(db);
  const row = rows.rows[0];
  if (row === undefined) throw errors.LOGIN_REQUIRED();
  if (row.entered) throw errors.LOTTERY_ALREADY_ENTERED();
  if (!isOpen(lottery, now)) throw errors.LOTTERY_CLOSED();
  if (lottery.condition === 'password') throw errors.LOTTERY_PASSWORD_NEEDED();
  if (lottery.condition === 'follow' && !row.follows) throw errors.LOTTERY_FOLLOW_NEEDED();
  if (lottery.condition === 'medal') {
    const level = row.intimacy === null ? 0 : fanMedalLevelOf(Number(row.intimacy));
    if (level < (lottery.medal_level ?? 1)) throw errors.LOTTERY_MEDAL_NEEDED(lottery.medal_level ?? 1);
  }
  if (config.minAccountAgeHours > 0 && now.getTime() - new Date(row.created_at).getTime() < config.minAccountAgeHours * 3_600_000) throw errors.LOTTERY_ACCOUNT_TOO_NEW(config.minAccountAgeHours);
  if (config.requireMobile && !isMainlandMobile(row.mobile)) throw errors.LOTTERY_MOBILE_NEEDED();
  if (config.entriesPerIp > 0 && row.by_ip >= config.entriesPerIp) throw errors.LOTTERY_TOO_MANY_FROM_ADDRESS();
  if (config.entriesPerDevice > 0 && row.by_device >= config.entriesPerDevice) throw errors.LOTTERY_TOO_MANY_FROM_DEVICE();
  try {
    const inserted = await db.transaction().execute(async (trx) => {
      const open = await sql`select id from lottery where id = ${lottery.id} and drawn_at is null and cancelled_at is null and ends_at > ${now} for share`.execute(trx);
      if (open.rows.length === 0) return false;
      await sql`insert into lottery_entry (lottery_id, member_id, created_at, via, ip, device) values (${lottery.id}, ${input.memberId}, ${now}, 'api', ${input.ip}, ${input.device})`.execute(trx);
      return true;
    });
    if (!inserted) throw errors.LOTTERY_CLOSED();
  } catch (error) {
    if (isUniqueViolation(error)) throw errors.LOTTERY_ALREADY_ENTERED();
    throw error;
  }
  return { lottery, entrants: await entrantCount(db, lottery.id) };
}

/**
 * A 口令 sent in a room (a chat line or danmaku): the member enters the room's open password
 * lottery with that 口令, unless it is their own, they entered already, or the account limits
 * (age, mobile) exclude them. Answers the lotteries entered (none or one).
 */
export async function enterPassword(db: Kysely<Database>, config: LotteriesConfig, roomId: number, memberId: number, text: string, now: Date): Promise<number[]> {
  const oldest = new Date(now.getTime() - config.minAccountAgeHours * 3_600_000);
  const rows = await db.transaction().execute(async (trx) => {
    const open = await sql<{ id: number }>`
      select l.id::int as id from lottery l join app_user u on u.id = ${memberId}
      where l.room_id = ${roomId} and l.condition = 'password' and l.password = ${text} and l.drawn_at is null and l.cancelled_at is null and l.ends_at > ${now}
        and l.anchor_id <> ${memberId}
        ${config.minAccountAgeHours > 0 ? sql`and u.created_at <= ${oldest}` : sql``}
        ${config.requireMobile ? sql`and u.mobile ~ ${MAINLAND_MOBILE.source}` : sql``}
      for share of l`.execute(trx);
    const ids = open.rows.map((row) => row.id);
    if (ids.length === 0) return [];
    const inserted = await sql<{ lottery_id: number }>`
      insert into lottery_entry (lottery_id, member_id, created_at, via) select id, ${memberId}, ${now}, 'password' from unnest(${ids}::bigint[]) as t(id)
      on conflict do nothing returning lottery_id::int as lottery_id`.execute(trx);
    return inserted.rows.map((row) => row.lottery_id);
  });
  return rows;
}

/**
 * Draws a lottery whose window ended: the row locked `WHERE drawn_at IS NULL AND cancelled_at IS
 * NULL` (two sweepers, two nodes, a restart: drawn once; the second finds it drawn), the winners
 * from the seed (lotteryDraw.ts), each coin winner paid escrow → member (set
 * `lottery_prize:<lottery>:<member>`), the prizes nobody won escrow → anchor (set
 * `lottery_refund:<lottery>`). Null when not due or already drawn or cancelled.
 */
export async function drawLottery(db: Kysely<Database>, lotteryId: number, now: Date): Promise<DrawnLottery | null> {
  const done = await db.transaction().execute(async (trx) => {
    const locked = await sql<{ anchor_id: number; prize_coins: number | null; winners: number; seed: string; ends_at: Date }>`
      select anchor_id::int as anchor_id, prize_coins::int as prize_coins, winners, seed, ends_at from lottery where id = ${lotteryId} and drawn_at is null and cancelled_at is null for update`.execute(trx);
    const row = locked.rows[0];
    if (row === undefined || row.ends_at.getTime() > now.getTime()) return null;
    const entries = await sql<{ member_id: number }>`select member_id::int as member_id from lottery_entry where lottery_id = ${lotteryId} order by member_id`.execute(trx);
    const entrantIds = entries.rows.map((entry) => entry.member_id);
    const winnerIds = drawWinners(row.seed, entrantIds, row.winners);
    if (winnerIds.length > 0) await sql`update lottery_entry set won = true where lottery_id = ${lotteryId} and member_id = any(${winnerIds}::bigint[])`.execute(trx);
    let refunded = 0;
    let refundSet: number | null = null;
    if (row.prize_coins !== null) {
      for (const memberId of winnerIds) {
        const prizeKey = `lottery_prize:${lotteryId}:${memberId}`;
        const paid = await transfer(trx, {
          idempotencyKey: prizeKey,
          kind: 'lottery_prize',
          reference: `lottery:${lotteryId}:prize`,
          legs: [{ from: { kind: 'lottery_escrow' }, to: { kind: 'member_coins', owner: memberId }, amount: row.prize_coins }],
        });
        if (!paid.replayed) await recordOrder(trx, { userId: memberId, type: 'lottery', coins: row.prize_coins, subject: '天选中奖', idempotencyKey: prizeKey, transferSetId: paid.setId, now });
        await sql`update lottery_entry set prize_set_id = ${paid.setId} where lottery_id = ${lotteryId} and member_id = ${memberId}`.execute(trx);
      }
      refunded = (row.winners - winnerIds.length) * row.prize_coins;
      if (refunded > 0) {
        const refundKey = `lottery_refund:${lotteryId}`;
        const set = await transfer(trx, {
          idempotencyKey: refundKey,
          kind: 'lottery_refund',
          reference: `lottery:${lotteryId}:unwon`,
          legs: [{ from: { kind: 'lottery_escrow' }, to: { kind: 'member_coins', owner: row.anchor_id }, amount: refunded }],
        });
        refundSet = set.setId;
        if (!set.replayed) await recordOrder(trx, { userId: row.anchor_id, type: 'lottery', coins: refunded, subject: '天选退回', idempotencyKey: refundKey, transferSetId: set.setId, now });
      }
    }
    await sql`update lottery set drawn_at = ${now}, refunded_coins = ${refunded}, refund_set_id = ${refundSet} where id = ${lotteryId}`.execute(trx);
    return { winnerIds, entrants: entrantIds.length, refunded };
  });
  if (done === null) return null;
  return { lottery: (await findLottery(db, lotteryId)) as LotteryRow, ...done };
}

/**
 * Cancels a lottery before its draw (its anchor, or ops: `byAnchor` null): the whole coin prize
 * goes escrow → anchor (set `lottery_refund:<lottery>`), `cancelled_at` set, under the same row
 * lock as the draw, so a lottery is drawn or cancelled, never both.
 */
export async function cancelLottery(db: Kysely<Database>, lotteryId: number, byAnchor: number | null, now: Date): Promise<{ lottery: LotteryRow; refunded: number }> {
  const lottery = await findLottery(db, lotteryId);
  if (lottery === null) throw errors.LOTTERY_NOT_FOUND();
  if (byAnchor !== null && lottery.anchor_id !== byAnchor) throw errors.LOTTERY_NOT_OWNER();
  const refunded = await db.transaction().execute(async (trx) => {
    const locked = await sql<{ anchor_id: number; prize_coins: number | null; winners: number }>`
      select anchor_id::int as anchor_id, prize_coins::int as prize_coins, winners from lottery where id = ${lotteryId} and drawn_at is null and cancelled_at is null for update`.execute(trx);
    const row = locked.rows[0];
    if (row === undefined) return null;
    const coins = row.prize_coins === null ? 0 : row.prize_coins * row.winners;
    let refundSet: number | null = null;
    if (coins > 0) {
      const refundKey = `lottery_refund:${lotteryId}`;
      const set = await transfer(trx, {
        idempotencyKey: refundKey,
        kind: 'lottery_refund',
        reference: `lottery:${lotteryId}:cancelled`,
        legs: [{ from: { kind: 'lottery_escrow' }, to: { kind: 'member_coins', owner: row.anchor_id }, amount: coins }],
      });
      refundSet = set.setId;
      if (!set.replayed) await recordOrder(trx, { userId: row.anchor_id, type: 'lottery', coins, subject: '天选退回', idempotencyKey: refundKey, transferSetId: set.setId, now });
    }
    await sql`update lottery set cancelled_at = ${now}, refunded_coins = ${coins}, refund_set_id = ${refundSet} where id = ${lotteryId}`.execute(trx);
    return coins;
  });
  if (refunded === null) throw errors.LOTTERY_NOT_CANCELLABLE();
  return { lottery: (await findLottery(db, lotteryId)) as LotteryRow, refunded };
}

/** Lotteries whose window ended and that are neither drawn nor cancelled, oldest end first. */
export async function dueLotteries(db: Kysely<Database>, now: Date, limit = 50): Promise<number[]> {
  const rows = await sql<{ id: number }>`select id::int as id from lottery where drawn_at is null and cancelled_at is null and ends_at <= ${now} order by ends_at limit ${limit}`.execute(db);
  return rows.rows.map((row) => row.id);
}

import { GIFT_COUNT_MAX } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../infra/db/schema';
import { newOrderNo } from '../orders';

/**
 * One batch of gift sends applied by one statement, `wallet_gift_send_batch` (migration 0022,
 * which documents what it does per send): one round trip and, run outside a transaction, one
 * commit for the whole batch. If the statement fails, nothing of the batch is applied.
 */

export interface GiftSendRequest {
  senderId: number;
  roomId: number;
  giftId: number;
  count: number;
  /** The member's Idempotency-Key. */
  idempotencyKey: string;
}

/** What happened to one send: `sent` now, `replayed` (the first send of the key), or why it was refused. */
export type GiftSendStatus = 'sent' | 'replayed' | 'reused' | 'insufficient' | 'room_not_found' | 'own_room' | 'gift_not_found';

export interface GiftSendRow {
  status: GiftSendStatus;
  /** The gift_send row (sent, replayed); null otherwise. */
  recordId: number | null;
  giftId: number;
  count: number;
  coins: number | null;
  /** The sender's balance right after the send (sent, replayed). */
  balance: number | null;
  createdAt: Date | null;
  roomId: number;
  /** Sent only: the room's anchor and what the room is told. */
  anchorId: number | null;
  senderNickname: string | null;
  gift: { name: string; icon: string; tier: number; combo: boolean } | null;
}

export interface GiftBatchOptions {
  /** WALLET_ANCHOR_SHARE_PERCENT. */
  anchorSharePercent: number;
  /** WALLET_HOT_SHARDS: the shard rows of an anchor earnings account created by the batch. */
  hotShards: number;
}

const LEDGER_KEY_MAX = 200;

/**
 * Refuses (throws, before it joins a batch) a send the database would refuse, which would fail
 * the whole batch with it: ids not positive integers, a count outside 1-GIFT_COUNT_MAX, a ledger
 * key (`gift:<sender>:<key>`) over 200 characters. The route's schema already bounds them.
 */
export function assertGiftSendWellFormed(send: GiftSendRequest): void {
  for (const id of [send.senderId, send.roomId, send.giftId]) if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`gifts: bad id ${id}`);
  if (!Number.isSafeInteger(send.count) || send.count < 1 || send.count > GIFT_COUNT_MAX) throw new Error(`gifts: count must be 1-${GIFT_COUNT_MAX}, got ${send.count}`);
  const key = `gift:${send.senderId}:${send.idempotencyKey}`;
  if (send.idempotencyKey.length === 0 || key.length > LEDGER_KEY_MAX) throw new Error(`gifts: the ledger key ${key.slice(0, 40)}… must be 1-${LEDGER_KEY_MAX} characters`);
}

interface BatchResultRow {
  ord: number;
  status: GiftSendStatus;
  record_id: string | null;
  gift_id: number;
  count: number;
  coins: string | null;
  balance: string | null;
  created_at: Date | null;
  room_id: string;
  anchor_id: string | null;
  sender_nickname: string | null;
  gift_name: string | null;
  gift_icon: string | null;
  gift_tier: number | null;
  gift_combo: boolean | null;
}

/**
 * Applies the sends (in the order given for one sender; see the migration for the order across
 * senders) at the app clock's `now`, in `db`'s transaction if it is one, else in the statement's
 * own. Answers one row per send, in the order given. Throws (nothing applied) if the statement fails.
 */
export async function applyGiftBatch(db: Kysely<Database>, sends: readonly GiftSendRequest[], options: GiftBatchOptions, now: Date): Promise<GiftSendRow[]> {
  if (sends.length === 0) return [];
  for (const send of sends) assertGiftSendWellFormed(send);
  const result = await sql<BatchResultRow>`
    select * from wallet_gift_send_batch(
      ${sends.map((send) => send.senderId)}::bigint[], ${sends.map((send) => send.roomId)}::bigint[],
      ${sends.map((send) => send.giftId)}::integer[], ${sends.map((send) => send.count)}::integer[],
      ${sends.map((send) => send.idempotencyKey)}::text[], ${sends.map(() => newOrderNo('gift', now))}::text[],
      ${sends.map(() => now.toISOString())}::timestamptz[], ${options.anchorSharePercent}::integer, ${options.hotShards}::integer)`.execute(db);
  const rows: GiftSendRow[] = new Array(sends.length);
  for (const row of result.rows) {
    rows[row.ord - 1] = {
      status: row.status,
      recordId: row.record_id === null ? null : Number(row.record_id),
      giftId: row.gift_id,
      count: row.count,
      coins: row.coins === null ? null : Number(row.coins),
      balance: row.balance === null ? null : Number(row.balance),
      createdAt: row.created_at,
      roomId: Number(row.room_id),
      anchorId: row.anchor_id === null ? null : Number(row.anchor_id),
      senderNickname: row.sender_nickname,
      gift: row.gift_name === null ? null : { name: row.gift_name, icon: row.gift_icon as string, tier: row.gift_tier as number, combo: row.gift_combo as boolean },
    };
  }
  if (result.rows.length !== sends.length || rows.some((row) => row === undefined)) throw new Error(`gifts: the batch answered ${result.rows.length} rows for ${sends.length} sends`);
  return rows;
}

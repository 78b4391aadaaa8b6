import { createHash } from 'node:crypto';
import type { Barrage, BarrageList, BarrageSendResult, BarrageStyle, ChatDanmakuStyle } from '@sports/shared/server';
import { levelOf } from '@sports/shared/server';
import type { Kysely, Selectable } from 'kysely';
import type { Clock } from '../../infra/clock';
import type { BarrageStyleTable, BarrageTable, Database } from '../../infra/db/schema';
import { errors } from '../../infra/http/errorCatalogue';
import { type ChatMedalBadge, memberChatName } from '../../chat/index';
import { type AddExp, splitGiftCoins } from '../gifts/gifts';
import { type LedgerOptions, type Leg, transfer } from '../ledger';
import { recordOrder } from '../orders';
import { excerpt } from '../horns/horns';
import { type ChatOutlet, admitSpeaker, cleanSpokenText } from '../chatOutlet';

export interface BarrageDeps {
  db: Kysely<Database>;
  clock: Clock;
  ledger: LedgerOptions;
  /** WALLET_ANCHOR_SHARE_PERCENT (a paid style's coins are split as a gift's). */
  anchorSharePercent: number;
  /** WALLET_BARRAGE_HISTORY: the room's last danmaku getList answers. */
  history: number;
  addExp: AddExp;
  chat: ChatOutlet;
}

/** A danmaku without a style: white, flying right to left (the chat socket's danmaku too). */
export const DEFAULT_BARRAGE_LOOK = { color: '#ffffff', position: 'scroll' } as const;

type StyleRow = Selectable<BarrageStyleTable>;
type BarrageRow = Selectable<BarrageTable>;

/** The styles on offer, in their order. */
export async function listStyles(db: Kysely<Database>): Promise<BarrageStyle[]> {
  const rows = await db.selectFrom('barrage_style').selectAll().where('enabled', '=', true).orderBy('sort').orderBy('id').execute();
  return rows.map(styleOf);
}

/**
 * `api/Barrage/getList`: the styles and the room's last danmaku (oldest first, as they flew), each
 * with the fan medal its sender wears as a line of theirs in this room shows it now (the chat's
 * `medalOf`, from the worn medals' cache: one read per sender not cached; absent when none).
 */
export async function barrageList(deps: Pick<BarrageDeps, 'db' | 'history'> & { chat?: Pick<ChatOutlet, 'medalOf'> }, roomId: number): Promise<BarrageList> {
  const room = await deps.db.selectFrom('live_room').select(['id', 'owner_id']).where('id', '=', roomId).executeTakeFirst();
  if (room === undefined) throw errors.BARRAGE_ROOM_NOT_FOUND();
  const [styles, rows] = await Promise.all([
    listStyles(deps.db),
    deps.db
      .selectFrom('barrage')
      .innerJoin('app_user', 'app_user.id', 'barrage.sender_id')
      .selectAll('barrage')
      .select('app_user.user_nickname')
      .where('barrage.room_id', '=', roomId)
      .orderBy('barrage.id', 'desc')
      .limit(deps.history)
      .execute(),
  ]);
  const medals = await medalsOf(deps.chat, rows.map((row) => row.sender_id), room.owner_id);
  return {
    styles,
    list: rows.reverse().map((row) => {
      const medal = medals.get(row.sender_id) ?? null;
      return medal === null ? barrageOf(row, row.user_nickname) : { ...barrageOf(row, row.user_nickname), medal };
    }),
  };
}

/** The worn medal of each sender (once each) in the room of `roomOwnerId`; a failing lookup leaves that sender's lines without it, as a live line goes without it. */
async function medalsOf(chat: Pick<ChatOutlet, 'medalOf'> | undefined, senderIds: readonly number[], roomOwnerId: number): Promise<Map<number, ChatMedalBadge | null>> {
  const medalOf = chat?.medalOf;
  if (medalOf === undefined) return new Map();
  const senders = [...new Set(senderIds)];
  const medals = await Promise.all(senders.map(async (senderId) => (await Promise.resolve(medalOf.call(chat, senderId, roomOwnerId)).catch(() => null)) ?? null));
  return new Map(senders.map((senderId, index) => [senderId, medals[index] ?? null]));
}

export interface BarrageOutcome {
  result: BarrageSendResult;
  /** What the room's chat delivers after commit; null on a replay. */
  delivery: { groupId: string; text: string; style: ChatDanmakuStyle | null; barrageId: number } | null;
}

/**
 * A danmaku over HTTP: the chat's text rule, the style (level-gated ones refused below their
 * level), the chat's mutes and limits for the room, then the row; a paid style in one transaction
 * with its ledger set `barrage:<sender>:<key>` (coins → the anchor's earnings at the gift share,
 * the rest → platform revenue; all to the platform in the sender's own room), the order and exp.
 * A repeated key answers the first send; with other parameters WALLET_IDEMPOTENCY_KEY_REUSED.
 */
export async function sendBarrage(deps: BarrageDeps, senderId: number, input: { roomId: number; text: string; styleId: number | null; idempotencyKey: string | null }): Promise<BarrageOutcome> {
  const { db } = deps;
  const text = cleanSpokenText(input.text, deps.chat);
  const room = await db.selectFrom('live_room').select(['id', 'owner_id']).where('id', '=', input.roomId).executeTakeFirst();
  if (room === undefined) throw errors.BARRAGE_ROOM_NOT_FOUND();
  const style = input.styleId === null ? null : ((await db.selectFrom('barrage_style').selectAll().where('id', '=', input.styleId).where('enabled', '=', true).executeTakeFirst()) ?? null);
  if (input.styleId !== null && style === null) throw errors.BARRAGE_STYLE_NOT_FOUND();
  const paid = style !== null && style.price > 0;
  if (paid && input.idempotencyKey === null) throw errors.WALLET_IDEMPOTENCY_KEY_MISSING();
  // A free send may carry a key too: its retry then answers the first send instead of a second danmaku.
  const key = input.idempotencyKey;
  if (key !== null) {
    // A retry of an applied send answers it before any limit (the rate must not refuse a retry).
    const earlier = await db.selectFrom('barrage').selectAll().where('sender_id', '=', senderId).where('idempotency_key', '=', key).executeTakeFirst();
    if (earlier !== undefined) {
      if (earlier.room_id !== room.id || earlier.style_id !== (style?.id ?? null) || earlier.text !== text) throw errors.WALLET_IDEMPOTENCY_KEY_REUSED();
      return { result: await resultOf(db, earlier), delivery: null };
    }
  }
  const sender = await db.selectFrom('app_user').select(['exp', 'balance']).where('id', '=', senderId).executeTakeFirstOrThrow();
  const level = levelOf(sender.exp);
  if (style !== null && level < style.min_level) throw errors.BARRAGE_STYLE_LEVEL(style.min_level);
  const groupId = String(room.owner_id);
  await admitSpeaker(deps.chat, senderId, groupId);

  const now = deps.clock();
  const look = style === null ? DEFAULT_BARRAGE_LOOK : { color: style.color, position: style.position };
  const values = { room_id: room.id, sender_id: senderId, text, level, style_id: style?.id ?? null, ...look, message_id: null, created_at: now };
  const deliveryOf = (barrageId: number) => ({ groupId, text, style: style === null ? null : { styleId: style.id, color: style.color, position: style.position }, barrageId });

  if (!paid || key === null || style === null) {
    const row = await db
      .insertInto('barrage')
      .values({ ...values, balance_after: null, idempotency_key: key, transfer_set_id: null })
      .onConflict((conflict) => conflict.constraint('barrage_key').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row === undefined) {
      // The same key in parallel: the other request's send is the one.
      const first = await db.selectFrom('barrage').selectAll().where('sender_id', '=', senderId).where('idempotency_key', '=', key).executeTakeFirstOrThrow();
      // ... if it is this send: the same key with another room, style or text is a reuse, as before the race.
      if (first.room_id !== room.id || first.style_id !== (style?.id ?? null) || first.text !== text) throw errors.WALLET_IDEMPOTENCY_KEY_REUSED();
      return { result: await resultOf(db, first), delivery: null };
    }
    return { result: { barrage: await withNickname(db, row), coins: 0, balance: Number(sender.balance) }, delivery: deliveryOf(Number(row.id)) };
  }

  const coins = style.price;
  const ownRoom = room.owner_id === senderId;
  const split = ownRoom ? { anchor: 0, platform: coins } : splitGiftCoins(coins, deps.anchorSharePercent);
  const legs: Leg[] = [];
  if (split.anchor > 0) legs.push({ from: { kind: 'member_coins', owner: senderId }, to: { kind: 'anchor_earnings', owner: room.owner_id }, amount: split.anchor });
  if (split.platform > 0) legs.push({ from: { kind: 'member_coins', owner: senderId }, to: { kind: 'platform_revenue' }, amount: split.platform });
  return db.transaction().execute(async (trx) => {
    // The text by its digest (as horns): the whole text counts in the fingerprint, at any length (a cut reference let two texts share one).
    const digest = createHash('sha256').update(text).digest('hex').slice(0, 16);
    const applied = await transfer(trx, { idempotencyKey: `barrage:${senderId}:${key}`, kind: 'barrage', reference: `room:${room.id}:barrage-style:${style.id}:text:${digest}`, legs }, deps.ledger);
    if (applied.replayed) {
      const first = await trx.selectFrom('barrage').selectAll().where('sender_id', '=', senderId).where('idempotency_key', '=', key).executeTakeFirstOrThrow();
      return { result: await resultOf(trx, first), delivery: null };
    }
    const after = await trx.selectFrom('app_user').select('balance').where('id', '=', senderId).executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('barrage')
      .values({ ...values, coins, anchor_coins: split.anchor, platform_coins: split.platform, balance_after: Number(after.balance), idempotency_key: key, transfer_set_id: applied.setId })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordOrder(trx, { userId: senderId, type: 'barrage', coins: -coins, subject: `弹幕（${style.name}）：${excerpt(text)}`, idempotencyKey: key, transferSetId: applied.setId, now });
    await deps.addExp(trx, senderId, coins);
    return { result: { barrage: await withNickname(trx, row), coins, balance: Number(after.balance) }, delivery: deliveryOf(Number(row.id)) };
  });
}

function styleOf(row: StyleRow): BarrageStyle {
  return { id: row.id, name: row.name, color: row.color, position: row.position, price: row.price, min_level: row.min_level };
}

function barrageOf(row: BarrageRow, nickname: string): Barrage {
  return {
    id: row.id,
    room_id: row.room_id,
    user_id: row.sender_id,
    user_nickname: memberChatName(nickname, row.sender_id),
    level: row.level,
    text: row.text,
    style_id: row.style_id,
    color: row.color,
    position: row.position,
    created_at: row.created_at.toISOString(),
  };
}

async function withNickname(db: Kysely<Database>, row: BarrageRow): Promise<Barrage> {
  const sender = await db.selectFrom('app_user').select('user_nickname').where('id', '=', row.sender_id).executeTakeFirstOrThrow();
  return barrageOf(row, sender.user_nickname);
}

/** A retry's answer: the first send as applied, the balance as it was then (a free send's: as it is now). */
async function resultOf(db: Kysely<Database>, row: BarrageRow): Promise<BarrageSendResult> {
  const balance = row.balance_after ?? (await db.selectFrom('app_user').select('balance').where('id', '=', row.sender_id).executeTakeFirstOrThrow()).balance;
  return { barrage: await withNickname(db, row), coins: Number(row.coins), balance: Number(balance) };
}

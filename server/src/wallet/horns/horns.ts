import { createHash } from 'node:crypto';
import { type ChatHorn, HORN_PAGE_SIZE_DEFAULT, type HornListQuery, type HornPage, type SneHornResult, levelOf } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import { memberChatName } from '../../chat/index';
import type { Clock } from '../../infra/clock';
import type { Database } from '../../infra/db/schema';
import { errors } from '../../infra/http/errorCatalogue';
import { type ChatOutlet, admitSpeaker, cleanSpokenText } from '../chatOutlet';
import type { AddExp } from '../gifts/gifts';
import { type LedgerOptions, transfer } from '../ledger';
import { recordOrder } from '../orders';

export interface HornDeps {
  db: Kysely<Database>;
  clock: Clock;
  ledger: LedgerOptions;
  /** WALLET_HORN_PRICE. */
  price: number;
  /** WALLET_HORN_INTERVAL_SECONDS (0: no interval). */
  intervalSeconds: number;
  addExp: AddExp;
  chat: ChatOutlet;
}

export interface HornOutcome {
  result: SneHornResult;
  /** What every connection receives; null on a replay (nothing happened now). */
  horn: ChatHorn | null;
}

type HornRow = { id: number; sender_id: number; text: string; level: number; coins: number; balance_after: number; created_at: Date };

/**
 * A horn: a paid message every viewer of every room sees. The text is cleaned and bounded as the
 * chat's; the member passes the chat's rate; then one transaction: the ledger set
 * `horn:<sender>:<key>` (sender's coins → platform revenue), the interval (one horn per
 * WALLET_HORN_INTERVAL_SECONDS, read after the debit has locked the sender's coin row, so two
 * horns of one member take turns and the second sees the first), the horn row, the order, exp.
 * A repeated key answers the first horn; with another text it is WALLET_IDEMPOTENCY_KEY_REUSED.
 */
export async function sendHorn(deps: HornDeps, senderId: number, input: { text: string; idempotencyKey: string }): Promise<HornOutcome> {
  const { db } = deps;
  const text = cleanSpokenText(input.text, deps.chat);
  // A retry of an applied horn answers it before any limit (the rate must not refuse a retry).
  const earlier = await db.selectFrom('horn').selectAll().where('sender_id', '=', senderId).where('idempotency_key', '=', input.idempotencyKey).executeTakeFirst();
  if (earlier !== undefined) {
    if (earlier.text !== text) throw errors.WALLET_IDEMPOTENCY_KEY_REUSED();
    return { result: await resultOf(db, earlier), horn: null };
  }
  await admitSpeaker(deps.chat, senderId, null);
  const now = deps.clock();
  const digest = createHash('sha256').update(text).digest('hex').slice(0, 16);

  return db.transaction().execute(async (trx) => {
    const applied = await transfer(
      trx,
      { idempotencyKey: `horn:${senderId}:${input.idempotencyKey}`, kind: 'horn', reference: `horn:text:${digest}`, legs: [{ from: { kind: 'member_coins', owner: senderId }, to: { kind: 'platform_revenue' }, amount: deps.price }] },
      deps.ledger,
    );
    if (applied.replayed) {
      const first = await trx.selectFrom('horn').selectAll().where('sender_id', '=', senderId).where('idempotency_key', '=', input.idempotencyKey).executeTakeFirstOrThrow();
      return { result: await resultOf(trx, first), horn: null };
    }
    if (deps.intervalSeconds > 0) {
      const last = await trx.selectFrom('horn').select('created_at').where('sender_id', '=', senderId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
      const waitMs = last === undefined ? 0 : last.created_at.getTime() + deps.intervalSeconds * 1000 - now.getTime();
      if (waitMs > 0) throw errors.HORN_TOO_SOON(Math.ceil(waitMs / 1000));
    }
    const sender = await trx.selectFrom('app_user').select(['balance', 'user_nickname', 'avatar', 'exp']).where('id', '=', senderId).executeTakeFirstOrThrow();
    const level = levelOf(sender.exp);
    const row = await trx
      .insertInto('horn')
      .values({ sender_id: senderId, text, level, coins: deps.price, balance_after: Number(sender.balance), idempotency_key: input.idempotencyKey, transfer_set_id: applied.setId, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordOrder(trx, { userId: senderId, type: 'horn', coins: -deps.price, subject: `喇叭：${excerpt(text)}`, idempotencyKey: input.idempotencyKey, transferSetId: applied.setId, now });
    await deps.addExp(trx, senderId, deps.price);
    const nickname = memberChatName(sender.user_nickname, senderId);
    const horn: ChatHorn = { id: String(row.id), text, senderId: String(senderId), senderNickname: nickname, level, sentAt: now.getTime() };
    return { result: { horn: hornOf(row, nickname, sender.avatar), balance: Number(row.balance_after) }, horn };
  });
}

/** The site's recent horns, newest first, by keyset (`cursor`: the last id of the previous page). */
export async function listHorns(db: Kysely<Database>, query: HornListQuery, price: number): Promise<HornPage> {
  const size = query.page_size ?? HORN_PAGE_SIZE_DEFAULT;
  let select = db
    .selectFrom('horn')
    .innerJoin('app_user', 'app_user.id', 'horn.sender_id')
    .select(['horn.id', 'horn.sender_id', 'horn.text', 'horn.level', 'horn.coins', 'horn.balance_after', 'horn.created_at', 'app_user.user_nickname', 'app_user.avatar'])
    .orderBy('horn.id', 'desc')
    .limit(size + 1);
  if (query.cursor !== undefined) select = select.where('horn.id', '<', Number(query.cursor));
  const rows = await select.execute();
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    list: page.map((row) => hornOf(row, memberChatName(row.user_nickname, row.sender_id), row.avatar)),
    next_cursor: rows.length > size && last !== undefined ? String(last.id) : null,
    price,
  };
}

function hornOf(row: HornRow, nickname: string, avatar: string): SneHornResult['horn'] {
  return { id: row.id, user_id: row.sender_id, user_nickname: nickname, avatar, level: row.level, text: row.text, coins: Number(row.coins), created_at: row.created_at.toISOString() };
}

async function resultOf(db: Kysely<Database>, row: HornRow): Promise<SneHornResult> {
  const sender = await db.selectFrom('app_user').select(['user_nickname', 'avatar']).where('id', '=', row.sender_id).executeTakeFirstOrThrow();
  return { horn: hornOf(row, memberChatName(sender.user_nickname, row.sender_id), sender.avatar), balance: Number(row.balance_after) };
}

/** The first characters of a text, for an order's subject. */
export function excerpt(text: string, length = 12): string {
  const chars = [...text];
  return chars.length <= length ? text : `${chars.slice(0, length).join('')}…`;
}

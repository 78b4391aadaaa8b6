import type { AliPayInfo, BankCardInfo, BindAliPayQuery, BindBankCardQuery } from '@sports/shared/server';
import type { Kysely, Selectable } from 'kysely';
import { type IdCipher, maskLegalName, normaliseLegalName, verifiedLegalName } from '../../member/index';
import type { BankCardTable, Database, PayoutAccountKind } from '../../infra/db/schema';
import { errors } from '../../infra/http/errorCatalogue';
import { isCardNumber, lastFour, maskAlipayAccount, maskCardNumber } from './payoutNumbers';

/**
 * A member's payout accounts (`api/Bank_card/*`): one bank card and one Alipay account, each
 * bound (or replaced) by the member after real-name verification, in their verified legal name.
 * The number and the holder are stored AES-256-GCM with the member domain's cipher (the one of
 * the ID numbers; the additional data names the user and the kind), answered masked only.
 */

export const ALIPAY_BANK_NAME = '支付宝';

export interface PayoutDeps {
  db: Kysely<Database>;
  cipher: IdCipher;
}

/** The additional data of a stored payout field: the value does not decrypt in another row or column. */
export const payoutContext = (userId: number, kind: PayoutAccountKind, field: 'number' | 'holder'): string => `bank_card:${userId}:${kind}:${field}`;

/** The holder must be the verified legal name (same normalisation as the verification: dots unified, trimmed). */
async function checkHolder(deps: PayoutDeps, userId: number, holder: string): Promise<string> {
  const legalName = await verifiedLegalName(deps.db, deps.cipher, userId);
  if (legalName === null) throw errors.WALLET_PAYOUT_NOT_VERIFIED();
  if (normaliseLegalName(holder) !== legalName) throw errors.WALLET_PAYOUT_HOLDER_MISMATCH();
  return legalName;
}

export async function bindBankCard(deps: PayoutDeps, userId: number, query: BindBankCardQuery, now: Date): Promise<BankCardInfo> {
  const holder = await checkHolder(deps, userId, query.holder);
  if (!isCardNumber(query.card_number)) throw errors.WALLET_CARD_NUMBER_INVALID();
  const row = await save(deps, userId, 'card', { number: query.card_number, masked: maskCardNumber(query.card_number), bankName: query.bank_name.trim(), holder }, now);
  return toCardInfo(row);
}

export async function bindAliPay(deps: PayoutDeps, userId: number, query: BindAliPayQuery, now: Date): Promise<AliPayInfo> {
  const holder = await checkHolder(deps, userId, query.holder);
  const account = query.account.trim().toLowerCase();
  const row = await save(deps, userId, 'alipay', { number: account, masked: maskAlipayAccount(account), bankName: ALIPAY_BANK_NAME, holder }, now);
  return toAliPayInfo(row);
}

async function save(deps: PayoutDeps, userId: number, kind: PayoutAccountKind, account: { number: string; masked: string; bankName: string; holder: string }, now: Date) {
  const values = {
    number_cipher: deps.cipher.encrypt(account.number, payoutContext(userId, kind, 'number')),
    number_masked: account.masked,
    last4: lastFour(account.number),
    bank_name: account.bankName,
    holder_cipher: deps.cipher.encrypt(account.holder, payoutContext(userId, kind, 'holder')),
    holder_masked: maskLegalName(account.holder),
    bound_at: now,
  };
  return deps.db
    .insertInto('bank_card')
    .values({ user_id: userId, kind, ...values })
    .onConflict((conflict) => conflict.columns(['user_id', 'kind']).doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The member's bound account of the kind, or undefined. */
export function payoutAccountOf(db: Kysely<Database>, userId: number, kind: PayoutAccountKind): Promise<Selectable<BankCardTable> | undefined> {
  return db.selectFrom('bank_card').selectAll().where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
}

export async function bankCardInfo(db: Kysely<Database>, userId: number): Promise<BankCardInfo | null> {
  const row = await payoutAccountOf(db, userId, 'card');
  return row === undefined ? null : toCardInfo(row);
}

export async function aliPayInfo(db: Kysely<Database>, userId: number): Promise<AliPayInfo | null> {
  const row = await payoutAccountOf(db, userId, 'alipay');
  return row === undefined ? null : toAliPayInfo(row);
}

function toCardInfo(row: Selectable<BankCardTable>): BankCardInfo {
  return { card_number: row.number_masked, last4: row.last4, bank_name: row.bank_name, holder: row.holder_masked, bound_at: row.bound_at.toISOString() };
}

function toAliPayInfo(row: Selectable<BankCardTable>): AliPayInfo {
  return { account: row.number_masked, holder: row.holder_masked, bound_at: row.bound_at.toISOString() };
}

import type { AliPayInfo, BankCardInfo, BindAliPayQuery, BindBankCardQuery } from '@sports/shared/server';
import type { Kysely, Selectable } from 'kysely';
import { BANK_NAME_MAX, BANK_NAME_MIN } from '@sports/shared/server';
import { type IdCipher, type IdentityChecker, checkIdentity, isVerified, maskLegalName, normaliseLegalName, verifiedLegalName } from '../../member/index';
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

/**
 * The order leaks nothing (issue 32): every malformed field is refused first (the card's Luhn
 * check, the bank's name, the holder's shape), then verification; only then is the holder
 * compared with the verified legal name, under the per-member and per-address limits
 * (member/identityChecks.ts), each outcome written to `identity_check`. A wrong number with a
 * guessed name answers the number's error whatever the name.
 */
async function checkHolder(deps: PayoutDeps, who: IdentityChecker, holder: string | null, now: Date): Promise<string> {
  if (holder === null) throw errors.WALLET_PAYOUT_HOLDER_INVALID();
  if (!(await isVerified(deps.db, who.userId))) throw errors.WALLET_PAYOUT_NOT_VERIFIED();
  const legalName = await checkIdentity(deps.db, who, 'legal_name', now, async (trx) => {
    const stored = await verifiedLegalName(trx, deps.cipher, who.userId);
    const matched = stored !== null && holder === stored;
    return { matched, failed: !matched, result: matched ? stored : null };
  });
  if (legalName === null) throw errors.WALLET_PAYOUT_HOLDER_MISMATCH();
  return legalName;
}

/** A bank's name as stored: trimmed, 2-30 characters, no control or markup characters. */
export function cleanBankName(raw: string): string | null {
  const name = raw.trim();
  const length = [...name].length;
  if (length < BANK_NAME_MIN || length > BANK_NAME_MAX) return null;
  return /[\u0000-\u001f\u007f<>"'`\\]/.test(name) ? null : name;
}

export async function bindBankCard(deps: PayoutDeps, who: IdentityChecker, query: BindBankCardQuery, now: Date): Promise<BankCardInfo> {
  if (!isCardNumber(query.card_number)) throw errors.WALLET_CARD_NUMBER_INVALID();
  const bankName = cleanBankName(query.bank_name);
  if (bankName === null) throw errors.WALLET_BANK_NAME_INVALID();
  const holder = await checkHolder(deps, who, normaliseLegalName(query.holder), now);
  const row = await save(deps, who.userId, 'card', { number: query.card_number, masked: maskCardNumber(query.card_number), bankName, holder }, now);
  return toCardInfo(row);
}

/** A mainland mobile number or an email address (the schema's pattern, checked again after trimming). */
const ALIPAY_ACCOUNT = /^(1[3-9][0-9]{9}|[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,})$/;

export async function bindAliPay(deps: PayoutDeps, who: IdentityChecker, query: BindAliPayQuery, now: Date): Promise<AliPayInfo> {
  const account = query.account.trim().toLowerCase();
  if (!ALIPAY_ACCOUNT.test(account)) throw errors.VALIDATION('支付宝账号须为手机号或邮箱');
  const holder = await checkHolder(deps, who, normaliseLegalName(query.holder), now);
  const row = await save(deps, who.userId, 'alipay', { number: account, masked: maskAlipayAccount(account), bankName: ALIPAY_BANK_NAME, holder }, now);
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

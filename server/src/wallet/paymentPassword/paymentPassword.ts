import type { PaymentPasswordRequest, PaymentPasswordResult } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import { codeCheckError, consumeSmsCode, hashPassword, verifyPassword } from '../../accounts/index';
import { CHINA_OFFSET_MS } from '../../infra/chinaTime';
import type { Database } from '../../infra/db/schema';
import { errors } from '../../infra/http/errorCatalogue';
import { type IdentityChecker, admitIdentityCheck, recordIdentityCheck } from '../../member/index';
import { PAYMENT_PASSWORD_MAX_TRIES } from '../withdrawals/withdrawalsConfig';

/**
 * The payment password (`api/Member/paymentPassword`): 6 digits, argon2id like the login
 * password. Set once freely; changed only with an SMS code (type 2) sent to the member's own
 * mobile, which also lifts a lock. Paid actions that need it (withdrawals) call
 * `checkPaymentPassword`: five wrong tries in a row lock it for `lockMinutes`; each wrong try is
 * counted in a statement of its own (committed before the refusal), so a rolled-back request
 * never forgets one.
 */

export interface PaymentPasswordState {
  set: boolean;
  /** While locked: until when; else null. */
  lockedUntil: Date | null;
}

export async function paymentPasswordState(db: Kysely<Database>, userId: number, now: Date): Promise<PaymentPasswordState> {
  const row = await db.selectFrom('payment_password').select('locked_until').where('user_id', '=', userId).executeTakeFirst();
  if (row === undefined) return { set: false, lockedUntil: null };
  return { set: true, lockedUntil: row.locked_until !== null && row.locked_until.getTime() > now.getTime() ? row.locked_until : null };
}

/** Sets the password (none yet), or changes it with the SMS code (one set already). */
export async function setPaymentPassword(db: Kysely<Database>, userId: number, request: PaymentPasswordRequest, now: Date): Promise<PaymentPasswordResult> {
  const existing = await db.selectFrom('payment_password').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  if (existing === undefined) {
    const passwordHash = await hashPassword(request.password);
    const inserted = await db
      .insertInto('payment_password')
      .values({ user_id: userId, password_hash: passwordHash, updated_at: now })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .returning('user_id')
      .executeTakeFirst();
    // Set meanwhile by a parallel request: from now on it is a change.
    if (inserted !== undefined) return { payment_password_set: 1, changed: 0 };
  }
  const code = request.code;
  if (code === undefined) throw errors.WALLET_PAYMENT_PASSWORD_CODE_REQUIRED();
  const user = await db.selectFrom('app_user').select('mobile').where('id', '=', userId).executeTakeFirstOrThrow();
  const check = await db.transaction().execute(async (trx) => {
    const outcome = await consumeSmsCode(trx, user.mobile, 2, code, now);
    // A wrong code's try is counted and committed with this transaction; the refusal follows it.
    if (outcome.kind !== 'ok') return outcome;
    const passwordHash = await hashPassword(request.password);
    await trx.updateTable('payment_password').set({ password_hash: passwordHash, failed_tries: 0, locked_until: null, updated_at: now }).where('user_id', '=', userId).execute();
    return outcome;
  });
  if (check.kind !== 'ok') throw codeCheckError(check);
  return { payment_password_set: 1, changed: 1 };
}

/**
 * Refuses unless `password` is the member's payment password: not set, locked (until when), or
 * wrong (tries left; the fifth locks). A right one clears the count. Each comparison is also
 * under the identity checks' limits (per member and per address, member/identityChecks.ts) and
 * written to `identity_check`, in the same transaction as the count.
 */
export async function checkPaymentPassword(db: Kysely<Database>, who: IdentityChecker, password: string, lockMinutes: number, now: Date): Promise<void> {
  const userId = who.userId;
  // The member's checks take turns on the row lock, the verify included: parallel guesses each see
  // the lock the previous ones set (read before the lock, they would all be verified while the
  // fifth wrong one locks, and a right guess among them would pass). The outcome is committed
  // with the count, then refused.
  const refusal = await db.transaction().execute(async (trx) => {
    // The identity locks first (member, then address), the row lock after: every path takes them in this order.
    const limited = await admitIdentityCheck(trx, who, 'payment_password', now);
    if (limited !== undefined) return limited;
    const row = await trx.selectFrom('payment_password').select(['password_hash', 'failed_tries', 'locked_until']).where('user_id', '=', userId).forUpdate().executeTakeFirst();
    if (row === undefined) return errors.WALLET_PAYMENT_PASSWORD_NOT_SET();
    if (row.locked_until !== null && row.locked_until.getTime() > now.getTime()) return errors.WALLET_PAYMENT_PASSWORD_LOCKED(chinaMinute(row.locked_until));
    const matched = await verifyPassword(row.password_hash, password);
    await recordIdentityCheck(trx, who, 'payment_password', { matched, failed: !matched }, now);
    if (matched) {
      if (row.failed_tries > 0) await trx.updateTable('payment_password').set({ failed_tries: 0 }).where('user_id', '=', userId).execute();
      return undefined;
    }
    const lockUntil = new Date(now.getTime() + lockMinutes * 60_000);
    // The fifth wrong try in a row locks and starts a new count.
    const counted = await trx
      .updateTable('payment_password')
      .set({
        failed_tries: sql<number>`case when failed_tries + 1 >= ${PAYMENT_PASSWORD_MAX_TRIES} then 0 else failed_tries + 1 end`,
        locked_until: sql<Date | null>`case when failed_tries + 1 >= ${PAYMENT_PASSWORD_MAX_TRIES} then ${lockUntil}::timestamptz else locked_until end`,
      })
      .where('user_id', '=', userId)
      .returning(['failed_tries', 'locked_until'])
      .executeTakeFirstOrThrow();
    if (counted.locked_until !== null && counted.locked_until.getTime() > now.getTime()) return errors.WALLET_PAYMENT_PASSWORD_LOCKED(chinaMinute(counted.locked_until));
    return errors.WALLET_PAYMENT_PASSWORD_WRONG(PAYMENT_PASSWORD_MAX_TRIES - counted.failed_tries);
  });
  if (refusal !== undefined) throw refusal;
}

/** `2026-11-18 12:30` in China. */
export function chinaMinute(at: Date): string {
  return new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../infra/db/schema';
import type { BusinessError } from '../../infra/http/businessError';
import { errors } from '../../infra/http/errorCatalogue';

export const SMS_CODE_TTL_MS = 10 * 60_000;
export const SMS_CODE_MAX_ATTEMPTS = 5;

/** 6 digits from the CSPRNG (leading zeros kept). */
export function generateSmsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

function hashCode(code: string, salt: Buffer): Buffer {
  return createHmac('sha256', salt).update(code).digest();
}

/** Stores a new code for the number and purpose; only the newest one counts from now on. */
export async function storeSmsCode(trx: Transaction<Database>, mobile: string, purpose: 1 | 2, code: string, now: Date): Promise<number> {
  const salt = randomBytes(16);
  const row = await trx
    .insertInto('sms_code')
    .values({ mobile, purpose, code_hash: hashCode(code, salt), salt, created_at: now, expires_at: new Date(now.getTime() + SMS_CODE_TTL_MS) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A code that could not be delivered must not be usable. */
export async function discardSmsCode(db: Kysely<Database>, id: number, now: Date): Promise<void> {
  await db.updateTable('sms_code').set({ consumed_at: now }).where('id', '=', id).execute();
}

export type CodeCheck =
  | { kind: 'ok' }
  | { kind: 'missing' }
  | { kind: 'expired' }
  | { kind: 'dead' }
  | { kind: 'wrong'; remaining: number };

/** The error a failed code check answers (the last wrong try answers as a dead code). */
export function codeCheckError(check: Exclude<CodeCheck, { kind: 'ok' }>): BusinessError {
  if (check.kind === 'wrong') return check.remaining > 0 ? errors.SMS_CODE_WRONG(check.remaining) : errors.SMS_CODE_DEAD();
  return { missing: errors.SMS_CODE_MISSING, expired: errors.SMS_CODE_EXPIRED, dead: errors.SMS_CODE_DEAD }[check.kind]();
}

/**
 * Checks `code` against the newest code for the number and purpose, locking that row. Right:
 * the code is used up. Wrong: one try is counted (the caller must commit that before refusing).
 */
export async function consumeSmsCode(trx: Transaction<Database>, mobile: string, purpose: 1 | 2, code: string, now: Date): Promise<CodeCheck> {
  const row = await trx
    .selectFrom('sms_code')
    .select(['id', 'code_hash', 'salt', 'attempts', 'expires_at', 'consumed_at'])
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (row === undefined || row.consumed_at !== null) return { kind: 'missing' };
  if (row.expires_at.getTime() <= now.getTime()) return { kind: 'expired' };
  if (row.attempts >= SMS_CODE_MAX_ATTEMPTS) return { kind: 'dead' };
  if (!timingSafeEqual(hashCode(code, row.salt), row.code_hash)) {
    await trx.updateTable('sms_code').set({ attempts: row.attempts + 1 }).where('id', '=', row.id).execute();
    return { kind: 'wrong', remaining: SMS_CODE_MAX_ATTEMPTS - row.attempts - 1 };
  }
  await trx.updateTable('sms_code').set({ consumed_at: now }).where('id', '=', row.id).execute();
  return { kind: 'ok' };
}

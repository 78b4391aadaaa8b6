import type { ForgotPasswordRequest } from '@sports/shared/server';
import type { Kysely, Transaction } from 'kysely';
import type { AccountServices } from './accountServices';
import { clearLoginFailures } from './sessions/loginThrottle';
import { hashPassword } from './sessions/passwords';
import { revokeAllSessions } from './sessions/sessions';
import { formatWait } from '../infra/clock';
import { LockSpace, lockKey } from '../infra/db/advisoryLock';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { type CodeCheck, codeCheckError, consumeSmsCode } from './sms/smsCodes';
import { parseMobile } from './mobile';

const HOUR_MS = 3_600_000;

type ResetOutcome = { kind: 'done' } | { kind: 'limited'; waitMs: number } | Exclude<CodeCheck, { kind: 'ok' }>;

/**
 * Password reset: SMS code (type 2), new password, every session of the user revoked, the
 * number's failed logins cleared (a reset always gets the owner back in).
 *
 * The order is what keeps it cheap to refuse: the address's failure count, then the code (a
 * wrong try is counted and committed before the refusal), and only after a right code the
 * argon2 hash, so bad requests never reach the thread pool that serves the site's files.
 * Failures are limited per client address; per number the code itself is the limit (5 tries,
 * then it is dead, and codes are limited per number), with no per-number lock anyone could trip.
 */
export async function resetPassword(db: Kysely<Database>, services: AccountServices, request: ForgotPasswordRequest, ip: string): Promise<void> {
  const mobile = parseMobile(request.mobile).full;
  const now = services.clock();
  const outcome = await db.transaction().execute(async (trx): Promise<ResetOutcome> => {
    // Concurrent attempts from one address take turns, so the count holds.
    await lockKey(trx, LockSpace.resetIp, ip);
    const waitMs = await waitForAddress(trx, ip, services.config.reset.failuresPerIpHour, now);
    if (waitMs > 0) return { kind: 'limited', waitMs };
    const check = await consumeSmsCode(trx, mobile, 2, request.code, now);
    if (check.kind !== 'ok') {
      await trx.insertInto('reset_failure').values({ mobile, ip, created_at: now }).execute();
      return check;
    }
    const passwordHash = await hashPassword(request.password);
    const user = await trx.updateTable('app_user').set({ password_hash: passwordHash }).where('mobile', '=', mobile).returning('id').executeTakeFirst();
    // No user: the decoy code of an unknown number was guessed; answer like a used code.
    if (user === undefined) return { kind: 'missing' };
    await revokeAllSessions(trx, user.id, now);
    await clearLoginFailures(trx, mobile);
    return { kind: 'done' };
  });
  if (outcome.kind === 'done') return;
  if (outcome.kind === 'limited') throw errors.RESET_PASSWORD_TOO_MANY_FAILURES(formatWait(outcome.waitMs));
  throw codeCheckError(outcome);
}

/** Milliseconds until the address may try again (0: now): `max` failures in the last hour block. */
async function waitForAddress(trx: Transaction<Database>, ip: string, max: number, now: Date): Promise<number> {
  const at = now.getTime();
  const recent = await trx
    .selectFrom('reset_failure')
    .select('created_at')
    .where('ip', '=', ip)
    .where('created_at', '>', new Date(at - HOUR_MS))
    .orderBy('created_at', 'desc')
    .limit(max)
    .execute();
  const oldestCounted = recent[max - 1];
  return oldestCounted === undefined ? 0 : Math.max(1, oldestCounted.created_at.getTime() + HOUR_MS - at);
}

import type { Kysely } from 'kysely';
import type { LoginLimits } from '../accountsConfig';
import { formatWait } from '../../infra/clock';
import type { Database } from '../../infra/db/schema';
import type { BusinessError } from '../../infra/http/businessError';
import { errors } from '../../infra/http/errorCatalogue';

export type ThrottleDecision = { kind: 'allowed' } | { kind: 'throttled'; retryAfterMs: number } | { kind: 'locked'; retryAfterMs: number };

/** The error a throttled or locked login answers, with the wait in words. */
export function throttleError(decision: Exclude<ThrottleDecision, { kind: 'allowed' }>, limits: LoginLimits): BusinessError {
  const wait = formatWait(decision.retryAfterMs);
  return decision.kind === 'locked' ? errors.LOGIN_LOCKED(wait, Math.round(limits.lockSeconds / 60)) : errors.LOGIN_THROTTLED(wait);
}

/** Which failures one rule counts, and when it slows down and locks. */
interface KeyRule {
  where: { mobile?: string; ip?: string };
  throttleAfter: number;
  lockAfter: number;
}

/**
 * Whether this address may check a password for this number now. Two rules, both about the
 * address, so what an attacker earns stays with the attacker: per number + address (guessing one
 * account) and per address (trying many). From `throttleAfter` failures in the window on, each
 * attempt waits 2 s, 4 s, 8 s… (at most maxDelaySeconds) after the last failure; `lockAfter`
 * failures in the window lock for lockSeconds. Throttled attempts are not failures (the password
 * is not checked), so the newest failure is the one that started a lock.
 *
 * Guessing one number from many addresses is `isNumberGuarded`'s job.
 */
export async function checkLoginThrottle(
  db: Kysely<Database>,
  who: { mobile: string; ip: string },
  limits: LoginLimits,
  now: Date,
): Promise<ThrottleDecision> {
  const rules: KeyRule[] = [
    { where: { mobile: who.mobile, ip: who.ip }, throttleAfter: limits.throttleAfter, lockAfter: limits.lockAfter },
    { where: { ip: who.ip }, throttleAfter: limits.ipThrottleAfter, lockAfter: limits.ipLockAfter },
  ];
  const decisions = await Promise.all(rules.map((rule) => decide(db, rule, limits, now)));
  const locked = decisions.filter((decision) => decision.kind === 'locked');
  const blocking = locked.length > 0 ? locked : decisions.filter((decision) => decision.kind === 'throttled');
  if (blocking.length === 0) return { kind: 'allowed' };
  return blocking.reduce((longest, decision) => (decision.retryAfterMs > longest.retryAfterMs ? decision : longest));
}

/**
 * Whether the number failed `numberLockAfter` times in the window from any addresses (locked
 * for lockSeconds after that): then the password alone is not checked, from anywhere. Not a
 * lock-out: the owner passes with a type-2 SMS code (login with `code`), and a password reset
 * clears the failures.
 */
export async function isNumberGuarded(db: Kysely<Database>, mobile: string, limits: LoginLimits, now: Date): Promise<boolean> {
  const rule: KeyRule = { where: { mobile }, throttleAfter: Number.POSITIVE_INFINITY, lockAfter: limits.numberLockAfter };
  return (await decide(db, rule, limits, now)).kind === 'locked';
}

async function decide(db: Kysely<Database>, rule: KeyRule, limits: LoginLimits, now: Date): Promise<ThrottleDecision> {
  const at = now.getTime();
  const windowMs = limits.windowSeconds * 1000;
  let query = db
    .selectFrom('login_failure')
    .select('created_at')
    .where('created_at', '>', new Date(at - windowMs - limits.lockSeconds * 1000));
  if (rule.where.mobile !== undefined) query = query.where('mobile', '=', rule.where.mobile);
  if (rule.where.ip !== undefined) query = query.where('ip', '=', rule.where.ip);
  const recent = await query.orderBy('created_at', 'desc').limit(rule.lockAfter).execute();
  const newest = recent[0]?.created_at.getTime();
  if (newest === undefined) return { kind: 'allowed' };

  const lockStartedBy = recent[rule.lockAfter - 1]?.created_at.getTime();
  if (lockStartedBy !== undefined && newest - lockStartedBy <= windowMs) {
    const lockedUntil = newest + limits.lockSeconds * 1000;
    if (at < lockedUntil) return { kind: 'locked', retryAfterMs: lockedUntil - at };
  }
  const inWindow = recent.filter((row) => row.created_at.getTime() > at - windowMs).length;
  if (inWindow < rule.throttleAfter) return { kind: 'allowed' };
  const delayMs = Math.min(limits.maxDelaySeconds, 2 ** (inWindow - rule.throttleAfter + 1)) * 1000;
  const nextAllowed = newest + delayMs;
  return at < nextAllowed ? { kind: 'throttled', retryAfterMs: nextAllowed - at } : { kind: 'allowed' };
}

export async function recordLoginFailure(db: Kysely<Database>, who: { mobile: string; ip: string }, now: Date): Promise<void> {
  await db.insertInto('login_failure').values({ mobile: who.mobile, ip: who.ip, created_at: now }).execute();
}

/** After a successful login or a password reset the number starts afresh (every address's count for it). */
export async function clearLoginFailures(db: Kysely<Database>, mobile: string): Promise<void> {
  await db.deleteFrom('login_failure').where('mobile', '=', mobile).execute();
}

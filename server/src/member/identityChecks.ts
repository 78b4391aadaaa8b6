import type { Kysely, Transaction } from 'kysely';
import { formatWait } from '../infra/clock';
import { LockSpace, lockKey } from '../infra/db/advisoryLock';
import type { Database, IdentityCheckKind } from '../infra/db/schema';
import type { BusinessError } from '../infra/http/businessError';
import { errors } from '../infra/http/errorCatalogue';

/**
 * Comparisons of what a member typed with their stored personal data: a payout account's holder
 * with the verified legal name, an ID number with every verified one, the payment password
 * (issue 32: a bind with an invalid card and a guessed holder told a wrong name from the right one,
 * 30 guesses in a burst). Every caller refuses malformed input first; then this module:
 *
 * 1. takes the member's and the address's advisory locks (in that order, so no two checks
 *    deadlock), so a parallel burst is counted one by one, on every node;
 * 2. refuses while the member has `accountMax` failed comparisons of names and ID numbers in
 *    `accountWindowMs`, or the address `addressMax` of any kind in `addressWindowMs`
 *    (IDENTITY_CHECKS_TOO_MANY, with the wait); the refusal is a row too (matched null), but not a
 *    failure: waiting is not extended by asking. The payment password has its own per-member
 *    lock (five wrong in a row, wallet/paymentPassword), which a change with an SMS code lifts:
 *    a member who proved they hold the phone is not kept out by this limit, so its comparisons
 *    count only towards the address's;
 * 3. lets the caller compare, and writes the outcome (matched, failed) in the same transaction.
 *
 * The rows (`identity_check`, migration 0027) are the audit and the limiter's memory at once: in
 * PostgreSQL like the login throttle's `login_failure`, so a restart forgets nothing and every node
 * counts the same failures. A right answer does not clear earlier failures: the audit keeps them,
 * and a guesser who found the name has nothing left to learn.
 */

/** Kinds the per-member limit counts and applies to (the payment password has its own lock). */
const ACCOUNT_LIMITED_KINDS: readonly IdentityCheckKind[] = ['legal_name', 'id_number'];

export interface IdentityCheckLimits {
  /** Failed comparisons of names and ID numbers a member may make in `accountWindowMs`. */
  accountMax: number;
  accountWindowMs: number;
  /** Failed comparisons one client address may make in `addressWindowMs` (every member behind it). */
  addressMax: number;
  addressWindowMs: number;
}

/**
 * A member who mistypes a name or a password a few times a day is never stopped; a guesser gets
 * 10 tries a day per account (the middle character of a three-character name alone has hundreds
 * of candidates), and one address 30 an hour over all the accounts it holds sessions of.
 */
export const IDENTITY_CHECK_LIMITS: IdentityCheckLimits = {
  accountMax: 10,
  accountWindowMs: 24 * 3_600_000,
  addressMax: 30,
  addressWindowMs: 3_600_000,
};

/** Who compares: the member and the client address (request.ip; behind TRUST_PROXY the forwarded one). */
export interface IdentityChecker {
  userId: number;
  ip: string;
}

/** What the caller's comparison found: whether the typed value matched, whether that refuses the attempt, and what to hand back. */
export interface IdentityCheckOutcome<Result> {
  matched: boolean;
  failed: boolean;
  result: Result;
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * In the caller's transaction: locks, then the limits. Answers the refusal (already written as a
 * row) or undefined when the comparison may go ahead; the caller then calls `recordIdentityCheck`
 * in the same transaction, so the outcome commits with whatever else the transaction counts.
 */
export async function admitIdentityCheck(
  trx: Transaction<Database>,
  who: IdentityChecker,
  kind: IdentityCheckKind,
  now: Date,
  limits: IdentityCheckLimits = IDENTITY_CHECK_LIMITS,
): Promise<BusinessError | undefined> {
  await lockKey(trx, LockSpace.identityCheckUser, String(who.userId));
  await lockKey(trx, LockSpace.identityCheckIp, who.ip);
  const waits = await Promise.all([
    ACCOUNT_LIMITED_KINDS.includes(kind) ? waitOf(trx, { userId: who.userId }, limits.accountMax, limits.accountWindowMs, now) : 0,
    waitOf(trx, { ip: who.ip }, limits.addressMax, limits.addressWindowMs, now),
  ]);
  const wait = Math.max(...waits);
  if (wait <= 0) return undefined;
  await trx.insertInto('identity_check').values({ user_id: who.userId, kind, ip: who.ip, matched: null, failed: false, created_at: now }).execute();
  return errors.IDENTITY_CHECKS_TOO_MANY(formatWait(wait));
}

/** Writes one comparison's outcome (in the transaction `admitIdentityCheck` ran in). */
export async function recordIdentityCheck(trx: Db, who: IdentityChecker, kind: IdentityCheckKind, outcome: { matched: boolean; failed: boolean }, now: Date): Promise<void> {
  await trx.insertInto('identity_check').values({ user_id: who.userId, kind, ip: who.ip, matched: outcome.matched, failed: outcome.failed, created_at: now }).execute();
}

/**
 * The whole round in a transaction of its own: admit, `compare` (given the transaction), record,
 * commit; then the limit's refusal is thrown, or the comparison's result returned (a failed
 * comparison's refusal is the caller's to throw, after the row has committed).
 */
export async function checkIdentity<Result>(
  db: Kysely<Database>,
  who: IdentityChecker,
  kind: IdentityCheckKind,
  now: Date,
  compare: (trx: Transaction<Database>) => Promise<IdentityCheckOutcome<Result>>,
  limits: IdentityCheckLimits = IDENTITY_CHECK_LIMITS,
): Promise<Result> {
  const answer = await db.transaction().execute(async (trx) => {
    const refusal = await admitIdentityCheck(trx, who, kind, now, limits);
    if (refusal !== undefined) return { refusal };
    const outcome = await compare(trx);
    await recordIdentityCheck(trx, who, kind, outcome, now);
    return { result: outcome.result };
  });
  if ('refusal' in answer) throw answer.refusal;
  return answer.result;
}

/** Milliseconds until the key has fewer than `max` failures in the window (0: it may compare now). */
async function waitOf(db: Db, key: { userId: number } | { ip: string }, max: number, windowMs: number, now: Date): Promise<number> {
  let query = db
    .selectFrom('identity_check')
    .select('created_at')
    .where('failed', '=', true)
    .where('created_at', '>', new Date(now.getTime() - windowMs));
  query = 'userId' in key ? query.where('user_id', '=', key.userId).where('kind', 'in', ACCOUNT_LIMITED_KINDS) : query.where('ip', '=', key.ip);
  const recent = await query.orderBy('created_at', 'desc').limit(max).execute();
  if (recent.length < max) return 0;
  // The oldest of the newest `max` failures leaves the window first.
  const oldest = (recent[max - 1] as { created_at: Date }).created_at.getTime();
  return oldest + windowMs - now.getTime();
}

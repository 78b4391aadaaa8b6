import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from './schema';

/** Key spaces of transaction-level advisory locks (the first of the two int keys). */
export const LockSpace = {
  smsMobile: 1,
  smsIp: 2,
  loginMobile: 3,
  loginIp: 4,
  resetIp: 5,
  /** Which remote owns which route (rollouts/routeOwnership.ts): one key for every remote. */
  mfRouteOwnership: 6,
  /** Comparisons with a member's stored personal data (member/identityChecks.ts): per member, then per address. */
  identityCheckUser: 7,
  identityCheckIp: 8,
} as const;

/** Waits for the lock; released at commit or rollback. Serializes work on one key across nodes. */
export async function lockKey(trx: Transaction<Database> | Kysely<Database>, space: number, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${space}::int, hashtext(${key}))`.execute(trx);
}

/** Takes the lock if free, without waiting; false when another transaction holds it. */
export async function tryLockKey(trx: Transaction<Database>, space: number, key: string): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${space}::int, hashtext(${key})) as locked`.execute(trx);
  return rows[0]?.locked === true;
}

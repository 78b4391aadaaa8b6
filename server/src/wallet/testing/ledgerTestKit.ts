import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../infra/db/schema';
import { checkLedger } from '../ledgerCheck';
import { type TransferResult, transferNow } from '../ledger';

/** Fails the test with the verify report unless the ledger is clean (call after each test file). */
export async function expectLedgerClean(db: Kysely<Database>): Promise<void> {
  const problems = await checkLedger(db);
  expect(problems, problems.join('\n')).toEqual([]);
}

let keyCounter = 0;
/** Gives a member coins the way a paid recharge does (payments clearing → member coins). */
export function fundMember(db: Kysely<Database>, userId: number, coins: number): Promise<TransferResult> {
  keyCounter += 1;
  const key = `test-fund:${process.pid}:${Date.now()}:${keyCounter}`;
  return transferNow(db, { idempotencyKey: key, kind: 'test_fund', reference: key, legs: [{ from: { kind: 'payments_clearing' }, to: { kind: 'member_coins', owner: userId }, amount: coins }] });
}

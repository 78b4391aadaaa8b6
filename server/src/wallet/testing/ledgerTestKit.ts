import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { type DatabaseHandle, createDatabase } from '../../infra/db/database';
import type { Database } from '../../infra/db/schema';
import type { DbTarget } from '../../testing/dbTargets';
import { type TestDatabase, createTestDatabase } from '../../testing/testDatabase';
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

/**
 * In a describe: a migrated test database reached through a wide pool (12 connections, the test
 * database's own has 4), so concurrent transfers, batches of two "nodes" and a held transaction
 * really run at once; after the tests, the ledger must be clean (expectLedgerClean). Read `db()`
 * inside a test or hook.
 */
export function useWideLedgerDatabase(target: DbTarget): { db: () => Kysely<Database> } {
  let testDatabase: TestDatabase | undefined;
  let wide: DatabaseHandle | undefined;
  beforeAll(async () => {
    testDatabase = await createTestDatabase(target.adminUrl as string, { template: target.migratedTemplate });
    wide = createDatabase({ connectionString: testDatabase.url, max: 12 });
  });
  afterAll(async () => {
    if (wide !== undefined) await expectLedgerClean(wide.db);
    await wide?.close();
    await testDatabase?.drop();
  });
  return {
    db: () => {
      if (wide === undefined) throw new Error('useWideLedgerDatabase: the database is made in beforeAll');
      return wide.db;
    },
  };
}

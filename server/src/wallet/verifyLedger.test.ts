import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SERVER_DIR } from '../infra/config/serverPaths';
import { createUser } from '../live/testing/roomsTestKit';
import { type TestDatabase, createTestDatabase } from '../testing/testDatabase';
import { describeEachDatabase } from '../testing/testApp';
import { checkLedger } from './ledgerCheck';
import { fundMember } from './testing/ledgerTestKit';

const run = promisify(execFile);

/** `pnpm ledger:verify` as a user runs it (tsx src/wallet/verifyLedger.ts) against the test database. */
async function verify(url: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(path.join(SERVER_DIR, 'node_modules', '.bin', 'tsx'), ['src/wallet/verifyLedger.ts'], { cwd: SERVER_DIR, env: { ...process.env, DATABASE_URL: url } });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

describeEachDatabase('ledger:verify', (target) => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await createTestDatabase(target.adminUrl as string, { template: target.migratedTemplate });
  });
  afterAll(async () => {
    await testDatabase?.drop();
  });

  it('exits 0 on a clean ledger and non-zero with a report once a balance is corrupted', { timeout: 60_000 }, async () => {
    const db = testDatabase.handle.db;
    const user = await createUser(db);
    await fundMember(db, user.id, 500);
    const clean = await verify(testDatabase.url);
    expect(clean.out).toMatch(/clean \(1 transfers/);
    expect(clean.code).toBe(0);

    // Someone edits a balance behind the ledger's back: the coin account, and app_user with it.
    const account = await db.selectFrom('ledger_account').select('id').where('kind', '=', 'member_coins').where('owner_id', '=', user.id).executeTakeFirstOrThrow();
    await sql`update ledger_balance set balance = balance + 7 where account_id = ${account.id}`.execute(db);
    const corrupted = await verify(testDatabase.url);
    expect(corrupted.code).toBe(1);
    expect(corrupted.out).toContain(`account ${account.id} (member_coins of user ${user.id}): balance 507 but its transfers sum to 500`);
    expect(corrupted.out).toContain('all balances sum to 7, not 0');
    expect(corrupted.out).toContain(`user ${user.id}: app_user.balance 500 but the coin account holds 507`);

    // Put back: clean again.
    await sql`update ledger_balance set balance = balance - 7 where account_id = ${account.id}`.execute(db);
    expect(await checkLedger(db)).toEqual([]);
    expect((await verify(testDatabase.url)).code).toBe(0);
  });
});

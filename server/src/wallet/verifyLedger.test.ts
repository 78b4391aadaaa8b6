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
import { transferNow } from './ledger';
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

  it('covers points: they sum to 0 on their own, a points balance edited behind the ledger is reported, a transfer mixing units is reported', { timeout: 60_000 }, async () => {
    const db = testDatabase.handle.db;
    const user = await createUser(db);
    await transferNow(db, { idempotencyKey: `verify-points:${user.id}`, kind: 'points_checkin', reference: 'test', legs: [{ from: { kind: 'points_issued' }, to: { kind: 'member_points', owner: user.id }, amount: 5 }] });
    expect(await checkLedger(db)).toEqual([]);
    expect((await verify(testDatabase.url)).code).toBe(0);

    const points = await db.selectFrom('ledger_account').select('id').where('kind', '=', 'member_points').where('owner_id', '=', user.id).executeTakeFirstOrThrow();
    await sql`update ledger_balance set balance = balance + 3 where account_id = ${points.id}`.execute(db);
    const corrupted = await verify(testDatabase.url);
    expect(corrupted.code).toBe(1);
    expect(corrupted.out).toContain(`account ${points.id} (member_points of user ${user.id}): balance 8 but its transfers sum to 5`);
    expect(corrupted.out).toContain('all points balances sum to 3, not 0');
    // Coins are not blamed for the points' drift.
    expect(corrupted.out).not.toContain('all balances sum to');
    await sql`update ledger_balance set balance = balance - 3 where account_id = ${points.id}`.execute(db);

    // A transfer written behind ledger.ts between a coin and a points account (the trigger forbids
    // deleting it, so this one is made in a transaction rolled back).
    const coins = await db.selectFrom('ledger_account').select('id').where('kind', '=', 'platform_revenue').executeTakeFirstOrThrow();
    const set = await db.selectFrom('ledger_transfer_set').select('id').where('idempotency_key', '=', `verify-points:${user.id}`).executeTakeFirstOrThrow();
    const problems = await db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('ledger_transfer').values({ set_id: set.id, debit_account_id: points.id, credit_account_id: coins.id, amount: 1, kind: 'forged', reference: 'test' }).execute();
        const found = await checkLedger(trx);
        throw Object.assign(new Error('roll back'), { found });
      })
      .catch((error: { found?: string[] }) => error.found ?? []);
    expect(problems.some((problem) => problem.includes('moves between member_points and platform_revenue: points and coins never mix'))).toBe(true);
    expect(await checkLedger(db)).toEqual([]);
  });
});

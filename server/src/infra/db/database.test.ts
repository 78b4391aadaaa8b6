import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/testApp';
import { type TestDatabase, createTestDatabase } from '../../testing/testDatabase';
import { parseInt8 } from './database';

describe('parseInt8', () => {
  it('reads safe integers as numbers', () => {
    expect(parseInt8('0')).toBe(0);
    expect(parseInt8('-42')).toBe(-42);
    expect(parseInt8(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses values that would lose precision', () => {
    expect(() => parseInt8('9007199254740993')).toThrow(RangeError);
  });
});

describeEachDatabase('createDatabase', (target) => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await createTestDatabase(target.adminUrl ?? '', { migrate: false });
  });
  afterAll(() => testDatabase.drop());

  it('returns count(*) and bigint columns as numbers', async () => {
    const { rows } = await sql<{ n: unknown; big: unknown }>`select count(*) as n, 12345678901::bigint as big from generate_series(1, 3)`.execute(
      testDatabase.handle.db,
    );
    expect(rows[0]).toEqual({ n: 3, big: 12_345_678_901 });
  });

  it('fails the query, not silently, when a bigint is too large', async () => {
    await expect(sql`select 9007199254740993::bigint as big`.execute(testDatabase.handle.db)).rejects.toThrow(/safe integer/);
    // The pool is still usable afterwards.
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(testDatabase.handle.db);
    expect(rows[0]?.one).toBe(1);
  });

  it('closes idempotently and ends the pool', async () => {
    const extra = await createTestDatabase(target.adminUrl ?? '', { migrate: false });
    await sql`select 1`.execute(extra.handle.db);
    await Promise.all([extra.handle.close(), extra.handle.close()]);
    expect(extra.handle.pool.ended).toBe(true);
    await extra.drop();
  });
});

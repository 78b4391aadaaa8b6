import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/testApp';
import { type TestDatabase, createTestDatabase } from '../../testing/testDatabase';
import { idArray } from './idArray';

describe('idArray', () => {
  it('refuses what is not an integer id (the literal stays well formed)', () => {
    expect(() => idArray([1, 2.5])).toThrow(/2.5 is not an integer id/);
    expect(() => idArray([Number.NaN])).toThrow(TypeError);
    expect(() => idArray(['1}' as unknown as number])).toThrow(TypeError);
  });
});

describeEachDatabase('idArray in a query', (target) => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await createTestDatabase(target.adminUrl ?? '', { migrate: false });
  });
  afterAll(() => testDatabase.drop());

  it('is the same bigint[] as the list: empty, one, many, negative and large ids', async () => {
    const read = async (ids: number[]) => (await sql<{ ids: number[] }>`select ${idArray(ids)} as ids`.execute(testDatabase.handle.db)).rows[0]!.ids.map(Number);
    expect(await read([])).toEqual([]);
    expect(await read([7])).toEqual([7]);
    const many = Array.from({ length: 5_000 }, (_, index) => index * 3 + 1);
    expect(await read(many)).toEqual(many);
    expect(await read([-1, Number.MAX_SAFE_INTEGER])).toEqual([-1, Number.MAX_SAFE_INTEGER]);
    const { rows } = await sql<{ n: number }>`select count(*) as n from unnest(${idArray(many)}) as t(id) where id = any(${idArray([1, 4, 5])})`.execute(testDatabase.handle.db);
    expect(rows[0]!.n).toBe(2);
  });
});

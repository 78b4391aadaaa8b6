import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_COMPETITIONS } from '../../../scores/seedCompetitions';
import { seedDemoData } from '../../../seedDemoData';
import { describeEachDatabase } from '../../../testing/testApp';
import { type TestDatabase, createTestDatabase } from '../../../testing/testDatabase';
import { migrations } from './index';
import { migrateToLatest } from './migrate';

describeEachDatabase('migrations and demo seed', (target) => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await createTestDatabase(target.adminUrl ?? '', { migrate: false });
  });
  afterAll(() => testDatabase.drop());

  it('migrate to the latest version, and a second run is a no-op', async () => {
    const first = await migrateToLatest(testDatabase.handle.db);
    expect(first.results?.map((result) => [result.migrationName, result.status])).toEqual(Object.keys(migrations).map((name) => [name, 'Success']));
    const second = await migrateToLatest(testDatabase.handle.db);
    expect(second.results).toEqual([]);
  });

  it('creates the platform tables', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'public' order by table_name`.execute(testDatabase.handle.db);
    expect(rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(['app_user', 'competition', 'mf_telemetry', 'user_session']),
    );
  });

  it('seeds idempotently', async () => {
    await seedDemoData(testDatabase.handle.db);
    await seedDemoData(testDatabase.handle.db);
    const { count } = await testDatabase.handle.db
      .selectFrom('competition')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBe(DEMO_COMPETITIONS.length);
  });

  it('has demo data fit for the hot list', () => {
    expect(DEMO_COMPETITIONS.length).toBeGreaterThanOrEqual(16);
    expect(DEMO_COMPETITIONS.filter((competition) => competition.hot_rank !== null).length).toBeGreaterThanOrEqual(12);
    for (const competition of DEMO_COMPETITIONS) expect([...competition.short_name_zh].length).toBeLessThanOrEqual(10);
  });

  it('refuses a negative balance and an is_anchor other than 0/1', async () => {
    const db = testDatabase.handle.db;
    await expect(db.insertInto('app_user').values({ mobile: '13800000001', user_nickname: 'a', avatar: '', balance: -1 }).execute()).rejects.toThrow(
      /check constraint/,
    );
    await expect(
      sql`insert into app_user (mobile, user_nickname, avatar, is_anchor) values ('13800000002', 'b', '', 2)`.execute(db),
    ).rejects.toThrow(/check constraint/);
  });
});

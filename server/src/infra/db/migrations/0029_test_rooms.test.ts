import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../testing/testApp';
import { type TestDatabase, createTestDatabase } from '../../../testing/testDatabase';
import { migrations } from './index';
import { migrateToLatest } from './migrate';

/**
 * Migration 0029: the rooms the ranking's old title guess (测试, or a word starting with "test",
 * any case) kept off the board are flagged is_test once; every other room, and every room made
 * afterwards, is not.
 */
describeEachDatabase('migration 0029: test rooms by flag', (target) => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await createTestDatabase(target.adminUrl ?? '', { migrate: false });
  });
  afterAll(() => testDatabase.drop());

  it('flags the rooms the title guess caught, and only those', async () => {
    const db = testDatabase.handle.db;
    const before = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo('0028_search_keys');
    expect(before.error).toBeUndefined();
    const titles = ['推流测试直播间', 'Test push', 'my TEST room', '英超焦点战', 'contest night', 'NBA 今日焦点'];
    const owners = await db
      .insertInto('app_user')
      .values(titles.map((_, index) => ({ mobile: `86-1390000${String(index).padStart(4, '0')}`, user_nickname: `主播${index}`, avatar: '', is_anchor: 1 as const })))
      .returning('id')
      .execute();
    await db
      .insertInto('live_room')
      .values(titles.map((title, index) => ({ owner_id: owners[index]?.id as number, title })))
      .execute();

    await migrateToLatest(db);
    const rooms = await db.selectFrom('live_room').select(['title', 'is_test']).orderBy('id').execute();
    expect(rooms).toEqual([
      { title: '推流测试直播间', is_test: true },
      { title: 'Test push', is_test: true },
      { title: 'my TEST room', is_test: true },
      { title: '英超焦点战', is_test: false },
      { title: 'contest night', is_test: false },
      { title: 'NBA 今日焦点', is_test: false },
    ]);
    const owner = await db.insertInto('app_user').values({ mobile: '86-13900009999', user_nickname: '新主播', avatar: '', is_anchor: 1 }).returning('id').executeTakeFirstOrThrow();
    const made = await db.insertInto('live_room').values({ owner_id: owner.id, title: '新的测试直播间' }).returning('is_test').executeTakeFirstOrThrow();
    expect(made.is_test).toBe(false);
  });
});

import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../testing/testApp';
import { type TestDatabase, createTestDatabase } from '../../../testing/testDatabase';
import { migrations } from './index';

describeEachDatabase('migration 0002_accounts', (target) => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await createTestDatabase(target.adminUrl ?? '', { migrate: false });
  });
  afterAll(() => testDatabase.drop());

  it('gives existing users an invite code, a nickname and a preset avatar', async () => {
    const db = testDatabase.handle.db;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0001_platform')).error).toBeUndefined();
    await sql`insert into app_user (mobile) values ('86-13800001234'), ('86-13900005678')`.execute(db);
    expect((await migrator.migrateTo('0002_accounts')).error).toBeUndefined();
    const users = await db.selectFrom('app_user').select(['mobile', 'user_nickname', 'avatar', 'invite_code', 'password_hash', 'invited_by']).orderBy('id').execute();
    expect(users).toEqual([
      { mobile: '86-13800001234', user_nickname: '用户1234', avatar: '/static/avatars/avatar-1.svg', invite_code: expect.stringMatching(/^[0-9A-Z]{8}$/), password_hash: null, invited_by: null },
      { mobile: '86-13900005678', user_nickname: '用户5678', avatar: '/static/avatars/avatar-1.svg', invite_code: expect.stringMatching(/^[0-9A-Z]{8}$/), password_hash: null, invited_by: null },
    ]);
    expect(users[0]?.invite_code).not.toBe(users[1]?.invite_code);
    await expect(sql`update app_user set invite_code = 'lower123'`.execute(db)).rejects.toThrow(/check constraint/);
    await expect(sql`update app_user set invite_code = 'SAMECODE'`.execute(db)).rejects.toThrow(/unique/);
    // Down and up again.
    expect((await migrator.migrateTo('0001_platform')).error).toBeUndefined();
    expect((await migrator.migrateTo('0002_accounts')).error).toBeUndefined();
  });
});

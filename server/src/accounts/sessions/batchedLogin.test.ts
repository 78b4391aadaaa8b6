import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { issueSession, lookupSession, revokeSession } from './sessions';
import type { Database } from '../../infra/db/schema';
import { createUser } from '../../live/testing/roomsTestKit';
import { type TestDatabase, createTestDatabase } from '../../testing/testDatabase';
import { describeEachDatabase } from '../../testing/testApp';
import { SessionLookups } from './batchedLogin';

/** The session token createUser issued. */
const tokenOf = (user: { headers: { token?: string } }) => user.headers.token as string;

describeEachDatabase('accounts: the hot routes\' sessions, read together (batchedLogin.ts)', (target) => {
  let testDatabase: TestDatabase;
  let db: Kysely<Database>;
  let now = new Date();

  beforeAll(async () => {
    testDatabase = await createTestDatabase(target.adminUrl as string, { template: target.migratedTemplate });
    db = testDatabase.handle.db;
  });
  afterAll(async () => {
    await testDatabase?.drop();
  });

  it('answers every token as lookupSession does (active, revoked, expired, banned, unknown, malformed), tokens arriving together in one query', async () => {
    const active = await createUser(db);
    const signedOut = await createUser(db);
    await revokeSession(db, tokenOf(signedOut));
    const expiring = await createUser(db);
    const short = await issueSession(db, expiring.id, 1, new Date(Date.now() - 60_000));
    const banned = await createUser(db);
    await db.updateTable('app_user').set({ banned_until: new Date(Date.now() + 3_600_000) }).where('id', '=', banned.id).execute();
    const tokens = [tokenOf(active), tokenOf(signedOut), short.token, tokenOf(banned), `st_${'A'.repeat(43)}`, 'not a token', tokenOf(active)];

    now = new Date();
    const lookups = new SessionLookups({ db, clock: () => now, maxInFlight: 1 });
    const together = await Promise.all(tokens.map((token) => lookups.lookup(token)));
    const oneByOne = await Promise.all(tokens.map((token) => lookupSession(db, token, now)));
    expect(together).toEqual(oneByOne);
    expect(together.map((lookup) => lookup.kind)).toEqual(['active', 'revoked', 'expired', 'revoked', 'unknown', 'malformed', 'active']);
    expect(together[0]).toMatchObject({ kind: 'active', session: { user: { id: active.id } } });
    // The malformed token never reaches the database; the six others went in one query (the first alone, the rest while it ran: at most two).
    expect(lookups.counters.lookups).toBe(6);
    expect(lookups.counters.queries).toBeLessThanOrEqual(2);
  });

  it('reads each session when asked: a sign-out is refused from the next lookup on', async () => {
    const member = await createUser(db);
    const lookups = new SessionLookups({ db, clock: () => new Date() });
    expect((await lookups.lookup(tokenOf(member))).kind).toBe('active');
    await revokeSession(db, tokenOf(member));
    expect((await lookups.lookup(tokenOf(member))).kind).toBe('revoked');
  });

  it('a failing query rejects the lookups of its batch only', async () => {
    const member = await createUser(db);
    const broken = new SessionLookups({ db: db.withSchema('no_such_schema'), clock: () => new Date() });
    await expect(broken.lookup(tokenOf(member))).rejects.toThrow();
    const lookups = new SessionLookups({ db, clock: () => new Date() });
    expect((await lookups.lookup(tokenOf(member))).kind).toBe('active');
  });
});

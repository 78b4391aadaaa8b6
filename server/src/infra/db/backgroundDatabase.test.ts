import { getPriority } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/testApp';
import { type TestDatabase, createTestDatabase } from '../../testing/testDatabase';
import { BACKGROUND_NICE, createBackgroundDatabase, isLocalDatabaseHost, lowerBackendPriority } from './backgroundDatabase';

describe('lowerBackendPriority: only a postgres process of this machine', () => {
  const recording = () => {
    const calls: Array<[number, number]> = [];
    return { calls, renice: (pid: number, nice: number) => void calls.push([pid, nice]) };
  };

  it('renices a local postgres backend to BACKGROUND_NICE', () => {
    const { calls, renice } = recording();
    expect(lowerBackendPriority('127.0.0.1', 4242, { renice, processName: () => 'postgres' })).toEqual({ lowered: true, pid: 4242, nice: BACKGROUND_NICE });
    expect(lowerBackendPriority('/var/run/postgresql', 4243, { renice, processName: () => 'postgres', nice: 15 })).toEqual({ lowered: true, pid: 4243, nice: 15 });
    expect(calls).toEqual([[4242, BACKGROUND_NICE], [4243, 15]]);
  });

  it('never touches a pid of a remote database (it names a process elsewhere), nor a pid that is not postgres', () => {
    const { calls, renice } = recording();
    expect(lowerBackendPriority('db.internal', 4242, { renice, processName: () => 'postgres' })).toEqual({ lowered: false, reason: 'remote-database' });
    expect(lowerBackendPriority('10.0.0.5', 4242, { renice, processName: () => 'postgres' })).toEqual({ lowered: false, reason: 'remote-database' });
    expect(lowerBackendPriority('localhost', 4242, { renice, processName: () => 'node' })).toEqual({ lowered: false, reason: 'not-a-postgres-process' });
    expect(lowerBackendPriority('localhost', 4242, { renice, processName: () => null })).toEqual({ lowered: false, reason: 'not-a-postgres-process' });
    expect(calls).toEqual([]);
  });

  it('another user\'s server without the privilege: kept, said why', () => {
    const refuse = () => {
      throw Object.assign(new Error('EACCES'), { code: 'EACCES' });
    };
    expect(lowerBackendPriority('::1', 7, { renice: refuse, processName: () => 'postgres' })).toEqual({ lowered: false, reason: 'not-permitted' });
  });

  it('local hosts', () => {
    expect([undefined, '', '/tmp', 'localhost', '127.0.0.1', '127.1.2.3', '::1'].every(isLocalDatabaseHost)).toBe(true);
    expect(['db', '192.168.1.2', '::2', '128.0.0.1'].some(isLocalDatabaseHost)).toBe(false);
  });
});

describeEachDatabase('createBackgroundDatabase', (target) => {
  let testDatabase: TestDatabase;
  const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  beforeAll(async () => {
    testDatabase = await createTestDatabase(target.adminUrl ?? '', { migrate: false });
  });
  afterAll(() => testDatabase.drop());

  it('its one connection\'s backend runs at nice 10 where this process may renice it; the request pool\'s backends keep theirs', async () => {
    const background = createBackgroundDatabase(testDatabase.handle.pool, log);
    try {
      const pids = await Promise.all([1, 2, 3].map(async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(background.db)).rows[0]!.pid));
      // One connection: every statement on the same backend.
      expect(new Set(pids).size).toBe(1);
      const priority = background.priority();
      if (priority === null) throw new Error('the connection\'s start did not run');
      if (!priority.lowered) {
        // A server of another user (a system PostgreSQL run as postgres) and this process not root.
        expect(priority).toEqual({ lowered: false, reason: 'not-permitted' });
        console.log(`[backgroundDatabase] ${target.name} PostgreSQL: the backend keeps its priority (not permitted to renice it as this user)`);
        return;
      }
      expect(priority.pid).toBe(pids[0]);
      expect(getPriority(pids[0]!)).toBe(BACKGROUND_NICE);
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(testDatabase.handle.db);
      expect(getPriority(rows[0]!.pid)).not.toBe(BACKGROUND_NICE);
    } finally {
      await background.close();
    }
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embeddedPostgres';

/** A second small cluster of its own: start, restart on the same data, survive a stale lock file. */
describe('startEmbeddedPostgres', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'embedded-pg-'));
    await fs.chmod(dir, 0o755);
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  const query = async (url: string, text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  };

  it('initialises once, keeps data across restarts, and ignores a stale postmaster.pid', async () => {
    const settings = { fsync: 'off' };
    const first = await startEmbeddedPostgres({ dir, settings });
    expect(first.port).not.toBe(5432);
    await query(first.url, 'create table kept (v int); insert into kept values (7)');
    await first.stop();
    await first.stop(); // idempotent

    // A killed run leaves its lock file behind; the PID in it is long gone.
    await fs.writeFile(path.join(dir, 'pg', 'postmaster.pid'), `999999\n${path.join(dir, 'pg')}\n`);
    const second = await startEmbeddedPostgres({ dir, settings });
    try {
      expect(await query(second.url, 'select v from kept')).toEqual([{ v: 7 }]);
    } finally {
      await second.stop();
    }
  });

  it('explains a missing password file instead of failing to authenticate', async () => {
    await fs.rename(path.join(dir, 'pg-password'), path.join(dir, 'pg-password.bak'));
    await expect(startEmbeddedPostgres({ dir })).rejects.toThrow(/pg-password is missing/);
    await fs.rename(path.join(dir, 'pg-password.bak'), path.join(dir, 'pg-password'));
  });
});

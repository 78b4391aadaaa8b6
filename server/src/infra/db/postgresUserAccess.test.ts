import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embeddedPostgres';
import { firstFolderClosedTo } from './postgresUserAccess';

/**
 * As root the embedded PostgreSQL runs as the `postgres` user: every folder on the way to its
 * data and its binaries must let that user in, or initdb fails with a bare EACCES.
 */
describe('the postgres user must reach its data and binaries', () => {
  let closed: string;
  beforeAll(async () => {
    closed = await fs.mkdtemp(path.join(os.tmpdir(), 'closed-to-postgres-'));
    await fs.chmod(closed, 0o700); // what mkdtemp makes, and a home folder often is
  });
  afterAll(() => fs.rm(closed, { recursive: true, force: true }));

  // Not the folder's owner, nor in its group: only the "others" bits let this account in.
  const stranger = { uid: 54_321, gid: 54_321 };

  it('names the first folder on the way that the account cannot enter, with its mode', async () => {
    await fs.mkdir(path.join(closed, 'data'), { mode: 0o755 });
    expect(await firstFolderClosedTo(path.join(closed, 'data', 'pg'), stranger)).toEqual({ folder: closed, mode: 0o700 });
    await fs.chmod(closed, 0o711);
    expect(await firstFolderClosedTo(path.join(closed, 'data', 'pg'), stranger)).toBeNull();
    await fs.chmod(closed, 0o700);
  });

  it.runIf(process.getuid?.() === 0)('as root, a data folder under a 0700 folder: says which folder and what to do', async () => {
    const start = startEmbeddedPostgres({ dir: path.join(closed, 'data') });
    await expect(start).rejects.toThrow(
      `the "postgres" user cannot enter ${closed} (mode 0700), on the way to ${path.join(closed, 'data', 'pg')}: run "chmod o+x ${closed}"`,
    );
  });
});

import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearPostmasterLock, inspectPostmasterLock } from './postmasterLock';

describe('postmaster.pid handling', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pm-lock-'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  const writeLock = (pid: number) => fs.writeFile(path.join(dir, 'postmaster.pid'), `${pid}\n${dir}\n1700000000\n5432\n`);

  it('sees no lock when there is no file', async () => {
    expect(await inspectPostmasterLock(dir)).toEqual({ kind: 'none' });
  });

  it('removes a lock whose process is gone', async () => {
    const child = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => child.once('exit', resolve));
    await writeLock(child.pid ?? 999_999);
    expect((await inspectPostmasterLock(dir)).kind).toBe('stale');
    await clearPostmasterLock(dir, () => undefined);
    await expect(fs.access(path.join(dir, 'postmaster.pid'))).rejects.toThrow();
  });

  it('treats a live PID that is not our postgres (PID reuse) as stale', async () => {
    await writeLock(process.pid);
    expect(await inspectPostmasterLock(dir)).toEqual({ kind: 'stale', pid: process.pid });
  });
});

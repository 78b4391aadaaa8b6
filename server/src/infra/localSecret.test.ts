import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateSecret } from './localSecret';

describe('loadOrCreateSecret', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'secret-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('uses the configured value and writes nothing', async () => {
    expect(await loadOrCreateSecret('configured', dir, 'a-secret')).toBe('configured');
    await expect(fs.stat(path.join(dir, 'a-secret'))).rejects.toThrow();
  });

  it('generates once (0600) and keeps it across restarts; concurrent starts agree', async () => {
    const folder = path.join(dir, 'nested', 'data');
    const results = await Promise.all(Array.from({ length: 5 }, () => loadOrCreateSecret(null, folder, 'b-secret')));
    expect(new Set(results).size).toBe(1);
    expect(results[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await fs.stat(path.join(folder, 'b-secret'))).mode & 0o777).toBe(0o600);
    expect(await loadOrCreateSecret(null, folder, 'b-secret')).toBe(results[0]);
  });
});

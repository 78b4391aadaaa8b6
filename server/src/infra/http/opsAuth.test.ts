import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRequireOps, loadOpsToken, MIN_OPS_TOKEN_LENGTH } from './opsAuth';

let dataDir: string;
afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

describe('the ops token', () => {
  it('is generated once into DATA_DIR/ops-token (mode 600) and read back', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ops-'));
    const first = await loadOpsToken(undefined, dataDir);
    expect(first.length).toBeGreaterThanOrEqual(MIN_OPS_TOKEN_LENGTH);
    expect((await fs.stat(path.join(dataDir, 'ops-token'))).mode & 0o777).toBe(0o600);
    expect(await loadOpsToken(undefined, dataDir)).toBe(first);
  });

  it('an empty or short token file is replaced, never taken as "no token"', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ops-'));
    for (const content of ['', '\n', 'short']) {
      await fs.writeFile(path.join(dataDir, 'ops-token'), content);
      expect((await loadOpsToken(undefined, dataDir)).length).toBeGreaterThanOrEqual(MIN_OPS_TOKEN_LENGTH);
    }
  });

  it('a configured token wins; a guard cannot be made with a short one', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ops-'));
    expect(await loadOpsToken('configured-token-123456', dataDir)).toBe('configured-token-123456');
    expect(() => createRequireOps('')).toThrow();
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startRealServer } from './realServer';

describe('startRealServer', () => {
  let scratch = '';
  afterAll(() => (scratch ? fs.rm(scratch, { recursive: true, force: true }) : undefined));

  it('a server that exits at start is reported at once, with its own message', async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'mf-cli-bad-start-'));
    const started = Date.now();
    // A configuration error: the server prints what is wrong and exits 1 before it listens.
    const start = startRealServer({ dataDir: path.join(scratch, 'data'), siteRoot: scratch, opsToken: 'x'.repeat(32), env: { REDIS_URL: 'not-a-url' } });
    await expect(start).rejects.toThrow(/exited \(code 1\) before it was healthy[\s\S]*REDIS_URL/);
    // Not the 150 s health wait: only the time tsx and the config check take.
    expect(Date.now() - started).toBeLessThan(60_000);
  });
});

import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SERVER_DIR } from './infra/config/serverPaths';

const run = promisify(execFile);

describe('main.ts start-up', () => {
  it('refuses to start in production on the SMS outbox, saying what to set', async () => {
    const env = { PATH: process.env.PATH ?? '', NODE_ENV: 'production', DATA_DIR: path.join(SERVER_DIR, '.data-never-created') };
    const failure = await run(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: SERVER_DIR, env, timeout: 20_000 }).then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('NODE_ENV=production with the SMS outbox: codes would only be logged, never sent');
    expect(failure?.stderr).toContain('SMS_PROVIDER=outbox and ALLOW_SMS_OUTBOX=1');
  });
});

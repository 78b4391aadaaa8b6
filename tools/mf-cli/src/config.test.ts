import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { actorOf, dataDirOf, DEFAULT_SERVER, REPO_ROOT, resolveConnection } from './config';
import { CliError } from './errors';
import { useScratchFolders } from './testing/scratchFolders';

const scratchFolder = useScratchFolders('mf-cli-data-');

describe('where the CLI connects, and as whom', () => {
  it('MF_OPS_TOKEN and MF_SERVER win; the server address loses a trailing slash', async () => {
    expect(await resolveConnection({ MF_OPS_TOKEN: ' secret ', MF_SERVER: 'http://ops.test:9000/', MF_ACTOR: 'alice' })).toEqual({
      server: 'http://ops.test:9000',
      token: 'secret',
      tokenSource: 'MF_OPS_TOKEN',
      actor: 'alice',
    });
  });

  it("else the token file the server wrote into its DATA_DIR, relative to the user's folder", async () => {
    const scratch = await scratchFolder();
    await fs.mkdir(path.join(scratch, 'data'));
    await fs.writeFile(path.join(scratch, 'data', 'ops-token'), 'from-file\n');
    const connection = await resolveConnection({ DATA_DIR: 'data', MF_CWD: scratch, USER: 'bob' });
    expect(connection).toEqual({ server: DEFAULT_SERVER, token: 'from-file', tokenSource: path.join(scratch, 'data', 'ops-token'), actor: 'bob' });
  });

  it('without either, says where it looked and what to set', async () => {
    const scratch = await scratchFolder();
    const failure = resolveConnection({ DATA_DIR: scratch });
    await expect(failure).rejects.toBeInstanceOf(CliError);
    await expect(failure).rejects.toThrow(`set MF_OPS_TOKEN, or run on the server's machine where ${path.join(scratch, 'ops-token')} exists`);
  });

  it('the default data folder is the server\'s: <repo>/server/.data', () => {
    expect(dataDirOf({})).toBe(path.join(REPO_ROOT, 'server', '.data'));
    expect(path.basename(REPO_ROOT)).not.toBe('mf-cli');
  });

  it('the actor: MF_ACTOR, else $USER', () => {
    expect(actorOf({ MF_ACTOR: 'release-bot', USER: 'carol' })).toBe('release-bot');
    expect(actorOf({ USER: 'carol' })).toBe('carol');
    expect(actorOf({}).length).toBeGreaterThan(0);
  });
});

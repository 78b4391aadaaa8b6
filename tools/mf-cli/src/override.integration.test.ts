import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, runCli } from './cli';
import { REPO_ROOT } from './config';
import { type RunningServer, startRealServer } from './testing/realServer';
import { copyBuild, writeSiteRootFor } from './testing/releaseFolders';

const SOURCE_BUILD = path.join(REPO_ROOT, 'mf-member', 'dist');
const hasBuild = existsSync(path.join(SOURCE_BUILD, 'mf-manifest.json'));
const TOKEN = randomBytes(16).toString('hex');

let scratch = '';
let server: RunningServer;

async function mf(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { env: { MF_SERVER: server.url, MF_OPS_TOKEN: TOKEN, MF_ACTOR: 'qa' }, out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** What a fresh browser opening `address` is given for mf_member (the host passes mf_override on to the API). */
async function memberAssignmentAt(address: string): Promise<{ version: string; channel: string } | undefined> {
  const override = new URL(address).searchParams.get('mf_override') ?? '';
  const answer = (await (await fetch(`${server.url}/api/mf/remotes?override=${encodeURIComponent(override)}`)).json()) as { data: { remotes: { name: string; version: string; channel: string }[] } };
  return answer.data.remotes.find((remote) => remote.name === 'mf_member');
}

/** `pnpm mf override`: the address QA opens, signed by the real server; a rolled-back release is refused. */
describe.skipIf(!hasBuild)('pnpm mf override against the real server', () => {
  beforeAll(async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'mf-cli-override-'));
    await fs.chmod(scratch, 0o755);
    await writeSiteRootFor(SOURCE_BUILD, path.join(scratch, 'site'));
    server = await startRealServer({ dataDir: path.join(scratch, 'data'), siteRoot: path.join(scratch, 'site'), opsToken: TOKEN });
  });

  afterAll(async () => {
    await server?.stop();
    if (scratch) await fs.rm(scratch, { recursive: true, force: true });
  });

  it('prints an address that puts the opening browser on the release; refuses it once rolled back', async () => {
    const stable = (await mf('publish', 'mf_member', '--dist', await copyBuild(SOURCE_BUILD, path.join(scratch, 'a'), '9.8.1'))).out;
    await mf('canary', 'mf_member', stable, '100', '--reason', 'first');
    await mf('promote', 'mf_member', '--reason', 'first');
    const candidate = (await mf('publish', 'mf_member', '--dist', await copyBuild(SOURCE_BUILD, path.join(scratch, 'b'), '9.8.2'))).out;
    await mf('canary', 'mf_member', candidate, '0', '--reason', 'QA only');

    const issued = await mf('override', 'mf-member', candidate, '--minutes', '5');
    expect(issued.code).toBe(EXIT.ok);
    expect(issued.out).toMatch(new RegExp(`^${server.url}/web/\\?mf_override=[A-Za-z0-9_%.-]+$`));
    expect(issued.err).toContain(`mf_member ${candidate} for the browser that opens this address, until `);
    expect(await memberAssignmentAt(issued.out)).toMatchObject({ version: candidate, channel: 'override' });
    // The old way, a bare release id in the address, does nothing.
    expect(await memberAssignmentAt(`${server.url}/web/?mf_override=mf_member@${candidate}`)).toMatchObject({ version: stable, channel: 'stable' });

    await mf('rollback', 'mf_member', '--reason', 'bad');
    expect(await memberAssignmentAt(issued.out)).toMatchObject({ version: stable, channel: 'stable' });
    const refused = await mf('override', 'mf_member', candidate);
    expect(refused).toMatchObject({ code: EXIT.failed, out: '', err: `error: 发布 ${candidate} 已回滚，不能用于测试覆盖；请先重新灰度` });
  });

  it('says what is wrong with the command line (exit 2) and with the duration (the server’s limit)', async () => {
    expect((await mf('override', 'mf_member')).code).toBe(EXIT.usage);
    expect((await mf('override', 'mf_member', 'nope', '--minutes', '5')).code).toBe(EXIT.usage);
    const badMinutes = await mf('override', 'mf_member', '9.8.1-0000000000', '--minutes', '0');
    expect(badMinutes).toMatchObject({ code: EXIT.usage, err: expect.stringContaining('--minutes must be a whole number of minutes') });
    const stable = JSON.parse((await mf('list', '--json')).out).find((state: { remote: string }) => state.remote === 'mf_member').stable as string;
    expect(await mf('override', 'mf_member', stable, '--minutes', '100000')).toMatchObject({ code: EXIT.failed, err: 'error: 有效期必须是 1 到 1440 分钟' });
  });
});

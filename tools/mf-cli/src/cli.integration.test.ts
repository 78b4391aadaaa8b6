import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { AuditEntry, RolloutState } from '@sports/shared/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, runCli } from './cli';
import { REPO_ROOT } from './config';
import { computeReleaseId, contentHashOf, releaseIdFor } from './releaseId';
import { withDefaultPortsBusy } from './testing/busyDefaultPorts';
import { type RunningServer, startRealServer } from './testing/realServer';
import { copyBuild, readManifest, writeSiteRootFor } from './testing/releaseFolders';

/** A real remote's build: the releases published here are copies of it with other versions. */
const SOURCE_BUILD = path.join(REPO_ROOT, 'mf-member', 'dist');
const hasBuild = existsSync(path.join(SOURCE_BUILD, 'mf-manifest.json'));
if (!hasBuild) console.log(`skipped: the CLI integration test needs a built remote at ${SOURCE_BUILD} (pnpm --filter mf-member build)`);

const TOKEN = randomBytes(16).toString('hex');
const ACTOR = 'squad-member';

let scratch = '';
let server: RunningServer;
const folders = { first: '', second: '', incompatible: '', otherRuntime: '' };

async function mf(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    env: { MF_SERVER: server.url, MF_OPS_TOKEN: TOKEN, MF_ACTOR: ACTOR },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function memberState(): Promise<RolloutState> {
  const { out } = await mf('list', '--json');
  const state = (JSON.parse(out) as RolloutState[]).find((rollout) => rollout.remote === 'mf_member');
  if (!state) throw new Error('no mf_member in the list');
  return state;
}

describe.skipIf(!hasBuild)('pnpm mf against the real server', () => {
  beforeAll(async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'mf-cli-it-'));
    // As root the embedded PostgreSQL runs as the `postgres` user, who must reach its data folder.
    await fs.chmod(scratch, 0o755);
    await writeSiteRootFor(SOURCE_BUILD, path.join(scratch, 'site'));
    folders.first = await copyBuild(SOURCE_BUILD, path.join(scratch, 'first'), '9.9.1');
    folders.second = await copyBuild(SOURCE_BUILD, path.join(scratch, 'second'), '9.9.2');
    folders.incompatible = await copyBuild(SOURCE_BUILD, path.join(scratch, 'incompatible'), '9.9.3', (manifest) => {
      for (const shared of manifest.shared ?? []) if (shared.name === 'react') Object.assign(shared, { version: '18.0.0', requiredVersion: '^18.0.0' });
    });
    // As if built with another minor of @module-federation/enhanced than the host.
    folders.otherRuntime = await copyBuild(SOURCE_BUILD, path.join(scratch, 'other-runtime'), '9.9.4', (manifest) => {
      manifest.metaData.pluginVersion = '0.0.1';
    });
    // Started while 8080 and 1935 are taken, as when `npm start` runs beside `npm test`: the
    // test server must bind free ports only.
    server = await withDefaultPortsBusy(() => startRealServer({ dataDir: path.join(scratch, 'data'), siteRoot: path.join(scratch, 'site'), opsToken: TOKEN }));
  });

  afterAll(async () => {
    await server?.stop();
    if (scratch) await fs.rm(scratch, { recursive: true, force: true });
  });

  it('publish: the id the CLI computes is the one the server checks, registers and serves', async () => {
    const expected = (await computeReleaseId(folders.first, '9.9.1')).releaseId;
    const published = await mf('publish', 'mf_member', '--dist', folders.first, '--reason', 'first release');
    expect(published).toMatchObject({ code: EXIT.ok, out: expected });
    expect(published.err).toMatch(/\[\d+\/\d+\] remoteEntry\.js \(/);
    expect(published.err).not.toContain('mf-manifest-stats.json');

    const release = (await memberState()).releases.find((candidate) => candidate.releaseId === expected);
    expect(release).toMatchObject({ version: '9.9.1', createdBy: ACTOR, manifestUrl: `/web/releases/mf-member/${expected}/mf-manifest.json` });
    const served = await fetch(`${server.url}${release?.manifestUrl}`);
    expect(await served.text()).toBe(await fs.readFile(path.join(folders.first, 'mf-manifest.json'), 'utf8'));

    // Publishing the same build again is the same release, with nothing uploaded.
    const again = await mf('publish', 'mf_member', '--dist', folders.first);
    expect(again).toMatchObject({ code: EXIT.ok, out: expected });
    expect(again.err).toContain('already registered');
  });

  it("the server's own hash agrees: registered under a wrong id, it answers the id the CLI computes", async () => {
    const expected = (await computeReleaseId(folders.second, '9.9.2')).releaseId;
    const wrongId = '9.9.2-0000000000';
    const headers = { 'x-ops-token': TOKEN, 'Content-Type': 'application/octet-stream' };
    const twoFiles = ['mf-manifest.json', 'remoteEntry.js'];
    for (const file of twoFiles) {
      const put = await fetch(`${server.url}/api/mf/releases/mf_member/${wrongId}/files/${file}`, { method: 'PUT', headers, body: await fs.readFile(path.join(folders.second, file)) });
      expect(put.status).toBe(200);
    }
    const registered = await fetch(`${server.url}/api/mf/releases`, {
      method: 'POST',
      headers: { 'x-ops-token': TOKEN, 'x-ops-actor': ACTOR, 'Content-Type': 'application/json' },
      body: JSON.stringify({ remote: 'mf_member', releaseId: wrongId }),
    });
    // The server hashed the two files it holds: the CLI's algorithm over those two gives its answer.
    const cliId = releaseIdFor('9.9.2', await contentHashOf(folders.second, twoFiles));
    expect(await registered.json()).toEqual({ code: 1, msg: `发布被拒绝：发布内容与发布号不符（按内容应为 ${cliId}）`, data: null, reason: 'RELEASE_REFUSED' });

    expect(await mf('publish', 'mf-member', '--dist', folders.second, '--reason', 'second release')).toMatchObject({ code: EXIT.ok, out: expected });
  });

  it('an incompatible release is refused with the reason, and the refusal is audited', async () => {
    const refused = await mf('publish', 'mf_member', '--dist', folders.incompatible);
    expect(refused.code).toBe(EXIT.failed);
    expect(refused.err).toContain('error: 发布被拒绝：react 18.0.0 is not the host\'s major version');
    const audit = JSON.parse((await mf('audit', 'mf_member', '--limit', '1', '--json')).out) as AuditEntry[];
    expect(audit[0]).toMatchObject({ action: 'publish', actor: ACTOR, detail: { refused: [expect.stringContaining('react 18.0.0')] } });
  });

  it("a build of another federation runtime than the host's is refused, both versions named", async () => {
    const hostRuntime = (await readManifest(SOURCE_BUILD)).metaData.pluginVersion;
    expect(hostRuntime).toMatch(/^\d+\.\d+\.\d+/);
    const refused = await mf('publish', 'mf_member', '--dist', folders.otherRuntime);
    expect(refused.code).toBe(EXIT.failed);
    expect(refused.err).toContain(`error: 发布被拒绝：它的模块联邦运行时是 0.0.1，主应用的是 ${hostRuntime}`);
    const audit = JSON.parse((await mf('audit', 'mf_member', '--limit', '1', '--json')).out) as AuditEntry[];
    expect(audit[0]).toMatchObject({ action: 'publish', detail: { runtime: { release: '0.0.1', host: hostRuntime } } });
  });

  it('canary, change %, promote, roll back to an earlier release, drop a candidate: each in the state and the audit log', async () => {
    const first = (await computeReleaseId(folders.first, '9.9.1')).releaseId;
    const second = (await computeReleaseId(folders.second, '9.9.2')).releaseId;

    expect(await mf('canary', 'mf_member', first, '0', '--reason', 'QA only')).toMatchObject({ code: EXIT.ok });
    expect(await memberState()).toMatchObject({ stable: null, candidate: first, candidatePercent: 0 });
    expect((await mf('canary', 'mf_member', first, '30', '--reason', 'widen')).out).toBe(`mf_member: ${first} now takes 30 % of visitors`);
    expect((await mf('promote', 'mf_member', '--reason', 'healthy')).out).toBe(`mf_member: ${first} is now stable`);
    expect(await memberState()).toMatchObject({ stable: first, candidate: null, candidatePercent: 0 });

    await mf('canary', 'mf_member', second, '50', '--reason', 'half');
    const listed = (await mf('list')).out;
    expect(listed).toContain(`mf_member  stable ${first} (50 %)  candidate ${second} (50 %)`);
    await mf('promote', 'mf_member', '--reason', 'all good');
    expect((await mf('rollback', 'mf_member', '--to', first, '--reason', 'regression')).out).toBe(`mf_member: stable is back to ${first}`);
    expect(await memberState()).toMatchObject({ stable: first, candidate: null });

    await mf('canary', 'mf_member', second, '10', '--reason', 'retry');
    expect((await mf('rollback', 'mf_member', '--reason', 'not yet')).out).toContain('candidate dropped');
    expect(await memberState()).toMatchObject({ stable: first, candidate: null, candidatePercent: 0 });

    const refusal = await mf('promote', 'mf_member', '--reason', 'nothing to promote');
    expect(refusal).toMatchObject({ code: EXIT.failed, err: 'error: 当前没有候选发布' });

    const audit = (JSON.parse((await mf('audit', 'mf_member', '--json')).out) as AuditEntry[]).reverse();
    expect(audit.map((entry) => [entry.action, entry.releaseId, entry.reason])).toEqual([
      ['publish', first, 'first release'],
      ['publish', '9.9.2-0000000000', 'publish'],
      ['publish', second, 'second release'],
      ['publish', (await computeReleaseId(folders.incompatible, '9.9.3')).releaseId, 'publish'],
      ['publish', (await computeReleaseId(folders.otherRuntime, '9.9.4')).releaseId, 'publish'],
      ['canary', first, 'QA only'],
      ['canary', first, 'widen'],
      ['promote', first, 'healthy'],
      ['canary', second, 'half'],
      ['promote', second, 'all good'],
      ['rollback', first, 'regression'],
      ['canary', second, 'retry'],
      ['rollback', second, 'not yet'],
    ]);
    expect(new Set(audit.map((entry) => entry.actor))).toEqual(new Set([ACTOR]));
    const table = (await mf('audit', 'mf_member', '--limit', '2')).out.split('\n');
    expect(table[1]).toMatch(new RegExp(`mf_member +rollback +${second.replaceAll('.', '\\.')} +${ACTOR} +not yet +candidate dropped$`));
  });

  it('a wrong token is refused with what to do; the real entry point exits non-zero', async () => {
    const wrong = await runCli(['list'], { env: { MF_SERVER: server.url, MF_OPS_TOKEN: 'wrong' }, out: () => undefined, err: () => undefined });
    expect(wrong).toBe(EXIT.failed);

    const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
    const entry = (args: string[], token: string) =>
      spawnSync(process.execPath, [tsxCli, 'src/main.ts', ...args], {
        cwd: path.join(REPO_ROOT, 'tools', 'mf-cli'),
        env: { ...process.env, MF_SERVER: server.url, MF_OPS_TOKEN: token },
        encoding: 'utf8',
      });
    const listed = entry(['list'], TOKEN);
    expect(listed.status).toBe(EXIT.ok);
    expect(listed.stdout).toContain('mf_member  stable 9.9.1-');
    const refused = entry(['audit'], 'wrong');
    expect(refused.status).toBe(EXIT.failed);
    expect(refused.stderr).toContain('the server refused the ops token (需要运维权限)');
    expect(entry(['promote', 'mf_member'], TOKEN).status).toBe(EXIT.usage);
  });
});

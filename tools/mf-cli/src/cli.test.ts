import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { AuditEntry, RolloutState } from '@sports/shared/server';
import { describe, expect, it } from 'vitest';
import { EXIT, runCli } from './cli';
import { formatRollouts } from './format';
import { useScratchFolders } from './testing/scratchFolders';

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

const release = (releaseId: string, loads: number, errors: number) => ({
  remote: 'mf_live' as const,
  releaseId,
  version: releaseId.split('-')[0] ?? '',
  manifestUrl: `/web/releases/mf-live/${releaseId}/mf-manifest.json`,
  createdAt: '2025-11-22T05:14:03.000Z',
  createdBy: 'alice',
  health: { loads, errors, errorRate: loads + errors === 0 ? 0 : errors / (loads + errors), windowSeconds: 300 },
});

const STATES: RolloutState[] = [
  {
    remote: 'mf_live',
    stable: '0.1.0-aaaaaaaaaa',
    candidate: '0.2.0-bbbbbbbbbb',
    candidatePercent: 10,
    updatedAt: '2025-11-22T05:14:03.000Z',
    releases: [release('0.2.0-bbbbbbbbbb', 9, 1), release('0.1.0-aaaaaaaaaa', 90, 0)],
  },
  { remote: 'mf_scores', stable: null, candidate: null, candidatePercent: 0, updatedAt: '1970-01-01T00:00:00.000Z', releases: [] },
];

/** A stand-in control plane: answers by "METHOD path" with an envelope (or a status + envelope). */
function fakeServer(answers: Record<string, unknown | { status: number; body: unknown }>) {
  const sent: Sent[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([key, value]) => [key.toLowerCase(), value]));
    const raw = init?.body;
    const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    sent.push({ method, url, headers, body });
    const key = `${method} ${new URL(url).pathname}`;
    const known = key in answers ? key : `${method} *` in answers ? `${method} *` : null;
    if (known === null) return new Response(JSON.stringify({ code: 1, msg: `no fake answer for ${key}`, data: null }), { status: 404 });
    const answer = answers[known];
    const withStatus = typeof answer === 'object' && answer !== null && 'status' in answer ? (answer as { status: number; body: unknown }) : null;
    const envelope = withStatus ? withStatus.body : { code: 200, msg: '', data: answer };
    return new Response(JSON.stringify(envelope), { status: withStatus?.status ?? 200 });
  }) as typeof fetch;
  return { sent, fetchImpl };
}

async function cli(argv: string[], server: ReturnType<typeof fakeServer>, env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    env: { MF_OPS_TOKEN: 'tok', MF_SERVER: 'http://ops.test', MF_ACTOR: 'alice', ...env },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    fetch: server.fetchImpl,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const scratchFolder = useScratchFolders('mf-cli-publish-');

describe('pnpm mf against a fake control plane', () => {
  it('sends the ops token, the actor and X-Requested-With; canary posts the body the API takes', async () => {
    const server = fakeServer({ 'POST /api/mf/rollouts/mf_live/canary': null });
    const result = await cli(['canary', 'mf-live', '0.2.0-bbbbbbbbbb', '25', '--reason', 'more'], server);
    expect(result).toMatchObject({ code: EXIT.ok, out: 'mf_live: 0.2.0-bbbbbbbbbb now takes 25 % of visitors' });
    expect(server.sent).toEqual([
      {
        method: 'POST',
        url: 'http://ops.test/api/mf/rollouts/mf_live/canary',
        headers: { 'x-ops-token': 'tok', 'x-ops-actor': 'alice', 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
        body: { releaseId: '0.2.0-bbbbbbbbbb', percent: 25, reason: 'more' },
      },
    ]);
  });

  it('promote and both kinds of rollback', async () => {
    const server = fakeServer({ 'GET /api/mf/rollouts': STATES, 'POST *': null });
    expect((await cli(['promote', 'mf_live', '--reason', 'healthy'], server)).out).toBe('mf_live: 0.2.0-bbbbbbbbbb is now stable');
    expect((await cli(['rollback', 'mf_live', '--reason', 'bad'], server)).out).toBe('mf_live: candidate dropped, everyone is on the stable release');
    expect((await cli(['rollback', 'mf_live', '--to', '0.1.0-aaaaaaaaaa', '--reason', 'bad'], server)).out).toBe('mf_live: stable is back to 0.1.0-aaaaaaaaaa');
    expect(server.sent.filter((request) => request.method === 'POST').map((request) => [request.url, request.body])).toEqual([
      ['http://ops.test/api/mf/rollouts/mf_live/promote', { reason: 'healthy' }],
      ['http://ops.test/api/mf/rollouts/mf_live/rollback', { reason: 'bad' }],
      ['http://ops.test/api/mf/rollouts/mf_live/rollback', { reason: 'bad', toReleaseId: '0.1.0-aaaaaaaaaa' }],
    ]);
  });

  it('list: stable and candidate with their traffic shares, every release with its error rate', async () => {
    const result = await cli(['list'], fakeServer({ 'GET /api/mf/rollouts': STATES }));
    expect(result.code).toBe(EXIT.ok);
    const lines = result.out.split('\n');
    expect(lines[0]).toBe('mf_live  stable 0.1.0-aaaaaaaaaa (90 %)  candidate 0.2.0-bbbbbbbbbb (10 %)');
    expect(lines[1]).toMatch(/^ {2}RELEASE +VERSION +TRAFFIC +LOADS +ERRORS +ERROR RATE +PUBLISHED$/);
    expect(lines[2]).toMatch(/^ {2}0\.2\.0-bbbbbbbbbb +0\.2\.0 +candidate 10 % +9 +1 +10\.0 % +2025-11-22 05:14:03Z by alice$/);
    expect(lines[3]).toMatch(/^ {2}0\.1\.0-aaaaaaaaaa +0\.1\.0 +stable 90 % +90 +0 +0\.0 % /);
    expect(result.out).toContain('mf_scores  stable none  candidate none\n  no releases yet: pnpm mf publish mf_scores');
    expect(lines.at(-1)).toBe('loads, errors and error rates over the last 300 s');
    expect(JSON.parse((await cli(['list', '--json'], fakeServer({ 'GET /api/mf/rollouts': STATES }))).out)).toEqual(STATES);
  });

  it('a stable release alone takes all the traffic', () => {
    const alone = { ...STATES[0]!, candidate: null, candidatePercent: 0, releases: [release('0.1.0-aaaaaaaaaa', 1, 0)] };
    expect(formatRollouts([alone])[0]).toBe('mf_live  stable 0.1.0-aaaaaaaaaa (100 %)  candidate none');
  });

  it('audit: who, what, when, why, with the detail that matters', async () => {
    const entries: AuditEntry[] = [
      { id: 3, remote: 'mf_live', action: 'halt', releaseId: '0.3.0-cccccccccc', actor: 'system', reason: '错误率过高', detail: { loads: 0, errors: 6, previousPercent: 100 }, at: '2025-11-22T06:00:00.000Z' },
      { id: 2, remote: 'mf_live', action: 'canary', releaseId: '0.3.0-cccccccccc', actor: 'alice', reason: 'try', detail: { percent: 100, previousPercent: 0 }, at: '2025-11-22T05:59:00.000Z' },
      { id: 1, remote: 'mf_live', action: 'publish', releaseId: '0.4.0-dddddddddd', actor: 'alice', reason: 'publish', detail: { refused: ['react 18.0.0 is not the host\'s major version (19.3.1)'] }, at: '2025-11-22T05:58:00.000Z' },
    ];
    const server = fakeServer({ 'GET /api/mf/audit': entries });
    const result = await cli(['audit', 'mf_live', '--limit', '3'], server);
    expect(server.sent[0]?.url).toBe('http://ops.test/api/mf/audit?limit=3&remote=mf_live');
    const lines = result.out.split('\n');
    expect(lines[0]).toMatch(/^WHEN +REMOTE +ACTION +RELEASE +WHO +WHY +DETAIL$/);
    expect(lines[1]).toMatch(/^2025-11-22 06:00:00Z +mf_live +halt +0\.3\.0-cccccccccc +system +错误率过高 +100 % → 0 % \(6 errors, 0 loads\)$/);
    expect(lines[2]).toContain('0 % → 100 %');
    expect(lines[3]).toContain("refused: react 18.0.0 is not the host's major version (19.3.1)");
    expect((await cli(['audit'], fakeServer({ 'GET /api/mf/audit': [] }))).out).toBe('no audit entries');
  });

  it('failures say what to do next, with exit code 1; usage mistakes exit 2', async () => {
    const forbidden = await cli(['list'], fakeServer({ 'GET /api/mf/rollouts': { status: 403, body: { code: 1, msg: '需要运维权限', data: null } } }));
    expect(forbidden.code).toBe(EXIT.failed);
    expect(forbidden.err).toContain('the server refused the ops token (需要运维权限). The token came from MF_OPS_TOKEN');

    const refused = await cli(['promote', 'mf_live', '--reason', 'r'], fakeServer({ 'GET /api/mf/rollouts': STATES, 'POST *': { status: 400, body: { code: 1, msg: '当前没有候选发布', data: null } } }));
    expect(refused).toMatchObject({ code: EXIT.failed, err: 'error: 当前没有候选发布' });

    const down = await runCli(['list'], {
      env: { MF_OPS_TOKEN: 'tok', MF_SERVER: 'http://127.0.0.1:1' },
      out: () => undefined,
      err: (line) => expect(line).toContain('cannot reach the control plane at http://127.0.0.1:1'),
      fetch: (async () => {
        throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
      }) as typeof fetch,
    });
    expect(down).toBe(EXIT.failed);

    const notOurs = await cli(['list'], { sent: [], fetchImpl: (async () => new Response('<html>', { status: 200 })) as typeof fetch });
    expect(notOurs.err).toContain('unexpected answer (HTTP 200) from http://ops.test/api/mf/rollouts');

    const usage = await cli(['canary', 'mf_live'], fakeServer({}));
    expect(usage).toMatchObject({ code: EXIT.usage, err: 'error: missing <releaseId>\nrun `pnpm mf canary --help` for usage' });
  });

  it('--help lists every command and the environment', async () => {
    const help = await cli(['--help'], fakeServer({}));
    expect(help.code).toBe(EXIT.ok);
    for (const command of ['publish', 'list', 'canary', 'promote', 'rollback', 'audit', 'MF_SERVER', 'MF_OPS_TOKEN', 'MF_ACTOR']) expect(help.out).toContain(command);
    expect((await cli(['publish', '--help'], fakeServer({}))).out).toMatch(/^usage: pnpm mf publish <remote> \[--dist <folder>\]/);
  });

  it('publish: uploads every file but the statistics as raw bytes, then registers', async () => {
    const scratch = await scratchFolder();
    await fs.cp(new URL('./testing/fixture-release', import.meta.url), scratch, { recursive: true });
    const manifest = JSON.parse(await fs.readFile(path.join(scratch, 'mf-manifest.json'), 'utf8')) as Record<string, unknown>;
    await fs.writeFile(path.join(scratch, 'mf-manifest.json'), JSON.stringify({ ...manifest, name: 'mf_live' }));
    const server = fakeServer({ 'GET /api/mf/rollouts': STATES, 'PUT *': null, 'POST /api/mf/releases': release('1.4.2-x', 0, 0) });
    const result = await cli(['publish', 'mf_live', '--dist', scratch, '--reason', 'new badge'], server);
    expect(result.code).toBe(EXIT.ok);
    const puts = server.sent.filter((request) => request.method === 'PUT');
    const releaseId = puts[0]?.url.split('/')[7];
    expect(releaseId).toMatch(/^1\.4\.2-[0-9a-f]{10}$/);
    expect(puts.map((request) => request.url.split('/files/')[1])).toEqual(['chunks/1.abc123.js', 'chunks/Z.js', 'chunks/mf-manifest-stats.json', 'mf-manifest.json', 'remoteEntry.js']);
    expect(puts[0]?.headers['content-type']).toBe('application/octet-stream');
    expect(Buffer.from(puts[0]?.body as Uint8Array).toString()).toBe('"use strict";console.log("chunk 1");\n');
    expect(server.sent.at(-1)).toMatchObject({ method: 'POST', url: 'http://ops.test/api/mf/releases', body: { remote: 'mf_live', releaseId, reason: 'new badge' } });
    expect(result.err).toContain('[5/5] remoteEntry.js (15 B)');
    expect(result.out).toBe('1.4.2-x');
  });

  it('publish refuses a build whose .br or .gz copy is not its file, naming it, before any upload', async () => {
    const scratch = await scratchFolder();
    await fs.cp(new URL('./testing/fixture-release', import.meta.url), scratch, { recursive: true });
    const entry = await fs.readFile(path.join(scratch, 'remoteEntry.js'));
    await fs.writeFile(path.join(scratch, 'remoteEntry.js.br'), brotliCompressSync(entry));
    await fs.writeFile(path.join(scratch, 'remoteEntry.js.gz'), gzipSync(Buffer.concat([entry, Buffer.from('// an older build')])));
    const server = fakeServer({ 'GET /api/mf/rollouts': STATES, 'PUT *': null, 'POST /api/mf/releases': release('1.4.2-x', 0, 0) });
    const result = await cli(['publish', 'mf_member', '--dist', scratch], server);
    expect(result).toMatchObject({
      code: EXIT.failed,
      err: `error: ${scratch} is not a clean build, nothing was uploaded: remoteEntry.js.gz does not decompress to remoteEntry.js (browsers that take gzip would get other code): rebuild, or delete the copy`,
    });
    expect(server.sent).toEqual([]);

    await fs.writeFile(path.join(scratch, 'remoteEntry.js.gz'), gzipSync(entry));
    expect((await cli(['publish', 'mf_member', '--dist', scratch], server)).code).toBe(EXIT.ok);
  });

  it('publish refuses a folder that is not a build of that remote, before any upload', async () => {
    const server = fakeServer({});
    const fixture = new URL('./testing/fixture-release', import.meta.url).pathname;
    const wrong = await cli(['publish', 'mf_live', '--dist', fixture], server);
    expect(wrong).toMatchObject({ code: EXIT.failed, err: `error: ${fixture} holds a build of mf_member, not mf_live: check the remote name or --dist` });
    const missing = await cli(['publish', 'mf_live', '--dist', 'no-such-folder'], server, { MF_CWD: '/tmp' });
    expect(missing.err).toContain('no build at /tmp/no-such-folder (mf-manifest.json not found)');
    expect(server.sent).toEqual([]);
  });
});

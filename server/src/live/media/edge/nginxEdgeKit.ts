import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../../infra/config/serverPaths';

/**
 * Tests (and benchmarks) only: Debian's nginx running the repo's edge config
 * (deploy/nginx/edge.conf.template, rendered by deploy/nginx/render.mjs) as the current user on a
 * free port, in a temporary prefix (cache, temp files, logs, pid), in the foreground.
 */

export const RENDER_SCRIPT = path.join(REPO_ROOT, 'deploy', 'nginx', 'render.mjs');

/** NGINX_PATH, else nginx on the PATH, else Debian's /usr/sbin/nginx (not on a plain user's PATH). */
const NGINX = [process.env.NGINX_PATH, 'nginx', '/usr/sbin/nginx'].find((candidate): candidate is string => {
  if (candidate === undefined || candidate === '') return false;
  try {
    execFileSync(candidate, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
});

/** Whether nginx runs here; when not, prints why the suite that needs it is skipped. */
export function nginxInstalledFor(needs: string): boolean {
  if (NGINX !== undefined) return true;
  console.log(`skipped: nginx is not installed (npm test installs Debian's nginx; by hand: apt-get install nginx), ${needs}`);
  return false;
}

function nginxBinary(): string {
  if (NGINX === undefined) throw new Error('nginx is not installed: apt-get install nginx (or set NGINX_PATH)');
  return NGINX;
}

/** A TCP port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function run(file: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, (error, stdout, stderr) => resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr }));
  });
}

/** render.mjs with these arguments (its exit code and output). */
export function renderEdge(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(process.execPath, [RENDER_SCRIPT, ...args]);
}

/** `nginx -t` of a rendered config (exit code and what nginx said). */
export function nginxCheck(prefix: string, config: string): Promise<{ code: number; output: string }> {
  return run(nginxBinary(), ['-t', '-p', prefix, '-c', config, '-e', 'stderr']).then(({ code, stdout, stderr }) => ({ code, output: stdout + stderr }));
}

/** `nginx -T`: the effective config as nginx parsed it. */
export async function nginxDump(prefix: string, config: string): Promise<string> {
  const { code, stdout, stderr } = await run(nginxBinary(), ['-T', '-p', prefix, '-c', config, '-e', 'stderr']);
  if (code !== 0) throw new Error(`nginx -T failed: ${stderr}`);
  return stdout;
}

export interface NginxEdge {
  url: string;
  prefix: string;
  /** nginx's master and worker processes (benchmarks read their CPU from /proc). */
  pids(): number[];
  /** The access log so far (format `edge` of the template: cache=… upstream=…). */
  accessLog(): Promise<string>;
  stop(): Promise<void>;
}

/** Renders the edge for `upstreams` and runs nginx on a free port until stop(). */
export async function startNginxEdge(upstreams: string[], options: { workers?: number; accessLog?: boolean } = {}): Promise<NginxEdge> {
  const prefix = await fs.mkdtemp(path.join(os.tmpdir(), 'sports-edge-'));
  const port = await freePort();
  const args = ['--listen', `127.0.0.1:${port}`, '--prefix', prefix, '--daemon', 'off', '--workers', String(options.workers ?? 1)];
  for (const upstream of upstreams) args.push('--upstream', upstream);
  // As root, nginx would run its workers as nobody, who cannot write the temporary prefix.
  if (process.getuid?.() === 0) args.push('--user', os.userInfo().username);
  if (options.accessLog === false) args.push('--access-log', 'off');
  const rendered = await renderEdge(args);
  if (rendered.code !== 0) throw new Error(`render.mjs failed: ${rendered.stderr}`);
  const config = rendered.stdout.trim();
  const child: ChildProcess = spawn(nginxBinary(), ['-p', prefix, '-c', config, '-e', 'stderr'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-2_000);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (!(await answers(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start on ${port}: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const masterPid = child.pid ?? 0;
  return {
    url,
    prefix,
    pids: () => [masterPid, ...childrenOf(masterPid)],
    accessLog: () => fs.readFile(path.join(prefix, 'logs', 'access.log'), 'utf8').catch(() => ''),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM'); // nginx: fast shutdown
        await exited;
      }
      await fs.rm(prefix, { recursive: true, force: true });
    },
  };
}

/** A process's children (Linux: /proc/<pid>/task/<pid>/children). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One GET on its own connection (no pool): status, headers, whole body. */
export function get(url: string): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.setTimeout(10_000, () => request.destroy(new Error(`GET ${url}: no answer in 10 s`)));
    request.on('error', reject);
  });
}

/**
 * Reads an HTTP-FLV response for `ms` and notes when each video tag (by its timestamp) arrived;
 * resolves with those times and the response's headers.
 */
export function videoTagArrivals(url: string, ms: number): Promise<{ status: number; headers: http.IncomingHttpHeaders; arrivals: Map<number, number> }> {
  return new Promise((resolve, reject) => {
    const arrivals = new Map<number, number>();
    let pending = Buffer.alloc(0);
    let headerDone = false;
    const request = http.get(url, { agent: false }, (response) => {
      response.on('data', (chunk: Buffer) => {
        const now = Date.now();
        pending = Buffer.concat([pending, chunk]);
        if (!headerDone) {
          if (pending.length < 13) return;
          pending = pending.subarray(pending.readUInt32BE(5) + 4);
          headerDone = true;
        }
        // Whole tags: 11-byte header, payload, 4-byte previous tag size.
        while (pending.length >= 11) {
          const size = pending.readUIntBE(1, 3);
          if (pending.length < 11 + size + 4) break;
          const ts = (pending.readUInt8(7) * 0x1000000 + pending.readUIntBE(4, 3)) >>> 0;
          if ((pending.readUInt8(0) & 0x1f) === 9 && !arrivals.has(ts)) arrivals.set(ts, now);
          pending = pending.subarray(11 + size + 4);
        }
      });
      setTimeout(() => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, arrivals });
      }, ms);
    });
    request.on('error', (error) => (arrivals.size > 0 ? undefined : reject(error)));
  });
}

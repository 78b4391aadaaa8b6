import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../config';

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

export interface ServerOptions {
  dataDir: string;
  siteRoot: string;
  opsToken: string;
  env?: Record<string, string>;
}

const START_TIMEOUT_MS = 150_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The real server (`tsx server/src/main.ts`) as its own process, on free ports (HTTP and RTMP)
 * with its own embedded PostgreSQL in `dataDir`: the CLI talks to it exactly as it talks to
 * production. If it exits before it is healthy, the start fails at once with its last output.
 */
export async function startRealServer(options: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Never an external database or Redis from the caller's shell: this server is a scratch one.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, [tsxCli, 'src/main.ts'], {
    cwd: path.join(REPO_ROOT, 'server'),
    env: {
      ...env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      SITE_ROOT: options.siteRoot,
      LOG_LEVEL: 'warn',
      MF_OPS_TOKEN: options.opsToken,
      // Any free RTMP port, and no demo pushes: 1935 belongs to a site `npm start` may be running.
      MEDIA_RTMP_PORT: '0',
      DEMO_STREAMS: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const server: RunningServer = { url, stop: () => stopServer(child, exited) };
  try {
    await waitForHealth(url, exited, () => output);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

async function waitForHealth(url: string, exited: Promise<number | null>, output: () => string): Promise<void> {
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`the server exited (code ${exitCode}) before it was healthy:\n${output()}`);
    const healthy = await fetch(`${url}/healthz`).then((response) => response.ok, () => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server was not healthy at ${url}/healthz within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/** SIGTERM (the server stops its database cleanly), then SIGKILL if it hangs. */
async function stopServer(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 20_000).unref());
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}

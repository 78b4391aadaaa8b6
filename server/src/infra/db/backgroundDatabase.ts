import { readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { createDatabase } from './database';
import type { Database } from './schema';

/**
 * The niceness of a background job's PostgreSQL backend when the database shares this machine.
 * At 10 the backend weighs about a tenth of a normal process: a statement that is running yields
 * its core at once to a server thread that wakes (a live-data ping), and still gets a tenth of a
 * busy core, which keeps the alerts' fan-out inside its 30 s (alerts/README.md, "Measured").
 */
export const BACKGROUND_NICE = 10;

/** Why the backend kept its priority, or that it was lowered. */
export type BackgroundPriority =
  | { lowered: true; pid: number; nice: number }
  | { lowered: false; reason: 'remote-database' | 'not-a-postgres-process' | 'not-permitted' };

export interface BackgroundDatabaseOptions {
  nice?: number;
  /** How a process's niceness is set (tests record it); default `os.setPriority`. */
  renice?: (pid: number, nice: number) => void;
  /** The command name of a process (`/proc/<pid>/comm`); null when there is none. */
  processName?: (pid: number) => string | null;
}

export interface BackgroundDatabase {
  db: Kysely<Database>;
  /** What the last connection's start did about its backend's priority (null before the first). */
  priority(): BackgroundPriority | null;
  close(): Promise<void>;
}

/** A host that names this machine: loopback, or a Unix socket's directory (pg's default too). */
export function isLocalDatabaseHost(host: string | undefined): boolean {
  if (host === undefined || host === '' || host.startsWith('/')) return true;
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function procName(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
}

/**
 * Lowers the CPU priority of the PostgreSQL backend serving `host`'s connection `pid`, when that
 * backend is a process of this machine. A remote database's pid names a process elsewhere (never
 * reniced here: the number could be anything on this machine), and a pid that is not a
 * `postgres` process is left alone.
 */
export function lowerBackendPriority(host: string | undefined, pid: number, options: BackgroundDatabaseOptions = {}): BackgroundPriority {
  if (!isLocalDatabaseHost(host)) return { lowered: false, reason: 'remote-database' };
  if ((options.processName ?? procName)(pid) !== 'postgres') return { lowered: false, reason: 'not-a-postgres-process' };
  const nice = options.nice ?? BACKGROUND_NICE;
  try {
    (options.renice ?? setPriority)(pid, nice);
  } catch {
    // Another user's server (a system PostgreSQL) and no privilege to renice it.
    return { lowered: false, reason: 'not-permitted' };
  }
  return { lowered: true, pid, nice };
}

/**
 * One connection, opened by createDatabase with `pool`'s address, for a background job that must not take the
 * cores from the live paths (the alerts' fan-out: alerts/README.md). PostgreSQL has no priority
 * per statement; where the database runs on this machine (the embedded default, or a local
 * server we may renice) the backend process of this connection runs at BACKGROUND_NICE, so the
 * server's own threads preempt its statements. A remote database keeps its priority: its CPU is
 * not this machine's. Its own pool, never one of the request pool's connections (a reniced
 * backend would slow the requests that got it next).
 */
export function createBackgroundDatabase(pool: pg.Pool, log: FastifyBaseLogger, options: BackgroundDatabaseOptions = {}): BackgroundDatabase {
  const { connectionString, connectionTimeoutMillis } = pool.options;
  if (connectionString === undefined) throw new Error('createBackgroundDatabase: the pool was not opened from a connection string (createDatabase)');
  const handle = createDatabase({
    connectionString,
    max: 1,
    connectionTimeoutMillis,
    onPoolError: (error) => log.warn({ err: error }, 'background database: an idle connection failed; the next job opens another'),
  });
  let priority: BackgroundPriority | null = null;
  handle.pool.on('connect', (client) => {
    // Queued before the job's first statement on this connection.
    client.query<{ pid: number }>('select pg_backend_pid() as pid').then(
      ({ rows }) => {
        const pid = rows[0]?.pid;
        if (pid === undefined) return;
        const first = priority === null;
        priority = lowerBackendPriority((client as pg.Client & { host?: string }).host, pid, options);
        if (first) log.info({ priority }, priority.lowered ? `background database: its PostgreSQL backend runs at nice ${priority.nice}` : `background database: its PostgreSQL backend keeps its priority (${priority.reason})`);
      },
      (error: unknown) => log.warn({ err: error }, 'background database: could not read the backend pid'),
    );
  });
  return { db: handle.db, priority: () => priority, close: () => handle.close() };
}

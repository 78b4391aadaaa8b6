import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { redactUrl } from '../config/redactUrl';
import { type DatabaseHandle, createDatabase } from './database';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embeddedPostgres';

export interface OpenedDatabase {
  database: DatabaseHandle;
  /** The embedded server when no DATABASE_URL was given (main.ts stops it last). */
  embedded: EmbeddedPostgres | null;
}

export class DatabaseUnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    super(
      `Cannot connect to DATABASE_URL ${redactUrl(url)}: ${cause instanceof Error ? cause.message : String(cause)}. ` +
        'Check that PostgreSQL runs there and the credentials are right, or unset DATABASE_URL to use the embedded database.',
      { cause },
    );
    this.name = 'DatabaseUnreachableError';
  }
}

/** DATABASE_URL when given, else the embedded PostgreSQL under dataDir; checked with `select 1`. */
export async function openDatabase(
  settings: { databaseUrl: string | null; dataDir: string },
  log: FastifyBaseLogger,
): Promise<OpenedDatabase> {
  const embedded = settings.databaseUrl === null ? await startEmbedded(settings.dataDir, log) : null;
  const url = settings.databaseUrl ?? embedded?.url ?? '';
  const database = createDatabase({
    connectionString: url,
    // 57P01: the server is shutting down (Ctrl-C in a terminal signals postgres too): expected.
    onPoolError: (error) =>
      (error as { code?: string }).code === '57P01'
        ? log.info('database connection closed by the database shutting down')
        : log.warn({ err: error }, 'idle database connection lost'),
  });
  try {
    await sql`select 1`.execute(database.db);
  } catch (error) {
    await database.close();
    await embedded?.stop();
    throw settings.databaseUrl === null ? error : new DatabaseUnreachableError(url, error);
  }
  log.info(embedded === null ? `database: ${redactUrl(url)}` : `database: embedded PostgreSQL on port ${embedded.port}`);
  return { database, embedded };
}

async function startEmbedded(dataDir: string, log: FastifyBaseLogger): Promise<EmbeddedPostgres> {
  const started = Date.now();
  const embedded = await startEmbeddedPostgres({
    dir: dataDir,
    // postgres is chatty at LOG level; only its problems deserve more than debug.
    log: (line) => (/\b(ERROR|FATAL|PANIC)\b/.test(line) ? log.warn(`postgres: ${line}`) : log.debug(`postgres: ${line}`)),
  });
  log.info(`embedded PostgreSQL started in ${Date.now() - started} ms (data in ${dataDir})`);
  return embedded;
}

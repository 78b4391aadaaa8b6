import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

/** PostgreSQL type OID of int8 (bigint, bigserial, count(*)). */
const INT8_OID = 20;

/**
 * int8 as a JS number: ids, counts and money units stay far below 2^53, and a string would leak
 * into every contract. A value that cannot be represented exactly fails the query instead of
 * silently losing precision (pg turns a parser exception into a query error).
 */
export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`int8 value ${text} is outside the safe integer range`);
  }
  return value;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  pool: pg.Pool;
  /** Ends the pool (idempotent). */
  close(): Promise<void>;
}

export interface DatabaseOptions {
  connectionString: string;
  /** Pool size; small by default so many test databases fit on one server. */
  max?: number;
  /**
   * How long a query waits for a connection (a new one, or a pooled one to come free) before it
   * fails: 5 s by default, so a request fails fast when the database is gone. Tests raise it: a
   * burst of 60 transfers through a 4-connection pool on a loaded 2-core machine waits longer.
   */
  connectionTimeoutMillis?: number;
  onPoolError?: (error: Error) => void;
}

/** The pool behind each database this process opened (Kysely keeps its pool private). */
const pools = new WeakMap<Kysely<Database>, pg.Pool>();

/** The pg pool under `db`, for its size figures (/metrics); undefined for a database not made here. */
export function poolOf(db: Kysely<Database>): pg.Pool | undefined {
  return pools.get(db);
}

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    // Fail fast instead of hanging a request when the database is gone.
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5_000,
    idleTimeoutMillis: 30_000,
    // Per pool, not pg.types globally: nothing else in the process is surprised.
    types: {
      getTypeParser: (oid, format) =>
        oid === INT8_OID && format !== 'binary' ? parseInt8 : pg.types.getTypeParser(oid, format),
    },
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', (error) => options.onPoolError?.(error));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);

  let closing: Promise<void> | undefined;
  return {
    db,
    pool,
    close() {
      // Kysely's destroy() ends the pool it was given.
      closing ??= db.destroy();
      return closing;
    },
  };
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../infra/db/schema';
import type { RegisteredRoute } from '../infra/http/routeTable';
import { plausibleRequest } from './routeFuzz';

/**
 * The test kit of the one CSRF rule (accounts/csrf.ts) and of the route declarations it reads
 * (infra/http/stateChange.ts): which statements a request made the database run, a cheap
 * fingerprint of every table, and a plausible request per route.
 */

// ---- Which statements a request ran ----

/** The writes run on behalf of one request (or whatever ran inside `watchWrites`). */
export interface WriteLog {
  statements: string[];
}

const current = new AsyncLocalStorage<WriteLog>();
let installed = false;

/**
 * Wraps pg's Client#query once per process (the app's Kysely runs every statement through it,
 * raw `sql` included): a statement that writes is noted in the WriteLog of the async context it
 * was issued from. Background work started outside `watchWrites` has no log and is not seen.
 */
export function installWriteWatch(): void {
  if (installed) return;
  installed = true;
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function query(this: unknown, ...args: unknown[]) {
    const log = current.getStore();
    if (log !== undefined) {
      const first = args[0] as string | { text?: string } | undefined;
      const text = typeof first === 'string' ? first : first?.text;
      if (typeof text === 'string' && isWriteStatement(text)) log.statements.push(text.replace(/\s+/g, ' ').slice(0, 160));
    }
    return original.apply(this, args);
  };
}

/** Runs `work` (an `app.inject`) with a WriteLog of its own: everything it causes, awaited or not, lands there. */
export async function watchWrites<T>(work: () => Promise<T>): Promise<{ result: T; log: WriteLog }> {
  const log: WriteLog = { statements: [] };
  // `async () => await`: app.inject answers a lazy chain that starts the request only when it is
  // awaited, which must happen inside the run, not after it.
  const result = await current.run(log, async () => await work());
  return { result, log };
}

/** INSERT, UPDATE, DELETE, MERGE, TRUNCATE, a materialized view refresh (CTEs included); not `select … for update`. */
export function isWriteStatement(text: string): boolean {
  const statement = text.replace(/--[^\n]*/g, ' ');
  return (
    /\binsert\s+into\b/i.test(statement) ||
    /\bdelete\s+from\b/i.test(statement) ||
    /\bmerge\s+into\b/i.test(statement) ||
    /^\s*truncate\b/i.test(statement) ||
    /\brefresh\s+materialized\s+view\b/i.test(statement) ||
    /(^|[\s(])update\s+(only\s+)?("[^"]+"|[A-Za-z_][\w.]*)(\s+(as\s+)?("[^"]+"|[A-Za-z_]\w*))?\s+set\b/i.test(statement)
  );
}

// ---- What the database holds ----

/** Per table: its row count and the sum of its rows' xmin (changes with any insert, update or delete). */
export async function databaseFingerprint(db: Kysely<Database>): Promise<Record<string, string>> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const fingerprint: Record<string, string> = {};
  for (const { table_name: table } of tables.rows) {
    const result = await sql<{ rows: string; xmins: string }>`
      select count(*)::text as rows, coalesce(sum(xmin::text::bigint), 0)::text as xmins from ${sql.table(table)}`.execute(db);
    const row = result.rows[0];
    fingerprint[table] = `${row?.rows ?? 0} rows, xmin sum ${row?.xmins ?? 0}`;
  }
  return fingerprint;
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).map((name) => `${name}: ${before[name] ?? 'absent'} → ${after[name] ?? 'absent'}`);
}

// ---- Requests ----

/** The route as the tests name it. */
export function routeKey(route: Pick<RegisteredRoute, 'method' | 'url'>): string {
  return `${route.method} ${route.url}`;
}

/** The routes a browser can reach over plain HTTP (no WebSocket upgrades). */
export function httpRoutes(routes: readonly RegisteredRoute[]): RegisteredRoute[] {
  return routes.filter((route) => !route.websocket);
}

export { plausibleRequest };

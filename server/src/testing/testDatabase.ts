import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, createDatabase } from '../infra/db/database';
import { migrateToLatest } from '../infra/db/migrations/migrate';
import { seedDemoData } from '../seedDemoData';

export interface TestDatabase {
  name: string;
  url: string;
  handle: DatabaseHandle;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Run migrations (default true). */
  migrate?: boolean;
  /** Insert the demo data (default true; needs migrate). */
  seed?: boolean;
  /**
   * A database on the same server already at the latest schema (DbTarget.migratedTemplate): the
   * new database is copied from it (CREATE DATABASE … TEMPLATE, a file copy) instead of running
   * every migration. Ignored with `migrate: false`. Migrations still run after the copy, so a
   * template one migration behind is brought up to date, never used stale.
   */
  template?: string | null;
}

/** A fresh, uniquely named database on the target server, so test files never share state. */
export async function createTestDatabase(adminUrl: string, options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const migrate = options.migrate !== false;
  const template = migrate ? (options.template ?? null) : null;
  await runAdmin(adminUrl, template === null ? `create database ${name}` : `create database ${name} template ${template}`);
  const url = withDatabase(adminUrl, name);
  const handle = createDatabase({ connectionString: url, max: 4, connectionTimeoutMillis: 30_000 });
  if (migrate) {
    // On a copy of the template this finds nothing to do (one query); without one, it migrates.
    await migrateToLatest(handle.db);
    if (options.seed !== false) await seedDemoData(handle.db);
  }
  return {
    name,
    url,
    handle,
    async drop() {
      await handle.close();
      // FORCE: a test that failed half-way may have left a connection open.
      await runAdmin(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * Once per run and server: a database at the latest schema (no demo data) for createTestDatabase
 * to copy. Nobody may stay connected to it (PostgreSQL refuses to copy a database in use), so its
 * pool is closed before it is returned. Its name is unique per run: two runs on one server never
 * share or drop each other's template.
 */
export async function createMigratedTemplate(adminUrl: string): Promise<string> {
  const template = await createTestDatabase(adminUrl, { seed: false });
  await template.handle.close();
  return template.name;
}

/** Drops a template made by createMigratedTemplate (at the end of the run). */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await runAdmin(adminUrl, `drop database if exists ${name} with (force)`);
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function runAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

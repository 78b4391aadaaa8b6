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
}

/** A fresh, uniquely named database on the target server, so test files never share state. */
export async function createTestDatabase(adminUrl: string, options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await runAdmin(adminUrl, `create database ${name}`);
  const url = withDatabase(adminUrl, name);
  const handle = createDatabase({ connectionString: url, max: 4 });
  if (options.migrate !== false) {
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

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app';
import type { DatabaseHandle } from '../infra/db/database';
import type { Database } from '../infra/db/schema';
import type { App } from '../infra/http/types';
import { type DbTarget, dbTargets } from './dbTargets';
import { type FakeSite, createFakeSite } from './fakeSite';
import { type TestDatabase, type TestDatabaseOptions, createTestDatabase } from './testDatabase';

/** What a suite uses; readable once its beforeAll has run. */
export interface TestAppContext {
  readonly app: App;
  readonly db: Kysely<Database>;
  readonly database: DatabaseHandle;
  readonly site: FakeSite;
  /** The app's DATA_DIR (a temp folder: secrets, sms-outbox.jsonl, uploads/). */
  readonly dataDir: string;
}

export interface TestAppOptions extends TestDatabaseOptions {
  /** Overrides for buildApp (db, siteRoot and logLevel are filled in). */
  app?: Partial<Omit<BuildAppOptions, 'db'>>;
  /** Build the fake site without host/dist. */
  withHost?: boolean;
}

/**
 * Runs `body` once per available database target (embedded always; external when reachable),
 * each in a describe named after the target. Unreachable targets show as skipped.
 */
export function describeEachDatabase(title: string, body: (target: DbTarget) => void): void {
  for (const target of dbTargets()) {
    describe.skipIf(target.adminUrl === null)(`${title} [${target.name} PostgreSQL]`, () => body(target));
  }
}

/** In a describe: a fresh database (migrated and seeded) and the real app built on it. */
export function useTestApp(target: DbTarget, options: TestAppOptions = {}): TestAppContext {
  let state: { app: App; testDatabase: TestDatabase; site: FakeSite; dataDir: string } | undefined;

  beforeAll(async () => {
    if (target.adminUrl === null) throw new Error(`${target.name} PostgreSQL is not available`);
    const testDatabase = await createTestDatabase(target.adminUrl, { template: target.migratedTemplate, ...options });
    const site = await createFakeSite({ withHost: options.withHost ?? true });
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sports-data-'));
    const app = await buildApp({ siteRoot: site.root, logLevel: 'silent', dataDir, ...options.app, db: testDatabase.handle.db });
    await app.ready();
    state = { app, testDatabase, site, dataDir };
  });

  afterAll(async () => {
    if (state === undefined) return;
    await state.app.close();
    await state.testDatabase.drop();
    await state.site.remove();
    await fs.rm(state.dataDir, { recursive: true, force: true });
  });

  const current = () => {
    if (state === undefined) throw new Error('useTestApp: used before beforeAll ran');
    return state;
  };
  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().testDatabase.handle.db;
    },
    get database() {
      return current().testDatabase.handle;
    },
    get site() {
      return current().site;
    },
    get dataDir() {
      return current().dataDir;
    },
  };
}

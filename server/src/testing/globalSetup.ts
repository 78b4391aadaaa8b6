import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { redactUrl } from '../infra/config/redactUrl';
import { startEmbeddedPostgres } from '../infra/db/embeddedPostgres';
import { DEFAULT_EXTERNAL_URL, type DbTarget } from './dbTargets';
import { createMigratedTemplate, dropDatabase } from './testDatabase';

/**
 * Once per test run: one embedded PostgreSQL in a temp folder (removed afterwards), and a probe of
 * the external PostgreSQL (DATABASE_URL, else 127.0.0.1:5432). On each target it migrates one
 * template database; test files then create their own databases as copies of it (CREATE
 * DATABASE … TEMPLATE: a file copy, about 30 times cheaper than running every migration per file).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sports-server-test-'));
  // mkdtemp makes 0700; as root, postgres runs as the `postgres` user and must enter the folder.
  await fs.chmod(dir, 0o755);
  const embedded = await startEmbeddedPostgres({
    dir,
    // A throw-away cluster: durability settings off make CREATE DATABASE and commits fast.
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
  });

  const externalUrl = process.env.DATABASE_URL?.trim() || DEFAULT_EXTERNAL_URL;
  const reachable = await isReachable(externalUrl, 1_000);
  if (!reachable) console.log(`skipped: external PostgreSQL not reachable at ${redactUrl(externalUrl)}`);

  const [embeddedTemplate, externalTemplate] = await Promise.all([
    createMigratedTemplate(embedded.url),
    reachable ? createMigratedTemplate(externalUrl) : null,
  ]);
  const targets: DbTarget[] = [
    { name: 'embedded', adminUrl: embedded.url, migratedTemplate: embeddedTemplate },
    { name: 'external', adminUrl: reachable ? externalUrl : null, migratedTemplate: externalTemplate },
  ];
  project.provide('dbTargets', targets);

  return async () => {
    if (externalTemplate !== null) await dropDatabase(externalUrl, externalTemplate).catch((error: unknown) => console.warn(`could not drop the template ${externalTemplate} on the external PostgreSQL: ${String(error)}`));
    await embedded.stop();
    await fs.rm(dir, { recursive: true, force: true });
  };
}

async function isReachable(url: string, timeoutMs: number): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

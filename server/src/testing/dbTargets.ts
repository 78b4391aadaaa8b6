import { inject } from 'vitest';

/** A PostgreSQL server the suites run on; `adminUrl` null means unreachable (suites skip). */
export interface DbTarget {
  name: 'embedded' | 'external';
  /** A database on that server we may CREATE DATABASE / DROP DATABASE from. */
  adminUrl: string | null;
  /**
   * A database on that server already migrated to the latest schema (globalSetup made it once for
   * the run), which createTestDatabase copies with CREATE DATABASE … TEMPLATE instead of running
   * every migration again. Null where the target is unreachable (or a caller made its own target).
   */
  migratedTemplate?: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTargets: DbTarget[];
  }
}

/** When DATABASE_URL is not set, the local PostgreSQL a project machine usually has. */
export const DEFAULT_EXTERNAL_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The targets globalSetup found: always the embedded one, and the external one when reachable. */
export function dbTargets(): DbTarget[] {
  return inject('dbTargets');
}

/** For suites that do not depend on the database flavour (static files, sockets). */
export function embeddedTarget(): DbTarget {
  const target = dbTargets().find((candidate) => candidate.name === 'embedded');
  if (target === undefined) throw new Error('globalSetup did not provide the embedded PostgreSQL');
  return target;
}

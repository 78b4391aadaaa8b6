import { inject } from 'vitest';

/** A PostgreSQL server the suites run on; `adminUrl` null means unreachable (suites skip). */
export interface DbTarget {
  name: 'embedded' | 'external';
  /** A database on that server we may CREATE DATABASE / DROP DATABASE from. */
  adminUrl: string | null;
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

import type { Kysely } from 'kysely';
import { type MigrationResultSet, Migrator } from 'kysely/migration';
import type { Database } from '../schema';
import { migrations } from './index';

/** Brings the schema to the latest version; a no-op when it is already there. */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const resultSet = await migrator.migrateToLatest();
  if (resultSet.error !== undefined) {
    const failed = resultSet.results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${describeError(resultSet.error)}`, { cause: resultSet.error });
  }
  return resultSet;
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

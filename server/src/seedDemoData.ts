import type { Kysely } from 'kysely';
import type { Database } from './infra/db/schema';
import { DEMO_COMPETITIONS } from './scores/seedCompetitions';

/**
 * Inserts the demo data a fresh machine needs to show something. Idempotent: rows that exist
 * (same sport and name) are left alone, so edits made by ops are never overwritten.
 */
export async function seedDemoData(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('competition')
    .values(DEMO_COMPETITIONS.map((competition) => ({ ...competition })))
    .onConflict((conflict) => conflict.columns(['sport', 'name_zh']).doNothing())
    .execute();
}

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../infra/db/schema';

/** One row of the moderation audit (every ops action: word list changes and the queue). */
export async function audit(
  db: Kysely<Database> | Transaction<Database>,
  actor: string,
  action: string,
  kind: string | null,
  targetId: string | null,
  detail: Record<string, unknown>,
): Promise<void> {
  await db.insertInto('moderation_action').values({ actor, action, kind, target_id: targetId, detail: JSON.stringify(detail) }).execute();
}

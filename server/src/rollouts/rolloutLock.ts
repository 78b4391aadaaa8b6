import type { RemoteName } from '@sports/shared/server';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, MfRolloutTable } from '../infra/db/schema';
import { clearWithdrawn } from './overrideGrants';

export type RolloutRow = Selectable<MfRolloutTable>;

/**
 * Runs `change` in a transaction holding the remote's rollout row locked (FOR UPDATE), so two
 * operations on one remote run one after the other and each sees the other's result.
 */
export async function withRolloutLock<Result>(
  db: Kysely<Database>,
  remote: RemoteName,
  change: (trx: Transaction<Database>, rollout: RolloutRow) => Promise<Result>,
): Promise<Result> {
  return db.transaction().execute(async (trx) => {
    await trx.insertInto('mf_rollout').values({ remote }).onConflict((conflict) => conflict.column('remote').doNothing()).execute();
    const rollout = await trx.selectFrom('mf_rollout').selectAll().where('remote', '=', remote).forUpdate().executeTakeFirstOrThrow();
    return change(trx, rollout);
  });
}

/** Saves the remote's new stable and candidate; whatever it puts in traffic is no longer withdrawn. */
export async function saveRollout(
  trx: Transaction<Database>,
  remote: RemoteName,
  next: { stable_release_id: string | null; candidate_release_id: string | null; candidate_percent: number },
): Promise<void> {
  await trx
    .updateTable('mf_rollout')
    .set({ ...next, updated_at: new Date() })
    .where('remote', '=', remote)
    .execute();
  await clearWithdrawn(trx, remote, [next.stable_release_id, next.candidate_release_id]);
}

import { REMOTE_NAMES, type RolloutState } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import { releaseHealth } from './releaseHealth';
import { toMfRelease } from './releases';
import type { ReleaseStore } from './releaseStore';

/** Releases listed per remote on the ops page and by `pnpm mf list`, newest first. */
export const RELEASES_LISTED = 20;

/** Each remote's stable and candidate, with its recent releases and their error rates. */
export async function rolloutStates(db: Kysely<Database>, store: ReleaseStore, windowSeconds: number): Promise<RolloutState[]> {
  const rollouts = await db.selectFrom('mf_rollout').selectAll().execute();
  return Promise.all(
    REMOTE_NAMES.map(async (remote): Promise<RolloutState> => {
      const rollout = rollouts.find((row) => row.remote === remote);
      const rows = await db.selectFrom('mf_release').selectAll().where('remote', '=', remote).orderBy('id', 'desc').limit(RELEASES_LISTED).execute();
      const releases = await Promise.all(
        rows.map(async (row) => ({ ...toMfRelease(row, store), health: await releaseHealth(db, remote, row.release_id, windowSeconds) })),
      );
      return {
        remote,
        stable: rollout?.stable_release_id ?? null,
        candidate: rollout?.candidate_release_id ?? null,
        candidatePercent: rollout?.candidate_percent ?? 0,
        updatedAt: (rollout?.updated_at ?? new Date(0)).toISOString(),
        releases,
      };
    }),
  );
}

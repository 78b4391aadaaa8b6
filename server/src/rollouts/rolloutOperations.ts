import type { CanaryRequest, PromoteRequest, RemoteName, RollbackRequest } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { writeAudit } from './audit';
import { markWithdrawn } from './overrideGrants';
import { findRelease } from './releases';
import { saveRollout, withRolloutLock } from './rolloutLock';

async function requireRelease(db: Kysely<Database>, remote: RemoteName, releaseId: string): Promise<void> {
  if (!(await findRelease(db, remote, releaseId))) throw errors.RELEASE_UNKNOWN(releaseId);
}

/** Start a canary of a registered release at N %, or change N; replaces another candidate. */
export async function startCanary(db: Kysely<Database>, remote: RemoteName, request: CanaryRequest, actor: string): Promise<void> {
  await requireRelease(db, remote, request.releaseId);
  await withRolloutLock(db, remote, async (trx, rollout) => {
    if (rollout.stable_release_id === request.releaseId) throw errors.ROLLOUT_SAME_AS_STABLE();
    await saveRollout(trx, remote, { stable_release_id: rollout.stable_release_id, candidate_release_id: request.releaseId, candidate_percent: request.percent });
    await writeAudit(trx, {
      remote,
      action: 'canary',
      releaseId: request.releaseId,
      actor,
      reason: request.reason,
      detail: { percent: request.percent, previousPercent: rollout.candidate_percent, replacedCandidate: rollout.candidate_release_id !== request.releaseId ? rollout.candidate_release_id : null },
    });
  });
}

/** The candidate becomes stable for everyone. */
export async function promote(db: Kysely<Database>, remote: RemoteName, request: PromoteRequest, actor: string): Promise<void> {
  await withRolloutLock(db, remote, async (trx, rollout) => {
    const candidate = rollout.candidate_release_id;
    if (!candidate) throw errors.ROLLOUT_NO_CANDIDATE();
    await saveRollout(trx, remote, { stable_release_id: candidate, candidate_release_id: null, candidate_percent: 0 });
    await writeAudit(trx, { remote, action: 'promote', releaseId: candidate, actor, reason: request.reason, detail: { previousStable: rollout.stable_release_id } });
  });
}

/** Without a target: drop the candidate. With one: set stable back to that earlier release. */
export async function rollback(db: Kysely<Database>, remote: RemoteName, request: RollbackRequest, actor: string): Promise<void> {
  const target = request.toReleaseId;
  if (target) await requireRelease(db, remote, target);
  await withRolloutLock(db, remote, async (trx, rollout) => {
    if (!target) {
      if (!rollout.candidate_release_id) throw errors.ROLLOUT_NO_CANDIDATE();
      await saveRollout(trx, remote, { stable_release_id: rollout.stable_release_id, candidate_release_id: null, candidate_percent: 0 });
      // Rolled back: no QA override may bring it to a browser again (overrideGrants.ts).
      await markWithdrawn(trx, remote, rollout.candidate_release_id);
      await writeAudit(trx, { remote, action: 'rollback', releaseId: rollout.candidate_release_id, actor, reason: request.reason, detail: { dropped: 'candidate' } });
      return;
    }
    const candidate = rollout.candidate_release_id === target ? null : rollout.candidate_release_id;
    await saveRollout(trx, remote, { stable_release_id: target, candidate_release_id: candidate, candidate_percent: candidate ? rollout.candidate_percent : 0 });
    if (rollout.stable_release_id !== target) await markWithdrawn(trx, remote, rollout.stable_release_id);
    await writeAudit(trx, { remote, action: 'rollback', releaseId: target, actor, reason: request.reason, detail: { previousStable: rollout.stable_release_id } });
  });
}

/** The automatic brake: a failing candidate goes back to 0 % (kept, so ops can look at it). */
export async function haltCandidate(db: Kysely<Database>, remote: RemoteName, releaseId: string, reason: string, detail: Record<string, unknown>): Promise<boolean> {
  return withRolloutLock(db, remote, async (trx, rollout) => {
    if (rollout.candidate_release_id !== releaseId || rollout.candidate_percent === 0) return false;
    await saveRollout(trx, remote, { stable_release_id: rollout.stable_release_id, candidate_release_id: releaseId, candidate_percent: 0 });
    await writeAudit(trx, { remote, action: 'halt', releaseId, actor: 'system', reason, detail: { ...detail, previousPercent: rollout.candidate_percent } });
    return true;
  });
}

/** A build on this machine becomes stable (embedded default, development only). */
export async function makeStable(db: Kysely<Database>, remote: RemoteName, releaseId: string, reason: string): Promise<void> {
  await withRolloutLock(db, remote, async (trx, rollout) => {
    if (rollout.stable_release_id === releaseId) return;
    const candidate = rollout.candidate_release_id === releaseId ? null : rollout.candidate_release_id;
    await saveRollout(trx, remote, { stable_release_id: releaseId, candidate_release_id: candidate, candidate_percent: candidate ? rollout.candidate_percent : 0 });
    await writeAudit(trx, { remote, action: 'bootstrap', releaseId, actor: 'system', reason, detail: { previousStable: rollout.stable_release_id } });
  });
}

import type { CanaryRequest, PromoteRequest, RemoteName, RollbackRequest } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { BusinessError } from '../infra/http/businessError';
import { errors } from '../infra/http/errorCatalogue';
import { type AuditRecord, writeAudit } from './audit';
import { markWithdrawn } from './overrideGrants';
import { findRelease } from './releases';
import { saveRollout, withRolloutLock } from './rolloutLock';
import { RoutesClaimedError, requireRoutesFree } from './routeOwnership';

async function requireRelease(db: Kysely<Database>, remote: RemoteName, releaseId: string): Promise<void> {
  if (!(await findRelease(db, remote, releaseId))) throw errors.RELEASE_UNKNOWN(releaseId);
}

/** What ops read when a release would take a path another remote holds: the first such path. */
function routeClaimedError(error: RoutesClaimedError): BusinessError {
  const [first] = error.claims;
  return errors.ROUTE_CLAIMED(first.path, first.remote, first.releaseId);
}

/**
 * Runs an operation that may put a release in traffic; when another remote's release holds one
 * of its paths (routeOwnership.ts), the change is rolled back and the attempt audited with the
 * claims, like a refused publish, then answered ROUTE_CLAIMED (or `refusal`'s error).
 */
async function refusingClaimedRoutes(
  db: Kysely<Database>,
  attempt: Omit<AuditRecord, 'releaseId' | 'detail'>,
  operation: () => Promise<void>,
  refusal: (error: RoutesClaimedError) => Error = routeClaimedError,
): Promise<void> {
  try {
    await operation();
  } catch (error) {
    if (!(error instanceof RoutesClaimedError)) throw error;
    await writeAudit(db, { ...attempt, releaseId: error.releaseId, detail: { refused: [routeClaimedError(error).message], claims: error.claims } });
    throw refusal(error);
  }
}

/** Start a canary of a registered release at N %, or change N; replaces another candidate. */
export async function startCanary(db: Kysely<Database>, remote: RemoteName, request: CanaryRequest, actor: string): Promise<void> {
  await requireRelease(db, remote, request.releaseId);
  await refusingClaimedRoutes(db, { remote, action: 'canary', actor, reason: request.reason }, () =>
    withRolloutLock(db, remote, async (trx, rollout) => {
      if (rollout.stable_release_id === request.releaseId) throw errors.ROLLOUT_SAME_AS_STABLE();
      await requireRoutesFree(trx, remote, request.releaseId);
      await saveRollout(trx, remote, { stable_release_id: rollout.stable_release_id, candidate_release_id: request.releaseId, candidate_percent: request.percent });
      await writeAudit(trx, {
        remote,
        action: 'canary',
        releaseId: request.releaseId,
        actor,
        reason: request.reason,
        detail: { percent: request.percent, previousPercent: rollout.candidate_percent, replacedCandidate: rollout.candidate_release_id !== request.releaseId ? rollout.candidate_release_id : null },
      });
    }),
  );
}

/** The candidate becomes stable for everyone. */
export async function promote(db: Kysely<Database>, remote: RemoteName, request: PromoteRequest, actor: string): Promise<void> {
  await refusingClaimedRoutes(db, { remote, action: 'promote', actor, reason: request.reason }, () =>
    withRolloutLock(db, remote, async (trx, rollout) => {
      const candidate = rollout.candidate_release_id;
      if (!candidate) throw errors.ROLLOUT_NO_CANDIDATE();
      // Checked when it became the candidate; checked again, as every step into traffic is.
      await requireRoutesFree(trx, remote, candidate);
      await saveRollout(trx, remote, { stable_release_id: candidate, candidate_release_id: null, candidate_percent: 0 });
      await writeAudit(trx, { remote, action: 'promote', releaseId: candidate, actor, reason: request.reason, detail: { previousStable: rollout.stable_release_id } });
    }),
  );
}

/**
 * Without a target: drop the candidate (frees its paths: nothing to check). With one: set stable
 * back to that earlier release, which may hold a path another remote has taken since.
 */
export async function rollback(db: Kysely<Database>, remote: RemoteName, request: RollbackRequest, actor: string): Promise<void> {
  const target = request.toReleaseId;
  if (target) await requireRelease(db, remote, target);
  await refusingClaimedRoutes(db, { remote, action: 'rollback', actor, reason: request.reason }, () =>
    withRolloutLock(db, remote, async (trx, rollout) => {
      if (!target) {
        if (!rollout.candidate_release_id) throw errors.ROLLOUT_NO_CANDIDATE();
        await saveRollout(trx, remote, { stable_release_id: rollout.stable_release_id, candidate_release_id: null, candidate_percent: 0 });
        // Rolled back: no QA override may bring it to a browser again (overrideGrants.ts).
        await markWithdrawn(trx, remote, rollout.candidate_release_id);
        await writeAudit(trx, { remote, action: 'rollback', releaseId: rollout.candidate_release_id, actor, reason: request.reason, detail: { dropped: 'candidate' } });
        return;
      }
      await requireRoutesFree(trx, remote, target);
      const candidate = rollout.candidate_release_id === target ? null : rollout.candidate_release_id;
      await saveRollout(trx, remote, { stable_release_id: target, candidate_release_id: candidate, candidate_percent: candidate ? rollout.candidate_percent : 0 });
      if (rollout.stable_release_id !== target) await markWithdrawn(trx, remote, rollout.stable_release_id);
      await writeAudit(trx, { remote, action: 'rollback', releaseId: target, actor, reason: request.reason, detail: { previousStable: rollout.stable_release_id } });
    }),
  );
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

/**
 * A build on this machine becomes stable (embedded default, development only). Its paths are
 * checked like any step into traffic; a conflict is audited and fails with a message naming
 * both remotes and the path (the server's start logs it: bootstrapReleases.ts).
 */
export async function makeStable(db: Kysely<Database>, remote: RemoteName, releaseId: string, reason: string): Promise<void> {
  const refusal = (error: RoutesClaimedError) => {
    const [first] = error.claims;
    return new Error(`${remote} ${releaseId} cannot become stable: path #/${first.path} is taken by ${first.remote} ${first.releaseId} (its ${first.channel})`, { cause: error });
  };
  await refusingClaimedRoutes(db, { remote, action: 'bootstrap', actor: 'system', reason }, () => makeStableChecked(db, remote, releaseId, reason), refusal);
}

async function makeStableChecked(db: Kysely<Database>, remote: RemoteName, releaseId: string, reason: string): Promise<void> {
  await withRolloutLock(db, remote, async (trx, rollout) => {
    if (rollout.stable_release_id === releaseId) return;
    await requireRoutesFree(trx, remote, releaseId);
    const candidate = rollout.candidate_release_id === releaseId ? null : rollout.candidate_release_id;
    await saveRollout(trx, remote, { stable_release_id: releaseId, candidate_release_id: candidate, candidate_percent: candidate ? rollout.candidate_percent : 0 });
    await writeAudit(trx, { remote, action: 'bootstrap', releaseId, actor: 'system', reason, detail: { previousStable: rollout.stable_release_id } });
  });
}

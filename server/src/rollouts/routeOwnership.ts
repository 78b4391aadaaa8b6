import { type RemoteName, type RouteManifest, routeKey } from '@sports/shared/server';
import type { Transaction } from 'kysely';
import { LockSpace, lockKey } from '../infra/db/advisoryLock';
import type { Database } from '../infra/db/schema';

/**
 * Who owns a route (issue 16): a path belongs to at most one remote among the releases that take
 * traffic now — each remote's stable, and its candidate at any percentage (0 % included: QA and
 * the next step of the canary reach it). A release may take traffic (canary, promote, rollback to
 * it, a QA override, the server start's makeStable) only when no OTHER remote's release in traffic
 * claims one of its paths; a remote's own stable and candidate may share paths, since a visitor
 * gets one or the other. Moving a path from remote A to remote B therefore takes two steps: A's
 * release without it first (promoted, or A's candidate dropped), then B's release with it.
 */

/** A path another remote's release in traffic holds. */
export interface RouteClaim {
  /** The path as the release being checked declares it. */
  path: string;
  remote: RemoteName;
  releaseId: string;
  channel: 'stable' | 'candidate';
}

/** Thrown inside the rollout transaction (which it rolls back); the operation answers ROUTE_CLAIMED. */
export class RoutesClaimedError extends Error {
  constructor(
    readonly remote: RemoteName,
    readonly releaseId: string,
    readonly claims: readonly [RouteClaim, ...RouteClaim[]],
  ) {
    super(`${remote} ${releaseId}: ${claims.map((claim) => `#/${claim.path} is claimed by ${claim.remote} ${claim.releaseId} (${claim.channel})`).join('; ')}`);
    this.name = 'RoutesClaimedError';
  }
}

/** A manifest's routes; a release registered before route manifests (null) has none. */
export function routesOf(manifest: RouteManifest | null | undefined): RouteManifest['routes'] {
  return manifest?.routes ?? [];
}

/**
 * Checks, in the transaction that is about to put `releaseId` in traffic, that no other remote's
 * release in traffic claims its paths; throws RoutesClaimedError when one does.
 *
 * Operations on one remote are serialised by its rollout row (rolloutLock.ts), but two remotes'
 * canaries claiming one path would each pass the check before the other commits: so every check
 * first takes one transaction-scoped advisory lock for route ownership, held until the change
 * commits. The read after it sees every change committed before (read committed: each statement
 * reads the latest commits), so of two such canaries exactly one wins. Taken after the remote's
 * row lock, always in that order, so no two transactions wait on each other.
 */
export async function requireRoutesFree(trx: Transaction<Database>, remote: RemoteName, releaseId: string): Promise<void> {
  await lockKey(trx, LockSpace.mfRouteOwnership, 'routes');
  const claims = await claimsAgainst(trx, remote, releaseId);
  const [first, ...rest] = claims;
  if (first) throw new RoutesClaimedError(remote, releaseId, [first, ...rest]);
}

/** The paths of the release that another remote's release in traffic claims (none for a release without routes). */
async function claimsAgainst(trx: Transaction<Database>, remote: RemoteName, releaseId: string): Promise<RouteClaim[]> {
  const own = await trx.selectFrom('mf_release').select('route_manifest').where('remote', '=', remote).where('release_id', '=', releaseId).executeTakeFirst();
  const paths = routesOf(own?.route_manifest).map((route) => route.path);
  if (paths.length === 0) return [];
  const inTraffic = await trx
    .selectFrom('mf_rollout as o')
    .innerJoin('mf_release as r', (join) =>
      join.onRef('r.remote', '=', 'o.remote').on((eb) => eb.or([eb('r.release_id', '=', eb.ref('o.stable_release_id')), eb('r.release_id', '=', eb.ref('o.candidate_release_id'))])),
    )
    .select(['r.remote', 'r.release_id', 'r.route_manifest', 'o.stable_release_id'])
    .where('o.remote', '<>', remote)
    .orderBy('r.remote')
    .orderBy('r.id')
    .execute();
  const owners = new Map<string, Omit<RouteClaim, 'path'>>();
  for (const row of inTraffic) {
    const channel = row.release_id === row.stable_release_id ? 'stable' : 'candidate';
    for (const route of routesOf(row.route_manifest)) {
      if (!owners.has(routeKey(route.path))) owners.set(routeKey(route.path), { remote: row.remote, releaseId: row.release_id, channel });
    }
  }
  return paths.flatMap((path) => {
    const owner = owners.get(routeKey(path));
    return owner ? [{ path, ...owner }] : [];
  });
}

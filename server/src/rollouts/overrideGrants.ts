import type { RemoteName } from '@sports/shared/server';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { type OverrideGrant, signOverride } from './overrideTokens';
import { findRelease } from './releases';
import { RoutesClaimedError, requireRoutesFree } from './routeOwnership';

/** Default life of a QA override token, and the configured maximum's default (MF_OVERRIDE_MAX_MINUTES). */
export const DEFAULT_OVERRIDE_MINUTES = 60;
export const DEFAULT_OVERRIDE_MAX_MINUTES = 24 * 60;

/**
 * Which releases a QA override may name, from the control plane's own state: a release registered
 * for that remote and not withdrawn. Withdrawn means taken out of traffic by a rollback — the
 * candidate a rollback dropped, or the stable a `rollback --to` replaced — until an operation puts
 * it back (a canary, or a `rollback --to` it): saveRollout clears the mark of whatever it puts in
 * traffic. So the stable, the candidate (at any percentage, a halted one too), a release just
 * published and an older stable superseded by a promote may be overridden; a rolled-back one not.
 * Nor, when the token is issued, one holding a path another remote's release in traffic holds
 * (routeOwnership.ts): a token lives on, so the registry also drops an override whose paths
 * another remote's assignment in the same answer holds (remoteRegistry.ts).
 *
 * `release`: the row of that remote and id, undefined when none is registered.
 */
export function mayBeOverridden(release: { withdrawn_at: Date | null } | undefined): boolean {
  return release !== undefined && release.withdrawn_at === null;
}

/** A rollback took this release out of traffic: no QA override may name it any more. */
export async function markWithdrawn(trx: Transaction<Database>, remote: RemoteName, releaseId: string | null): Promise<void> {
  if (releaseId === null) return;
  await trx.updateTable('mf_release').set({ withdrawn_at: new Date() }).where('remote', '=', remote).where('release_id', '=', releaseId).execute();
}

/** These releases are in traffic again (stable or candidate): overridable again. */
export async function clearWithdrawn(trx: Transaction<Database>, remote: RemoteName, releaseIds: readonly (string | null)[]): Promise<void> {
  const ids = releaseIds.filter((id): id is string => id !== null);
  if (ids.length === 0) return;
  await trx.updateTable('mf_release').set({ withdrawn_at: null }).where('remote', '=', remote).where('release_id', 'in', ids).where('withdrawn_at', 'is not', null).execute();
}

/**
 * The override puts the release in front of QA browsers beside everyone's other remotes: its paths
 * must be free of other remotes' releases in traffic, checked under the route-ownership lock so
 * a change in flight is seen. Nothing is written (the token is not stored), so not audited.
 */
async function requireRoutesFreeForOverride(db: Kysely<Database>, remote: RemoteName, releaseId: string): Promise<void> {
  try {
    await db.transaction().execute((trx) => requireRoutesFree(trx, remote, releaseId));
  } catch (error) {
    if (!(error instanceof RoutesClaimedError)) throw error;
    const [first] = error.claims;
    throw errors.ROUTE_CLAIMED(first.path, first.remote, first.releaseId);
  }
}

/** `POST /api/mf/overrides` (ops only): a signed, expiring token for one release, and the URL QA opens. */
export async function issueOverride(
  db: Kysely<Database>,
  key: Buffer,
  request: { remote: RemoteName; releaseId: string; minutes?: number },
  limits: { maxMinutes: number; now: number },
): Promise<OverrideGrant & { token: string; url: string }> {
  const minutes = request.minutes ?? Math.min(DEFAULT_OVERRIDE_MINUTES, limits.maxMinutes);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > limits.maxMinutes) throw errors.OVERRIDE_MINUTES(limits.maxMinutes);
  const release = await findRelease(db, request.remote, request.releaseId);
  if (!release) throw errors.RELEASE_UNKNOWN(request.releaseId);
  if (!mayBeOverridden(release)) throw errors.OVERRIDE_RELEASE_WITHDRAWN(request.releaseId);
  await requireRoutesFreeForOverride(db, request.remote, request.releaseId);
  const grant: OverrideGrant = { remote: request.remote, releaseId: request.releaseId, expiresAt: limits.now + minutes * 60_000 };
  // The token holds whole seconds: report the expiry it really has.
  grant.expiresAt = Math.floor(grant.expiresAt / 1000) * 1000;
  const token = signOverride(key, grant);
  return { ...grant, token, url: `/web/?mf_override=${encodeURIComponent(token)}` };
}

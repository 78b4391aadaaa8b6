import type { RemoteName } from '@sports/shared/server';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { type OverrideGrant, signOverride } from './overrideTokens';
import { findRelease } from './releases';

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
 */
/** Of these remote → release pairs, the ones that may be overridden now, as `remote@release`. */
export async function overridableReleases(db: Kysely<Database>, wanted: ReadonlyMap<RemoteName, string>): Promise<Set<string>> {
  if (wanted.size === 0) return new Set();
  const rows = await db
    .selectFrom('mf_release')
    .select(['remote', 'release_id'])
    .where('withdrawn_at', 'is', null)
    .where((eb) => eb.or([...wanted].map(([remote, releaseId]) => eb.and([eb('remote', '=', remote), eb('release_id', '=', releaseId)]))))
    .execute();
  return new Set(rows.map((row) => `${row.remote}@${row.release_id}`));
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
  if (release.withdrawn_at !== null) throw errors.OVERRIDE_RELEASE_WITHDRAWN(request.releaseId);
  const grant: OverrideGrant = { remote: request.remote, releaseId: request.releaseId, expiresAt: limits.now + minutes * 60_000 };
  // The token holds whole seconds: report the expiry it really has.
  grant.expiresAt = Math.floor(grant.expiresAt / 1000) * 1000;
  const token = signOverride(key, grant);
  return { ...grant, token, url: `/web/?mf_override=${encodeURIComponent(token)}` };
}

import { REMOTE_NAMES, type RemoteAssignment, type RemoteName } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import { isInCanary, visitorBucket } from './bucketing';
import { overridableReleases } from './overrideGrants';
import type { ReleaseStore } from './releaseStore';

/** Who is asking: a stable key (user or guest id) and the verified QA overrides their browser carries (qaOverride.ts). */
export interface Visitor {
  key: string;
  overrides: ReadonlyMap<RemoteName, string>;
}

/** Decides which release of each remote a visitor loads (`GET /api/mf/remotes`). */
export interface RemoteRegistry {
  assignmentsFor(visitor: Visitor): Promise<RemoteAssignment[]>;
}

/**
 * The control plane's answer from PostgreSQL: each remote's stable release, or its candidate
 * for visitors whose sticky bucket is inside the canary percentage, or a QA override (a verified
 * token) when it names a release that may be overridden (overrideGrants.ts: registered for that
 * remote and not rolled back), checked on every request; candidates and overrides carry the stable release
 * to fall back to. A remote with nothing to serve is left out (the host shows its fallback).
 */
export function createRolloutRegistry(db: Kysely<Database>, store: ReleaseStore): RemoteRegistry {
  return {
    async assignmentsFor(visitor) {
      const rollouts = await db.selectFrom('mf_rollout').selectAll().execute();
      const registeredOverrides = await overridableOnly(db, visitor.overrides);
      const assignments: RemoteAssignment[] = [];
      for (const name of REMOTE_NAMES) {
        const rollout = rollouts.find((row) => row.remote === name);
        const stableId = rollout?.stable_release_id ?? null;
        const stable = stableId ? { version: stableId, manifestUrl: store.manifestUrl(name, stableId) } : undefined;
        const withFallback = (version: string, channel: 'candidate' | 'override'): RemoteAssignment =>
          ({ name, version, manifestUrl: store.manifestUrl(name, version), channel, ...(stable ? { fallback: stable } : {}) });
        const override = registeredOverrides.get(name);
        if (override && override !== stableId) {
          assignments.push(withFallback(override, 'override'));
        } else if (rollout?.candidate_release_id && isInCanary(visitorBucket(name, visitor.key), rollout.candidate_percent)) {
          assignments.push(withFallback(rollout.candidate_release_id, 'candidate'));
        } else if (stable) {
          assignments.push({ name, ...stable, channel: 'stable' });
        }
      }
      return assignments;
    },
  };
}

/** Overrides are honoured only for releases that may be overridden now (registered, not withdrawn). */
async function overridableOnly(db: Kysely<Database>, overrides: ReadonlyMap<RemoteName, string>): Promise<Map<RemoteName, string>> {
  const allowed = await overridableReleases(db, overrides);
  return new Map([...overrides].filter(([remote, releaseId]) => allowed.has(`${remote}@${releaseId}`)));
}

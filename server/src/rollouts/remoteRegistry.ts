import { REMOTE_NAMES, type RemoteAssignment, type RemoteName, type RouteManifest, routeKey } from '@sports/shared/server';
import type { Kysely, Selectable } from 'kysely';
import type { Database, MfRolloutTable } from '../infra/db/schema';
import { isInCanary, visitorBucket } from './bucketing';
import { mayBeOverridden } from './overrideGrants';
import type { ReleaseStore } from './releaseStore';
import { routesOf } from './routeOwnership';

/** Who is asking: a stable key (user or guest id) and the verified QA overrides their browser carries (qaOverride.ts). */
export interface Visitor {
  key: string;
  overrides: ReadonlyMap<RemoteName, string>;
}

/** Decides which release of each remote a visitor loads (`GET /api/mf/remotes`). */
export interface RemoteRegistry {
  assignmentsFor(visitor: Visitor): Promise<RemoteAssignment[]>;
}

/** What the answer needs of a release row. */
interface ReleaseFacts {
  withdrawn_at: Date | null;
  route_manifest: RouteManifest | null;
}

const pairKey = (remote: RemoteName, releaseId: string) => `${remote}@${releaseId}`;

/**
 * The control plane's answer from PostgreSQL: each remote's stable release, or its candidate
 * for visitors whose sticky bucket is inside the canary percentage, or a QA override (a verified
 * token) when it names a release that may be overridden (overrideGrants.ts: registered for that
 * remote and not rolled back), checked on every request; candidates and overrides carry the stable release
 * to fall back to. A remote with nothing to serve is left out (the host shows its fallback).
 *
 * Each assignment carries its release's routes and widgets (its route manifest; none for a release
 * registered before manifests), and a fallback carries its stable's, so a page that falls back
 * builds that remote's routes from the release it runs; all read with one query for every release
 * the answer may name. The
 * paths of the answer are unique across remotes: stables and candidates are checked before they
 * take traffic (routeOwnership.ts), and an override whose paths another remote's assignment here
 * holds is not honoured (its token was checked when issued, but another remote may have moved since).
 */
export function createRolloutRegistry(db: Kysely<Database>, store: ReleaseStore): RemoteRegistry {
  return {
    async assignmentsFor(visitor) {
      const rollouts = await db.selectFrom('mf_rollout').selectAll().execute();
      const usual = new Map<RemoteName, { releaseId: string; channel: 'stable' | 'candidate' }>();
      for (const rollout of rollouts) {
        const chosen = usualReleaseOf(rollout, visitor.key);
        if (chosen) usual.set(rollout.remote, chosen);
      }
      const stableOf = (name: RemoteName) => rollouts.find((row) => row.remote === name)?.stable_release_id ?? null;
      // The stables too: a candidate's or override's fallback carries its stable's routes.
      const stables = rollouts.flatMap((row) => (row.stable_release_id ? [[row.remote, row.stable_release_id] as const] : []));
      const facts = await releaseFacts(db, [...[...usual].map(([remote, { releaseId }]) => [remote, releaseId] as const), ...visitor.overrides, ...stables]);
      const manifestOf = (name: RemoteName, releaseId: string) => facts.get(pairKey(name, releaseId))?.route_manifest ?? null;

      const assignment = (name: RemoteName, releaseId: string, channel: RemoteAssignment['channel']): RemoteAssignment => {
        const manifest = manifestOf(name, releaseId);
        const stableId = stableOf(name);
        const stableManifest = stableId ? manifestOf(name, stableId) : null;
        const fallback =
          channel !== 'stable' && stableId
            ? { fallback: { version: stableId, manifestUrl: store.manifestUrl(name, stableId), routes: routesOf(stableManifest), widgets: stableManifest?.widgets ?? [] } }
            : {};
        return { name, version: releaseId, manifestUrl: store.manifestUrl(name, releaseId), channel, routes: routesOf(manifest), widgets: manifest?.widgets ?? [], ...fallback };
      };

      const answer = new Map<RemoteName, RemoteAssignment>();
      for (const [name, chosen] of usual) answer.set(name, assignment(name, chosen.releaseId, chosen.channel));
      for (const name of REMOTE_NAMES) {
        const override = visitor.overrides.get(name);
        if (override === undefined || override === stableOf(name) || !mayBeOverridden(facts.get(pairKey(name, override)))) continue;
        const overridden = assignment(name, override, 'override');
        if (!takesAPathOfAnother(overridden, answer)) answer.set(name, overridden);
      }
      return REMOTE_NAMES.flatMap((name) => answer.get(name) ?? []);
    },
  };
}

/** Without an override: the candidate inside the canary, else the stable, else nothing. */
function usualReleaseOf(rollout: Selectable<MfRolloutTable>, visitorKey: string): { releaseId: string; channel: 'stable' | 'candidate' } | null {
  if (rollout.candidate_release_id && isInCanary(visitorBucket(rollout.remote, visitorKey), rollout.candidate_percent)) {
    return { releaseId: rollout.candidate_release_id, channel: 'candidate' };
  }
  return rollout.stable_release_id ? { releaseId: rollout.stable_release_id, channel: 'stable' } : null;
}

/** The rows of these remote → release pairs, in one query, by `remote@release`. */
async function releaseFacts(db: Kysely<Database>, pairs: ReadonlyArray<readonly [RemoteName, string]>): Promise<Map<string, ReleaseFacts>> {
  if (pairs.length === 0) return new Map();
  const rows = await db
    .selectFrom('mf_release')
    .select(['remote', 'release_id', 'withdrawn_at', 'route_manifest'])
    .where((eb) => eb.or(pairs.map(([remote, releaseId]) => eb.and([eb('remote', '=', remote), eb('release_id', '=', releaseId)]))))
    .execute();
  return new Map(rows.map((row) => [pairKey(row.remote, row.release_id), row]));
}

/** Whether one of the assignment's paths is held by another remote's assignment of the answer. */
function takesAPathOfAnother(assignment: RemoteAssignment, answer: ReadonlyMap<RemoteName, RemoteAssignment>): boolean {
  const held = new Set([...answer.values()].filter((other) => other.name !== assignment.name).flatMap((other) => other.routes.map((route) => routeKey(route.path))));
  return assignment.routes.some((route) => held.has(routeKey(route.path)));
}

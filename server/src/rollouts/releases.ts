import type { HostSharedRequirements, MfRelease, RemoteName, RouteManifest } from '@sports/shared/server';
import type { Kysely, Selectable } from 'kysely';
import type { Database, MfReleaseTable } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { writeAudit } from './audit';
import { federationRuntimeOf, runsOnHostRuntime } from './federationRuntimeCheck';
import { hostNeedsOf, missingFromHost } from './hostNeedsCheck';
import { checkRelease } from './releaseCheck';
import { releaseIdFor } from '@sports/shared/node';
import { type ReleaseStore, SealMismatchError } from './releaseStore';
import { checkRouteManifest, routeManifestMessages } from './routeManifestCheck';

export interface ReleaseDeps {
  db: Kysely<Database>;
  store: ReleaseStore;
  /** The host's page singletons; null when the host is not built (nothing can be checked). */
  hostShared: HostSharedRequirements | null;
  /** The Module Federation runtime the host was built with (its `mf-host-runtime.json`); null when unknown. */
  hostRuntimeVersion: string | null;
  /** What the host's page hands the remotes beyond that runtime (its `mf-host-runtime.json` `provides`; hostNeedsCheck.ts). */
  hostProvides: readonly string[];
}

/**
 * Problems found in a staged release: listed inside RELEASE_REFUSED's message (http/errorCatalogue.ts)
 * and in the audit log, not answers of their own.
 */
export const releaseMessages = {
  unreadable: 'mf-manifest.json 无法读取',
  hashMismatch: (expected: string) => `发布内容与发布号不符（按内容应为 ${expected}）`,
  hostUnknown: '主应用尚未构建，无法检查共享依赖',
  hostRuntimeUnknown: '主应用的构建没有写明模块联邦运行时版本（mf-host-runtime.json），请重新构建主应用',
  /** Where the release's manifest names no runtime version: RELEASE_RUNTIME_MISMATCH's first version. */
  runtimeUnnamed: '未写明（mf-manifest.json 没有 metaData.pluginVersion）',
  /** The release needs from the host's page what the host's build does not provide (hostNeedsCheck.ts). */
  hostLacks: (capability: string, hostRuntime: string) => `远程模块需要主应用提供 ${capability}，当前主应用（模块联邦运行时 ${hostRuntime}）不提供：请先发布新的主应用`,
  /** The release's mf-host-needs.json is there but not `{ needs: [names] }`. */
  hostNeedsUnreadable: 'mf-host-needs.json 无法读取（应为 {"needs": [...]}），请重新构建',
} as const;

export function toMfRelease(row: Selectable<MfReleaseTable>, store: ReleaseStore): MfRelease {
  return {
    remote: row.remote,
    releaseId: row.release_id,
    version: row.version,
    manifestUrl: store.manifestUrl(row.remote, row.release_id),
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
  };
}

export async function findRelease(db: Kysely<Database>, remote: RemoteName, releaseId: string) {
  return db.selectFrom('mf_release').selectAll().where('remote', '=', remote).where('release_id', '=', releaseId).executeTakeFirst();
}

function buildVersionOf(manifest: unknown): string | null {
  const version = (manifest as { metaData?: { buildInfo?: { buildVersion?: unknown } } } | null)?.metaData?.buildInfo?.buildVersion;
  return typeof version === 'string' ? version : null;
}

/**
 * Registers an uploaded release after checking it: its stored content must hash to its id, its
 * manifest must be compatible with the host, and its route manifest sound (stored with it, for
 * the ownership checks and the visitors' assignments). Registering the same release again is a no-op.
 * A refusal is audited with its reasons and answered as code 1.
 */
export async function registerRelease(
  deps: ReleaseDeps,
  request: { remote: RemoteName; releaseId: string; actor: string; reason: string },
): Promise<MfRelease> {
  const { db, store } = deps;
  const known = await findRelease(db, request.remote, request.releaseId);
  if (known) return toMfRelease(known, store);

  const { problems, contentHash, routeManifest, runtimeMismatch } = await checkStagedRelease(deps, request.remote, request.releaseId);
  const audit = { remote: request.remote, action: 'publish' as const, releaseId: request.releaseId, actor: request.actor, reason: request.reason };
  if (runtimeMismatch) {
    const refusal = errors.RELEASE_RUNTIME_MISMATCH(runtimeMismatch.release, runtimeMismatch.host);
    await writeAudit(db, { ...audit, detail: { refused: [refusal.message], runtime: runtimeMismatch } });
    throw refusal;
  }
  if (problems.length > 0 || routeManifest === null) {
    await writeAudit(db, { ...audit, detail: { refused: problems } });
    throw errors.RELEASE_REFUSED(problems);
  }
  const manifest = await store.readManifest(request.remote, request.releaseId);
  // Served before it is recorded: a recorded release always has its files in place, and they
  // are exactly the bytes whose hash was checked against the id.
  try {
    await store.seal(request.remote, request.releaseId, contentHash);
  } catch (error) {
    if (error instanceof SealMismatchError) throw errors.RELEASE_CHANGED_WHILE_SEALING();
    throw error;
  }
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('mf_release')
      .values({
        remote: request.remote,
        release_id: request.releaseId,
        version: buildVersionOf(manifest) ?? '',
        manifest: JSON.stringify(manifest),
        route_manifest: JSON.stringify(routeManifest),
        created_by: request.actor,
      })
      .onConflict((conflict) => conflict.columns(['remote', 'release_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) await writeAudit(trx, audit);
    return inserted ?? (await findRelease(trx, request.remote, request.releaseId));
  });
  if (!row) throw new Error(`release ${request.releaseId} vanished while registering`);
  return toMfRelease(row, store);
}

interface StagedReleaseCheck {
  problems: string[];
  contentHash: string;
  routeManifest: RouteManifest | null;
  /** Built with a federation runtime the host's cannot run (federationRuntimeCheck.ts): refused on its own, both versions named. */
  runtimeMismatch?: { release: string; host: string };
}

/**
 * The checks of a staged release, and what registration stores of it: the content hashes to the
 * id, it was built with the host's federation runtime (same major and minor: federationRuntimeCheck.ts;
 * else nothing more is checked, since nothing else matters until it is rebuilt), the host's page
 * provides what it needs (hostNeedsCheck.ts), the manifest is compatible with the host, the route
 * manifest is sound (routeManifestCheck.ts) and every
 * compressed copy (.br, .gz, .deflate) says what its file says (`compressedCopyProblems` of `@sports/shared/node`). All
 * problems are listed together, so a squad sees all.
 */
async function checkStagedRelease(deps: ReleaseDeps, remote: RemoteName, releaseId: string): Promise<StagedReleaseCheck> {
  let manifest: unknown;
  try {
    manifest = await deps.store.readManifest(remote, releaseId);
  } catch {
    return { problems: [releaseMessages.unreadable], contentHash: '', routeManifest: null };
  }
  const contentHash = await deps.store.contentHash(remote, releaseId);
  const expected = releaseIdFor(buildVersionOf(manifest) ?? '?', contentHash);
  if (expected !== releaseId) return { problems: [releaseMessages.hashMismatch(expected)], contentHash, routeManifest: null };
  if (!deps.hostShared) return { problems: [releaseMessages.hostUnknown], contentHash, routeManifest: null };
  if (!deps.hostRuntimeVersion) return { problems: [releaseMessages.hostRuntimeUnknown], contentHash, routeManifest: null };
  const runtime = federationRuntimeOf(manifest);
  if (!runsOnHostRuntime(runtime, deps.hostRuntimeVersion)) {
    return { problems: [], contentHash, routeManifest: null, runtimeMismatch: { release: runtime ?? releaseMessages.runtimeUnnamed, host: deps.hostRuntimeVersion } };
  }
  const needs = await readAndCheckHostNeeds(deps, remote, releaseId, deps.hostRuntimeVersion);
  const routes = await readAndCheckRouteManifest(deps.store, remote, releaseId);
  const copies = await deps.store.compressedCopyProblems(remote, releaseId);
  return { problems: [...needs, ...checkRelease(manifest, remote, deps.hostShared), ...routes.problems, ...copies], contentHash, routeManifest: routes.manifest };
}

/** A problem for each capability the release needs that the host's page does not provide. */
async function readAndCheckHostNeeds(deps: ReleaseDeps, remote: RemoteName, releaseId: string, hostRuntime: string): Promise<string[]> {
  let needs: string[] | null;
  try {
    needs = hostNeedsOf(await deps.store.readHostNeeds(remote, releaseId));
  } catch {
    needs = null;
  }
  if (needs === null) return [releaseMessages.hostNeedsUnreadable];
  return missingFromHost(needs, deps.hostProvides).map((capability) => releaseMessages.hostLacks(capability, hostRuntime));
}

async function readAndCheckRouteManifest(store: ReleaseStore, remote: RemoteName, releaseId: string) {
  let text: string | null;
  try {
    text = await store.readRouteManifest(remote, releaseId);
  } catch {
    return { problems: [routeManifestMessages.unreadable], manifest: null };
  }
  return checkRouteManifest(text, remote);
}

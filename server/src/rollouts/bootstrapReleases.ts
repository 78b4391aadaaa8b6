import fs from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_NAMES, REMOTE_PACKAGE_FOLDER, type HostSharedRequirements, type RemoteName } from '@sports/shared/server';
import type { FastifyBaseLogger } from 'fastify';
import { computeReleaseId } from '@sports/shared/node';
import { capabilityNamesOf } from './hostNeedsCheck';
import { findRelease, registerRelease, type ReleaseDeps } from './releases';
import { makeStable } from './rolloutOperations';

/** Written by the host's build: the page singletons releases are checked against. */
export const HOST_SHARED_FILE = 'mf-host-shared.json';

/**
 * Written by the host's build: `{ pluginVersion, provides }`, the Module Federation runtime releases
 * must run on (federationRuntimeCheck.ts) and what its page hands them beyond it (hostNeedsCheck.ts).
 */
export const HOST_RUNTIME_FILE = 'mf-host-runtime.json';

export async function readHostShared(siteRoot: string): Promise<HostSharedRequirements | null> {
  try {
    return JSON.parse(await fs.readFile(path.join(siteRoot, 'host', 'dist', HOST_SHARED_FILE), 'utf8')) as HostSharedRequirements;
  } catch {
    return null;
  }
}

/** The host build's mf-host-runtime.json, or null when there is none (not built, or built before issue 38). */
async function readHostRuntimeFile(siteRoot: string): Promise<{ pluginVersion?: unknown; provides?: unknown } | null> {
  try {
    return JSON.parse(await fs.readFile(path.join(siteRoot, 'host', 'dist', HOST_RUNTIME_FILE), 'utf8')) as { pluginVersion?: unknown; provides?: unknown } | null;
  } catch {
    return null;
  }
}

/** The host build's federation runtime version, or null when it wrote none (not built, or built before issue 38). */
export async function readHostRuntimeVersion(siteRoot: string): Promise<string | null> {
  const pluginVersion = (await readHostRuntimeFile(siteRoot))?.pluginVersion;
  return typeof pluginVersion === 'string' && pluginVersion.length > 0 ? pluginVersion : null;
}

/** What the host build's page provides the remotes (hostNeedsCheck.ts): nothing when its file names nothing (built before the list). */
export async function readHostProvides(siteRoot: string): Promise<string[]> {
  return capabilityNamesOf((await readHostRuntimeFile(siteRoot))?.provides) ?? [];
}

/**
 * At start, the remotes built on this machine (`<folder>/dist`) are published as releases (an
 * unchanged build is the same release). In development each becomes stable, so `npm start`
 * serves what was just built; in production they are only registered, and ops promote.
 */
export async function publishLocalBuilds(deps: ReleaseDeps, options: { siteRoot: string; makeStable: boolean; log: FastifyBaseLogger }): Promise<void> {
  const published: Array<{ remote: RemoteName; releaseId: string }> = [];
  for (const remote of REMOTE_NAMES) {
    const dist = path.join(options.siteRoot, REMOTE_PACKAGE_FOLDER[remote], 'dist');
    const manifestFile = path.join(dist, 'mf-manifest.json');
    try {
      const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as { metaData?: { buildInfo?: { buildVersion?: string } } };
      const { releaseId } = await computeReleaseId(dist, manifest.metaData?.buildInfo?.buildVersion ?? '0.0.0');
      if (!(await findRelease(deps.db, remote, releaseId))) {
        await deps.store.copyFolder(remote, releaseId, dist);
        await registerRelease(deps, { remote, releaseId, actor: 'system', reason: 'built on this machine' });
      }
      published.push({ remote, releaseId });
      if (!options.makeStable) options.log.info({ remote, releaseId }, 'local build published');
    } catch (error) {
      options.log.warn({ remote, err: error }, `${remote}: local build not published (${manifestFile})`);
    }
  }
  if (options.makeStable) await makeLocalBuildsStable(deps, published, options.log);
}

/**
 * Each published build becomes stable. A path that moved from one remote to another in these
 * builds is still held by the first one's old stable until its new build is stable, so a build
 * refused for a claimed path (routeOwnership.ts) is tried again once the others have moved, until
 * a round changes nothing; one still refused then is logged as an error naming both remotes and
 * the path, and the remote keeps its stable.
 */
async function makeLocalBuildsStable(deps: ReleaseDeps, builds: Array<{ remote: RemoteName; releaseId: string }>, log: FastifyBaseLogger): Promise<void> {
  let pending = builds;
  let lastErrors = new Map<RemoteName, unknown>();
  while (pending.length > 0) {
    const refused: typeof pending = [];
    lastErrors = new Map();
    for (const build of pending) {
      try {
        await makeStable(deps.db, build.remote, build.releaseId, 'local build at server start');
        log.info(build, 'local build published');
      } catch (error) {
        refused.push(build);
        lastErrors.set(build.remote, error);
      }
    }
    if (refused.length === pending.length) break;
    pending = refused;
  }
  for (const [remote, error] of lastErrors) log.error({ remote, err: error }, `${remote}: local build not made stable: ${error instanceof Error ? error.message : String(error)}`);
}

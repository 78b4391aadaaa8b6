import fs from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_NAMES, REMOTE_PACKAGE_FOLDER, type HostSharedRequirements } from '@sports/shared/server';
import type { FastifyBaseLogger } from 'fastify';
import { computeReleaseId } from '@sports/shared/node';
import { findRelease, registerRelease, type ReleaseDeps } from './releases';
import { makeStable } from './rolloutOperations';

/** Written by the host's build: the page singletons releases are checked against. */
export const HOST_SHARED_FILE = 'mf-host-shared.json';

export async function readHostShared(siteRoot: string): Promise<HostSharedRequirements | null> {
  try {
    return JSON.parse(await fs.readFile(path.join(siteRoot, 'host', 'dist', HOST_SHARED_FILE), 'utf8')) as HostSharedRequirements;
  } catch {
    return null;
  }
}

/**
 * At start, the remotes built on this machine (`<folder>/dist`) are published as releases (an
 * unchanged build is the same release). In development each becomes stable, so `npm start`
 * serves what was just built; in production they are only registered, and ops promote.
 */
export async function publishLocalBuilds(deps: ReleaseDeps, options: { siteRoot: string; makeStable: boolean; log: FastifyBaseLogger }): Promise<void> {
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
      if (options.makeStable) await makeStable(deps.db, remote, releaseId, 'local build at server start');
      options.log.info({ remote, releaseId }, 'local build published');
    } catch (error) {
      options.log.warn({ remote, err: error }, `${remote}: local build not published (${manifestFile})`);
    }
  }
}

import fp from 'fastify-plugin';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { HostSharedRequirements } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import { type RateLimiter, createFixedWindowLimiter } from '../infra/http/rateLimiter';
import type { App } from '../infra/http/types';
import { readHostProvides, readHostRuntimeVersion, readHostShared } from './bootstrapReleases';
import type { MfConfig } from './mfConfig';
import { loadOpsToken } from '../infra/http/opsAuth';
import { opsRoutes } from './opsRoutes';
import { devOverrideKey, pageDevPolicy } from './devOverride';
import { devOverrideRoutes } from './devOverrideRoutes';
import { DEFAULT_OVERRIDE_MAX_MINUTES } from './overrideGrants';
import { overrideKey } from './overrideTokens';
import { DEFAULT_HALT_POLICY, type HaltPolicy } from './releaseHealth';
import { type ReleaseStore, createLocalReleaseStore } from './releaseStore';
import { type RemoteRegistry, createRolloutRegistry } from './remoteRegistry';
import { type PageAssignments, mfRoutes, pageAssignmentsOf } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the visitor of this page request loads (inlined in /web/ by the site domain). */
    mfPageAssignments: PageAssignments;
  }
}

/** Everything the rollout control plane runs on. */
export interface ReleasesSetup {
  store: ReleaseStore;
  /** The folder of the embedded store, served under /web/releases/ (absent with a CDN). */
  releasesDir: string | null;
  hostShared: HostSharedRequirements | null;
  /** The Module Federation runtime the host was built with; releases must match its major and minor. */
  hostRuntimeVersion: string | null;
  /** What the host's page hands the remotes beyond that runtime (hostNeedsCheck.ts); releases needing more are refused. */
  hostProvides: readonly string[];
  opsToken: string;
  haltPolicy: HaltPolicy;
  telemetryLimiter: RateLimiter;
  /** Longest life of a QA override token (MF_OVERRIDE_MAX_MINUTES); default a day. */
  overrideMaxMinutes?: number;
  /** Unsigned loopback dev overrides accepted (MF_DEV_OVERRIDES; devOverride.ts); default no. */
  devOverrides?: boolean;
}

/** From the configuration: the embedded store under DATA_DIR/releases, the ops token, limits. */
export async function createReleasesSetup(config: { dataDir: string; siteRoot: string; mf: MfConfig }): Promise<ReleasesSetup> {
  const releasesDir = path.join(config.dataDir, 'releases');
  return {
    store: createLocalReleaseStore(releasesDir, config.mf.releasesBaseUrl),
    releasesDir,
    hostShared: await readHostShared(config.siteRoot),
    hostRuntimeVersion: await readHostRuntimeVersion(config.siteRoot),
    hostProvides: await readHostProvides(config.siteRoot),
    opsToken: await loadOpsToken(config.mf.opsToken ?? undefined, config.dataDir),
    haltPolicy: config.mf.haltPolicy,
    telemetryLimiter: createFixedWindowLimiter({ max: config.mf.telemetryPerMinute, windowMs: 60_000 }),
    overrideMaxMinutes: config.mf.overrideMaxMinutes,
    devOverrides: config.mf.devOverrides,
  };
}

/**
 * For apps that do not look at rollouts (most tests): an empty control plane in the app's own
 * data folder (whoever made that folder removes it), else in a new temporary one.
 */
export async function createScratchReleasesSetup(siteRoot: string, appDataDir?: string): Promise<ReleasesSetup> {
  const dataDir = appDataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'sports-releases-')));
  const setup = await createReleasesSetup({
    dataDir,
    siteRoot,
    mf: { opsToken: randomBytes(16).toString('hex'), haltPolicy: DEFAULT_HALT_POLICY, telemetryPerMinute: 120, releasesBaseUrl: '/web/releases', promoteLocalBuilds: false, overrideMaxMinutes: DEFAULT_OVERRIDE_MAX_MINUTES, devOverrides: true },
  });
  return setup;
}

/**
 * The rollouts domain (the Module Federation control plane): `api/mf/*`, what visitors load and
 * how it went, and the ops operations on releases.
 */
async function rollouts(app: App, options: { db: Kysely<Database>; releases: ReleasesSetup; registry?: RemoteRegistry }): Promise<void> {
  const { db, releases } = options;
  // Derived from the ops token: every node sharing it accepts the same QA override tokens.
  const key = overrideKey(releases.opsToken);
  const registry = options.registry ?? createRolloutRegistry(db, releases.store);
  // `pnpm dev:remote`: a browser's remote from a squad's dev server (devOverride.ts).
  const devOverrides = { allowUnsigned: releases.devOverrides === true, key: devOverrideKey(releases.opsToken) };
  app.decorate('mfPageAssignments', pageAssignmentsOf({ db, registry, overrideKey: key, devOverrides }));
  app.addHook('onSend', pageDevPolicy);
  await app.register(devOverrideRoutes, { opsToken: releases.opsToken, key: devOverrides.key });
  await app.register(mfRoutes, {
    db,
    overrideKey: key,
    devOverrides,
    registry,
    haltPolicy: releases.haltPolicy,
    telemetryLimiter: releases.telemetryLimiter,
  });
  await app.register(opsRoutes, { db, ...releases, overrideKey: key, overrideMaxMinutes: releases.overrideMaxMinutes ?? DEFAULT_OVERRIDE_MAX_MINUTES });
}

export const rolloutsPlugin = fp(rollouts, { name: 'rollouts' });

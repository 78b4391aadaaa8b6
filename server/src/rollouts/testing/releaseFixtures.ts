import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type HostSharedRequirements, ROUTE_MANIFEST_FILE, type RemoteName, type RouteManifest, type RouteManifestDeclaration } from '@sports/shared/server';
import { afterAll, onTestFinished } from 'vitest';
import { createFixedWindowLimiter } from '../../infra/http/rateLimiter';
import type { App } from '../../infra/http/types';
import type { ReleasesSetup } from '../rolloutsPlugin';
import type { HaltPolicy } from '../releaseHealth';
import { computeReleaseId } from '@sports/shared/node';
import { HOST_NEEDS_FILE } from '../hostNeedsCheck';
import { createLocalReleaseStore } from '../releaseStore';

export const TEST_OPS_TOKEN = 'test-ops-token-0123456789';
/** The federation runtime the fixtures' host and builds are built with (the repository's @module-federation/enhanced). */
export const HOST_RUNTIME_VERSION = '2.9.2';
/** What the fixtures' host provides the remotes (shared/build/hostCapabilities.cjs, as the repository's host build writes it). */
export const HOST_PROVIDES: readonly string[] = ['bundler-runtime'];

export const HOST_SHARED: HostSharedRequirements = {
  react: { version: '19.3.1', requiredVersion: '^19.3.1' },
  '@sports/shared': { version: '0.1.0', requiredVersion: '^0.1.0' },
};

/** A control plane over a fresh release folder (made when the describe body runs, removed after it). */
export function scratchReleases(haltPolicy: HaltPolicy): ReleasesSetup {
  const releasesDir = mkdtempSync(path.join(os.tmpdir(), 'mf-releases-'));
  afterAll(async () => {
    await fs.rm(releasesDir, { recursive: true, force: true });
    await fs.rm(`${releasesDir}-staging`, { recursive: true, force: true });
  });
  return {
    store: createLocalReleaseStore(releasesDir),
    releasesDir,
    hostShared: HOST_SHARED,
    hostRuntimeVersion: HOST_RUNTIME_VERSION,
    hostProvides: HOST_PROVIDES,
    opsToken: TEST_OPS_TOKEN,
    haltPolicy,
    telemetryLimiter: createFixedWindowLimiter({ max: 100_000, windowMs: 60_000 }),
  };
}

/**
 * What fixture builds declare unless a test says otherwise: one route and one widget of each
 * remote's real ones (their src/routeManifest.json), so builds of different remotes never claim
 * one path and any of them can take traffic beside the others.
 */
export const FIXTURE_ROUTES: Record<RemoteName, RouteManifestDeclaration> = {
  mf_live: { routes: [{ path: 'live', title: '直播间', navIndex: 2 }], widgets: [{ id: 'liveRecommend', slot: 'home', order: 20 }] },
  mf_scores: { routes: [{ path: 'football', title: '足球', navIndex: 1, hidesHeaderOnScroll: true }], widgets: [{ id: 'hotMatches', slot: 'home', order: 10 }] },
  mf_community: { routes: [{ path: 'news', title: '头条', navIndex: 4 }], widgets: [{ id: 'headlines', slot: 'home', order: 30 }] },
  mf_member: { routes: [{ path: 'member', title: '个人中心', navIndex: null, requiresLogin: true }], widgets: [] },
};

/** A route-manifest.json as the build emits it: a declaration stamped with its remote. */
export function routeManifestOf(remote: RemoteName, declaration: Partial<RouteManifestDeclaration> = {}): RouteManifest {
  return { schemaVersion: 1, remote, ...FIXTURE_ROUTES[remote], ...declaration };
}

export interface ReleaseBuildOptions {
  /** The react the build shares (default the host's, 19.3.1). */
  reactVersion?: string;
  /** Its manifest's metaData.pluginVersion, the federation runtime it was built with (default the host's); null for none. */
  pluginVersion?: string | null;
  /**
   * Its route-manifest.json: routes and widgets (stamped with the remote; each left out is the
   * remote's FIXTURE_ROUTES one), the file's exact text (for broken ones), or null for no file.
   */
  routeManifest?: Partial<RouteManifestDeclaration> | string | null;
  /** Its mf-host-needs.json: what it needs from the host's page, the file's exact text, or null for no file (the default, a build from before the file). */
  hostNeeds?: readonly string[] | string | null;
}

/** A small release folder shaped like a real remote build (manifest, route manifest, entry, one chunk). */
export async function makeReleaseBuild(remote: RemoteName, version: string, marker: string, options: ReleaseBuildOptions = {}): Promise<string> {
  const { reactVersion = '19.3.1', routeManifest = {}, pluginVersion = HOST_RUNTIME_VERSION, hostNeeds = null } = options;
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'mf-build-'));
  onTestFinished(() => fs.rm(folder, { recursive: true, force: true }));
  const manifest = {
    id: remote,
    name: remote,
    metaData: {
      name: remote,
      buildInfo: { buildVersion: version, buildName: remote },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      publicPath: 'auto',
      ...(pluginVersion === null ? {} : { pluginVersion }),
    },
    shared: [
      { name: 'react', version: reactVersion, requiredVersion: `^${reactVersion}`, singleton: true },
      { name: '@sports/shared', version: '0.1.0', requiredVersion: '^0.1.0', singleton: true },
    ],
    remotes: [],
    exposes: ['routes', 'widgets', 'parcel'].map((name) => ({ id: `${remote}:${name}`, name, path: `./${name}` })),
  };
  await fs.writeFile(path.join(folder, 'mf-manifest.json'), JSON.stringify(manifest));
  if (routeManifest !== null) {
    const text = typeof routeManifest === 'string' ? routeManifest : JSON.stringify(routeManifestOf(remote, routeManifest));
    await fs.writeFile(path.join(folder, ROUTE_MANIFEST_FILE), text);
  }
  if (hostNeeds !== null) await fs.writeFile(path.join(folder, HOST_NEEDS_FILE), typeof hostNeeds === 'string' ? hostNeeds : JSON.stringify({ needs: hostNeeds }));
  await fs.writeFile(path.join(folder, 'remoteEntry.js'), `var ${remote} = {};`);
  await fs.mkdir(path.join(folder, 'chunks'));
  await fs.writeFile(path.join(folder, 'chunks', '1.abcdef1234.js'), `/* ${marker} */`);
  return folder;
}

/** Publishes a folder through the ops API, as `pnpm mf publish` does: upload, then register. */
export async function publishThroughApi(app: App, remote: RemoteName, folder: string, version: string) {
  const { releaseId, files } = await computeReleaseId(folder, version);
  for (const file of files) {
    const upload = await app.inject({
      method: 'PUT',
      url: `/api/mf/releases/${remote}/${releaseId}/files/${file}`,
      headers: { 'x-ops-token': TEST_OPS_TOKEN, 'content-type': 'application/octet-stream' },
      payload: await fs.readFile(path.join(folder, file)),
    });
    if (upload.json().code !== 200) throw new Error(`upload ${file}: ${upload.body}`);
  }
  const register = await ops(app, 'POST', '/api/mf/releases', { remote, releaseId, reason: 'test publish' });
  return { releaseId, register };
}

export function ops(app: App, method: 'GET' | 'POST', url: string, payload?: object, actor = 'alice') {
  return app.inject({ method, url, payload, headers: { 'x-ops-token': TEST_OPS_TOKEN, 'x-ops-actor': actor } });
}

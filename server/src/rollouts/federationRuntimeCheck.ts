import semver from 'semver';

/**
 * The Module Federation runtime a release was built with, against the host's (issue 38).
 *
 * In production a remote carries no runtime of its own: the host hands its runtime-core to every
 * remote (`provideExternalRuntime` / `externalRuntime`, shared/build/createFederatedConfig.cjs),
 * and the remote's bundler runtime, built with its own `@module-federation/enhanced`, calls into
 * it. The two come from one release of Module Federation; across minor versions their internal
 * protocol has changed (share-scope and manifest fields, hook names), so a release runs on the
 * host's runtime only when both were built with the same major and minor version. A patch
 * difference is allowed: patches keep that protocol.
 *
 * The release's version is `metaData.pluginVersion` of its mf-manifest.json (the enhanced plugin
 * writes it); the host's is what its build writes in `mf-host-runtime.json` (bootstrapReleases.ts).
 */

/** `metaData.pluginVersion` of a release's manifest, or null when it names none. */
export function federationRuntimeOf(manifest: unknown): string | null {
  const version = (manifest as { metaData?: { pluginVersion?: unknown } } | null)?.metaData?.pluginVersion;
  return typeof version === 'string' && version.length > 0 ? version : null;
}

/** Whether a release built with runtime `release` runs on the host's runtime `host`: same major and minor. */
export function runsOnHostRuntime(release: string | null, host: string): boolean {
  const ours = release === null ? null : semver.valid(semver.coerce(release, { includePrerelease: true }));
  const theirs = semver.valid(semver.coerce(host, { includePrerelease: true }));
  if (ours === null || theirs === null) return false;
  return semver.major(ours) === semver.major(theirs) && semver.minor(ours) === semver.minor(theirs);
}

import semver from 'semver';
import { REMOTE_EXPOSES, type HostSharedRequirements, type RemoteName } from '@sports/shared/server';

/**
 * Every remote renders with these, so a release that does not share them would bundle its own
 * copy. Other host singletons appear in a manifest only when the remote imports them.
 */
export const ALWAYS_SHARED = ['react', '@sports/shared'] as const;

interface ManifestShared {
  name: string;
  version: string;
  requiredVersion?: string;
  singleton?: boolean;
  /** The release's own copy's scripts; none when it takes the module from the host only (`import: false`). */
  assets?: { js?: { sync?: unknown[]; async?: unknown[] } };
}

interface ManifestShape {
  name?: unknown;
  exposes?: Array<{ path?: unknown }>;
  shared?: ManifestShared[];
  metaData?: { remoteEntry?: { name?: unknown } };
}

/**
 * Whether a release may take traffic (issue: staged rollouts): its manifest is one of this
 * remote, exposes what the host contract needs, and shares every host singleton at a version
 * the host can serve it (same major, within the host's range, and the host's copy within the
 * release's own range, since with 'loaded-first' the release gets the host's copy).
 * Returns the problems; none means compatible.
 */
export function checkRelease(manifest: unknown, remote: RemoteName, host: HostSharedRequirements): string[] {
  if (typeof manifest !== 'object' || manifest === null) return ['mf-manifest.json is not a JSON object'];
  const shape = manifest as ManifestShape;
  const problems: string[] = [];
  if (shape.name !== remote) problems.push(`manifest name is ${String(shape.name)}, expected ${remote}`);
  if (typeof shape.metaData?.remoteEntry?.name !== 'string') problems.push('manifest names no remoteEntry');
  const exposed = new Set((shape.exposes ?? []).map((expose) => expose.path));
  for (const needed of REMOTE_EXPOSES) {
    if (!exposed.has(needed)) problems.push(`does not expose ${needed}`);
  }
  const sharedByName = new Map((shape.shared ?? []).map((shared) => [shared.name, shared]));
  for (const [name, requirement] of Object.entries(host)) {
    const shared = sharedByName.get(name);
    if (!shared && !(ALWAYS_SHARED as readonly string[]).includes(name)) continue;
    problems.push(...checkShared(name, requirement, shared));
  }
  // A production remote ships no copy of the page singletons (shared/build/createFederatedConfig.cjs,
  // `import: false`): one the host does not provide would be missing from the page, not loaded twice.
  for (const shared of shape.shared ?? []) {
    if (!Object.hasOwn(host, shared.name) && !carriesOwnCopy(shared)) problems.push(`takes ${shared.name} from the host, which does not provide it (release a host that provides it first)`);
  }
  return problems;
}

function carriesOwnCopy(shared: ManifestShared): boolean {
  const js = shared.assets?.js;
  return (js?.sync?.length ?? 0) + (js?.async?.length ?? 0) > 0;
}

function checkShared(name: string, host: { version: string; requiredVersion: string }, shared: ManifestShared | undefined): string[] {
  if (!shared) return [`does not share ${name} (the page would load a second copy)`];
  if (shared.singleton !== true) return [`shares ${name} but not as a singleton`];
  const version = semver.valid(shared.version);
  if (!version) return [`${name} has no valid version (${shared.version})`];
  if (semver.major(version) !== semver.major(host.version)) return [`${name} ${version} is not the host's major version (${host.version})`];
  if (!semver.satisfies(version, host.requiredVersion)) return [`${name} ${version} does not satisfy the host's ${host.requiredVersion}`];
  if (shared.requiredVersion && !semver.satisfies(host.version, shared.requiredVersion)) {
    return [`${name}: the release needs ${shared.requiredVersion} but the host provides ${host.version}`];
  }
  return [];
}

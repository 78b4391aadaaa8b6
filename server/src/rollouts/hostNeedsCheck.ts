/**
 * What a release needs from the host's page, against what the host's build provides (issue 38).
 *
 * A production remote takes more than the federation runtime-core from the host (which the version
 * check covers, federationRuntimeCheck.ts): since issue 38 also its bundler runtime, which only a
 * host built with that change puts on the page. Such a remote's container throws on an older host
 * of the same runtime version, and its visitors fall back to the stable release, so registration
 * refuses it until a host providing what it needs is out. The names are
 * shared/build/hostCapabilities.cjs's: a remote's build writes what it needs in
 * `mf-host-needs.json` `{ needs }` beside its manifest, the host's what it provides in
 * `mf-host-runtime.json` `{ provides }` (bootstrapReleases.ts). A release without the file (built
 * before it) needs nothing; a host whose file names nothing provides nothing.
 */

/** Written by a production remote's build beside mf-manifest.json: `{ needs }`, the host's capabilities it takes. */
export const HOST_NEEDS_FILE = 'mf-host-needs.json';

/** A list of capability names, or null when `value` is not one. */
export function capabilityNamesOf(value: unknown): string[] | null {
  return Array.isArray(value) && value.every((name) => typeof name === 'string' && name.length > 0) ? (value as string[]) : null;
}

/**
 * What a release's mf-host-needs.json (its text; null when the release has none) says it needs:
 * nothing without the file, null when the file is not `{ needs: [names] }`.
 */
export function hostNeedsOf(text: string | null): string[] | null {
  if (text === null) return [];
  try {
    return capabilityNamesOf((JSON.parse(text) as { needs?: unknown } | null)?.needs);
  } catch {
    return null;
  }
}

/** Of what a release needs, what the host does not provide, in the release's order. */
export function missingFromHost(needs: readonly string[], provides: readonly string[]): string[] {
  return needs.filter((need) => !provides.includes(need));
}

import fs from 'node:fs/promises';
import path from 'node:path';

/** The address the embedded release store serves its releases at (rolloutsPlugin: DATA_DIR/releases). */
const EMBEDDED_RELEASES_PREFIX = '/web/releases/';

/** Releases never change (a release id is its content hash): a manifest read once is kept. Bounded, oldest out first. */
const MAX_CACHED_MANIFESTS = 64;

/** Reads the mf-manifest.json of a served release, by its manifest address; null when it cannot (a CDN's address, a missing or broken file). */
export type ReleaseManifestReader = (manifestUrl: string) => Promise<unknown | null>;

/**
 * The manifests of the releases in the embedded store (`releasesDir`, served at /web/releases/),
 * for the host page to carry inline (visitorPage.ts): the Module Federation runtime then reads
 * them from the page instead of asking for each, and a phone's first requests go to the scripts
 * (issue 17). An address outside the store (releases on a CDN, MF_RELEASES_BASE_URL) answers
 * null: that page preloads the manifest as before.
 */
export function servedReleaseManifests(releasesDir: string): ReleaseManifestReader {
  const root = path.resolve(releasesDir);
  const cache = new Map<string, unknown>();
  return async (manifestUrl) => {
    if (cache.has(manifestUrl)) return cache.get(manifestUrl);
    if (!manifestUrl.startsWith(EMBEDDED_RELEASES_PREFIX) || !manifestUrl.endsWith('/mf-manifest.json')) return null;
    const file = path.resolve(root, ...manifestUrl.slice(EMBEDDED_RELEASES_PREFIX.length).split('/'));
    if (!file.startsWith(`${root}${path.sep}`)) return null;
    let manifest: unknown;
    try {
      manifest = JSON.parse(await fs.readFile(file, 'utf8'));
    } catch {
      // Not sealed yet, removed, or unreadable: the page preloads it instead, the runtime fetches it.
      return null;
    }
    if (typeof manifest !== 'object' || manifest === null) return null;
    if (cache.size >= MAX_CACHED_MANIFESTS) cache.delete(cache.keys().next().value as string);
    cache.set(manifestUrl, manifest);
    return manifest;
  };
}

import fs from 'node:fs/promises';
import path from 'node:path';

/** The address the embedded release store serves its releases at (rolloutsPlugin: DATA_DIR/releases). */
const EMBEDDED_RELEASES_PREFIX = '/web/releases/';

/** Releases never change (a release id is its content hash): a release read once is kept. Bounded, oldest out first. */
const MAX_CACHED_RELEASES = 64;

/** The load graph's named chunks of routes' pages and home widgets (shared/build/createFederatedConfig.cjs). */
const FIRST_SCREEN_GROUP = /^chunk:((?:route|widget)-[\w.-]+)$/;
/** What a script file name of a release may be (webpack's `[name].[contenthash].js`). */
const SCRIPT_FILE = /^[\w.-]+\.js$/;

/** What the host page carries of a served release. */
export interface ServedRelease {
  /** Its mf-manifest.json. */
  manifest: unknown;
  /**
   * The scripts of each route's page and home widget, by chunk name (`route-live`,
   * `route-football.basketball.bifen`, `widget-hotMatches`), file names in the release folder,
   * from its load-graph.json; empty when the release has none.
   */
  scripts: Record<string, string[]>;
}

/** Reads a served release by its manifest address; null when it cannot (a CDN's address, a missing or broken manifest). */
export type ReleaseManifestReader = (manifestUrl: string) => Promise<ServedRelease | null>;

/**
 * The manifests (and first scripts) of the releases in the embedded store (`releasesDir`, served
 * at /web/releases/), for the host page to carry inline (visitorPage.ts): the Module Federation
 * runtime then reads them from the page instead of asking for each, and a phone's first requests
 * go to the scripts (issue 17). An address outside the store (releases on a CDN,
 * MF_RELEASES_BASE_URL) answers null: that page preloads the manifest as before.
 */
export function servedReleaseManifests(releasesDir: string): ReleaseManifestReader {
  const root = path.resolve(releasesDir);
  const cache = new Map<string, ServedRelease>();
  return async (manifestUrl) => {
    const cached = cache.get(manifestUrl);
    if (cached) return cached;
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
    const release = { manifest, scripts: await firstScreenScriptsOf(path.join(path.dirname(file), 'load-graph.json')) };
    if (cache.size >= MAX_CACHED_RELEASES) cache.delete(cache.keys().next().value as string);
    cache.set(manifestUrl, release);
    return release;
  };
}

async function firstScreenScriptsOf(loadGraphFile: string): Promise<Record<string, string[]>> {
  let groups: unknown;
  try {
    groups = (JSON.parse(await fs.readFile(loadGraphFile, 'utf8')) as { groups?: unknown }).groups;
  } catch {
    return {};
  }
  if (typeof groups !== 'object' || groups === null) return {};
  const scripts: Record<string, string[]> = {};
  for (const [key, files] of Object.entries(groups)) {
    const name = FIRST_SCREEN_GROUP.exec(key)?.[1];
    if (!name || !Array.isArray(files)) continue;
    const valid = files.filter((each): each is string => typeof each === 'string' && SCRIPT_FILE.test(each));
    if (valid.length > 0) scripts[name] = valid;
  }
  return scripts;
}

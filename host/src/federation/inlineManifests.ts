// Runs in main.js before the async boundary and in the bootstrap: no value import of a shared module.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** The page's `<script type="application/json">` with the assigned releases' manifests (server/src/site/visitorPage.ts). */
export const MANIFESTS_ELEMENT_ID = 'mf-manifests';

/** What the page carries of one release (server/src/site/servedReleaseManifests.ts). */
export interface InlineRelease {
  /** Its mf-manifest.json. */
  manifest: unknown;
  /** The scripts of its routes' pages and home widgets by chunk name (`route-live`, `widget-hotMatches`), file names in the release folder. */
  scripts: Readonly<Record<string, readonly string[]>>;
}

/** The releases the page carries, by the absolute address of their mf-manifest.json. */
export type InlineManifests = ReadonlyMap<string, InlineRelease>;

/**
 * The releases the server inlined in this page, by absolute manifest address (the page then has
 * no request for their manifests: issue 17); empty when the page has none or they do not parse
 * (the runtime fetches each manifest itself).
 */
export function readInlineManifests(doc: Document = document): InlineManifests {
  const text = doc.getElementById(MANIFESTS_ELEMENT_ID)?.textContent;
  if (!text) return new Map();
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return new Map();
    const releases = new Map<string, InlineRelease>();
    for (const [url, release] of Object.entries(parsed as Record<string, unknown>)) {
      const { manifest, scripts } = (release ?? {}) as { manifest?: unknown; scripts?: unknown };
      if (typeof manifest !== 'object' || manifest === null) continue;
      releases.set(new URL(url, doc.baseURI).href, { manifest, scripts: scriptsOf(scripts) });
    }
    return releases;
  } catch {
    return new Map();
  }
}

function scriptsOf(value: unknown): Record<string, string[]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const scripts: Record<string, string[]> = {};
  for (const [name, files] of Object.entries(value)) {
    if (Array.isArray(files)) scripts[name] = files.filter((file): file is string => typeof file === 'string' && file.length > 0);
  }
  return scripts;
}

/**
 * A Module Federation runtime plugin: the runtime's fetch of a manifest the page carries is
 * answered from the page. Any other fetch (a manifest not inlined, a fallback release's) goes to
 * the network as before.
 */
export function inlineManifestsPlugin(manifests: InlineManifests, baseUri: string = document.baseURI): ModuleFederationRuntimePlugin {
  return {
    name: 'inline-manifests',
    fetch(url) {
      const release = manifests.get(new URL(url, baseUri).href);
      if (release === undefined) return undefined;
      return Promise.resolve(new Response(JSON.stringify(release.manifest), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    },
  };
}

/** What a release's mf-manifest.json says of an exposed module (the fields read here). */
interface ManifestExpose {
  name?: unknown;
  assets?: { js?: { sync?: unknown } };
}

/**
 * The scripts of a release's exposed module (`./routes` or `./widgets`) the runtime loads first,
 * by absolute address, from its manifest: main.js fetches them beside the remote's entry, so
 * they are in when the shell asks for the module (issue 17: asked only after react-dom and the
 * shell ran, each was one more round trip before the first screen). Empty when the manifest does
 * not say (the runtime then fetches them as before).
 */
export function exposedModuleScripts(manifest: unknown, manifestUrl: string, exposed: string): string[] {
  if (typeof manifest !== 'object' || manifest === null) return [];
  const { exposes, metaData } = manifest as { exposes?: unknown; metaData?: { publicPath?: unknown } };
  if (!Array.isArray(exposes)) return [];
  const expose = (exposes as ManifestExpose[]).find((candidate) => candidate?.name === exposed);
  const files = expose?.assets?.js?.sync;
  if (!Array.isArray(files)) return [];
  // 'auto': the release's files sit beside its manifest (each release is one folder).
  const publicPath = typeof metaData?.publicPath === 'string' && metaData.publicPath !== 'auto' ? metaData.publicPath : new URL('.', manifestUrl).href;
  return files.filter((file): file is string => typeof file === 'string' && file.length > 0).map((file) => new URL(file, new URL(publicPath, manifestUrl)).href);
}

// Runs in main.js before the async boundary: type imports only (a value import of a shared
// module here would be loaded before the shared scope exists, TOOLCHAIN.md pitfall 2).
import type { RemoteAssignment } from '@sports/shared';

/** The page's `<script type="application/json">` the server fills with the visitor's assignments (server/src/site/visitorPage.ts). */
export const ASSIGNMENTS_ELEMENT_ID = 'mf-assignments';

/** Routes of the host whose content comes from the remotes' home widgets. */
const HOME_PATHS = new Set(['', 'main']);

/**
 * The assignments the server inlined in this page (what `GET /api/mf/remotes` answers this
 * visitor), or null when the page has none or they do not parse (the host then asks the API).
 */
export function readInlineAssignments(doc: Document = document): RemoteAssignment[] | null {
  const text = doc.getElementById(ASSIGNMENTS_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as { remotes?: unknown };
    return Array.isArray(parsed.remotes) ? (parsed.remotes as RemoteAssignment[]) : null;
  } catch {
    return null;
  }
}

/** The route path of a hash address: `#/score-detail/12?x=1` → `score-detail/12`. */
export function routePathOf(hash: string): string {
  return hash.replace(/^#\/?/, '').split(/[?#]/)[0]?.replace(/\/+$/, '') ?? '';
}

/** Whether the route `routePath` shows `path` (`score-detail` shows `score-detail/12`). */
export function routeShows(routePath: string, path: string): boolean {
  return path === routePath || path.startsWith(`${routePath}/`);
}

/**
 * The remotes the route at `hash` shows first: on the home page the remotes with home widgets,
 * elsewhere the remote owning the route (none for a host route).
 */
export function remotesOfRoute(remotes: readonly RemoteAssignment[], hash: string): RemoteAssignment[] {
  const path = routePathOf(hash);
  if (HOME_PATHS.has(path)) return remotes.filter((remote) => remote.widgets.length > 0);
  const owner = remotes.find((remote) => remote.routes.some((route) => routeShows(route.path, path)));
  return owner ? [owner] : [];
}

/** A release's remoteEntry.js: beside its mf-manifest.json (each release is one folder). */
export function remoteEntryUrlOf(manifestUrl: string): string {
  return manifestUrl.replace(/mf-manifest\.json$/, 'remoteEntry.js');
}

/**
 * Starts fetching what a remote needs before anything asks for it: its manifest, unless the page
 * carries it (`manifestInline`: inlineManifests.ts; else the server's page already preloads it),
 * and its remoteEntry.js, as the Module Federation runtime will ask for them (a fetch with CORS;
 * a classic script without crossorigin), so the runtime's requests are served from these. Each
 * URL once per page.
 */
export function preloadRemote(remote: RemoteAssignment, doc: Document = document, manifestInline = false): void {
  if (!manifestInline) addPreload(doc, remote.manifestUrl, 'fetch', 'anonymous');
  addPreload(doc, remoteEntryUrlOf(remote.manifestUrl), 'script', null);
}

/** The exposed module the route at `hash` shows first from its remotes: the home page's widgets, else the owner's routes. */
export function exposedModuleOfRoute(hash: string): 'widgets' | 'routes' {
  return HOME_PATHS.has(routePathOf(hash)) ? 'widgets' : 'routes';
}

/** Preloads scripts the runtime will load with a classic script (no crossorigin), each once per page. */
export function preloadScripts(urls: readonly string[], doc: Document = document): void {
  for (const url of urls) addPreload(doc, url, 'script', null);
}

function addPreload(doc: Document, href: string, as: 'fetch' | 'script', crossOrigin: string | null): void {
  const absolute = new URL(href, doc.baseURI).href;
  for (const link of Array.from(doc.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]'))) {
    if (link.href === absolute) return;
  }
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.as = as;
  if (crossOrigin !== null) link.crossOrigin = crossOrigin;
  link.href = href;
  doc.head.appendChild(link);
}

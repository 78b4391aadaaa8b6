// Runs in main.js before the async boundary: type imports only from the shared singleton (a value
// import of a shared module here would be loaded before the shared scope exists, TOOLCHAIN.md pitfall 2).
import type { RemoteAssignment } from '@sports/shared';
// Not the singleton: a plain module of @sports/shared bundled into main.js (no imports of its own),
// the one path rule the control plane uses too.
import { routeKey, routeShows } from '@sports/shared/routePaths';

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

/**
 * The remotes the route at `hash` shows first: on the home page the remotes with home widgets,
 * elsewhere the remote owning the route (none for a host route).
 */
export function remotesOfRoute(remotes: readonly RemoteAssignment[], hash: string): RemoteAssignment[] {
  const path = routePathOf(hash);
  if (HOME_PATHS.has(routeKey(path))) return remotes.filter((remote) => remote.widgets.length > 0);
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
 * and its remoteEntry.js (warmScripts). Each URL once per page.
 */
export function preloadRemote(remote: RemoteAssignment, doc: Document = document, manifestInline = false): void {
  if (!manifestInline) addPreload(doc, remote.manifestUrl, 'fetch', 'anonymous');
  warmScripts([remoteEntryUrlOf(remote.manifestUrl)], doc);
}

/** The exposed module the route at `hash` shows first from its remotes: the home page's widgets, else the owner's routes. */
export function exposedModuleOfRoute(hash: string): 'widgets' | 'routes' {
  return HOME_PATHS.has(routeKey(routePathOf(hash))) ? 'widgets' : 'routes';
}

/** The scripts each page has warmed (by absolute address), so each is asked for once. */
const warmedScripts = new WeakMap<Document, Set<string>>();

/**
 * Starts downloading scripts the Module Federation runtime will load later with a classic script,
 * each once per page. A script of this site is fetched into the HTTP cache (a release's files are
 * immutable: server/src/site/staticSite.ts), the way a classic script asks (no-cors, cookies
 * sent), so the runtime's `<script>` is answered from it. Not `<link rel="preload">`: Chromium
 * keeps a failed preload for the rest of the document, and a later `<script>` of that address
 * fails with it without asking the network. A remote unreachable at the page's load could then
 * never be loaded by the fallback view's retry (e2e/tests/remoteFallback.spec.ts). A script on
 * another origin is preloaded (the page's connect-src is 'self' only).
 */
export function warmScripts(urls: readonly string[], doc: Document = document): void {
  let warmed = warmedScripts.get(doc);
  if (!warmed) warmedScripts.set(doc, (warmed = new Set()));
  const origin = new URL(doc.baseURI).origin;
  for (const url of urls) {
    const absolute = new URL(url, doc.baseURI);
    if (warmed.has(absolute.href)) continue;
    warmed.add(absolute.href);
    if (absolute.origin !== origin) addPreload(doc, absolute.href, 'script', null);
    // Each in a task of its own: a fetch() costs the browser milliseconds of the main thread, and
    // these are asked for while main.js evaluates, one of the page's longest tasks (issue 17).
    else setTimeout(() => void fetch(absolute.href, { mode: 'no-cors', credentials: 'include', priority: 'high' }).catch(() => undefined), 0);
  }
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

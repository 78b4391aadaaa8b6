// Runs in main.js before the async boundary: type imports only.
import type { RemoteAssignment } from '@sports/shared';
import { routeShows } from '@sports/shared/routePaths';
import { exposedModuleOfRoute, routePathOf } from './inlineAssignments';
import { exposedModuleScripts, type InlineRelease } from './inlineManifests';

/** A route path as it appears in a chunk name: `trophy/home` → `trophy_home` (shared/build/createFederatedConfig.cjs, chunkSlugOf). */
export function chunkSlugOf(routePath: string): string {
  return routePath.replace(/[^\w-]/g, '_');
}

/**
 * The scripts of `remote` the route at `hash` shows first, by absolute address, from what the
 * page carries of its release: the exposed module (`./widgets` on the home page, else
 * `./routes`) and the chunks of the route's page (`route-<path>`, or a page several routes
 * share: `route-<path>.<path>`) or of the remote's home widgets (`widget-<id>`). Each remote
 * names its chunks so (webpackChunkName in its src/routes.ts and src/widgets.ts; its build warns
 * on a route or widget without one). main.js fetches them beside the remote's entry (warmScripts
 * in inlineAssignments.ts): the page chunk, asked for only once react-dom, the shell and the exposed module had run, was the last
 * round trips before a room's title or the board's first row (issue 17).
 */
export function firstScreenScripts(remote: RemoteAssignment, release: InlineRelease, manifestUrl: string, hash: string): string[] {
  const exposed = exposedModuleOfRoute(hash);
  // A widget that loads near the screen is not on the first screen: its scripts wait for it.
  const names = exposed === 'widgets' ? remote.widgets.filter((widget) => widget.loadNearScreen !== true).map((widget) => `widget-${widget.id}`) : routeChunkNames(remote, release, routePathOf(hash));
  const base = new URL('.', manifestUrl).href;
  const chunks = names.flatMap((name) => release.scripts[name] ?? []).map((file) => new URL(file, base).href);
  return [...new Set([...exposedModuleScripts(release.manifest, manifestUrl, exposed), ...chunks])];
}

function routeChunkNames(remote: RemoteAssignment, release: InlineRelease, path: string): string[] {
  const route = remote.routes.find((candidate) => routeShows(candidate.path, path));
  if (!route) return [];
  const slug = chunkSlugOf(route.path);
  return Object.keys(release.scripts).filter((name) => name.startsWith('route-') && name.slice('route-'.length).split('.').includes(slug));
}

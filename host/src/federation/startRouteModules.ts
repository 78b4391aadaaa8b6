// Runs in main.js before the async boundary: type imports only from shared modules (TOOLCHAIN.md
// pitfall 2). The Module Federation runtime is main.js's own.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteAssignment, RemoteName, RemoteRoutesModule, RemoteWidgetsModule } from '@sports/shared';
import { isHomePath, routePathOf, routeShows } from './inlineAssignments';

type ExposedModule = 'routes' | 'widgets';

/** What main.js started, for the RemoteModuleLoader to take over: remote → its manifest and loads. */
const started = new Map<RemoteName, { manifestUrl: string; loads: Map<ExposedModule, Promise<unknown>> }>();

/**
 * Starts the modules the page's first screen shows, from main.js, while the shell's own scripts
 * still download: the route owner's `./routes` and then the route's page chunk, or on the home
 * page each remote's `./widgets` and then its widgets' chunks. Before this, nothing of a remote
 * was asked for until React and the shell had loaded and rendered, and then its entry, its
 * `./routes`, its page and the page's data came one round trip after another (issue 17: about
 * a second on a phone's connection). Nothing renders here: the RemoteModuleLoader takes these
 * loads over (takeStartedLoad), and the page's `load()` is the same import, so webpack fetches
 * each chunk once. A failure here is left for the loader, which retries and falls back.
 */
export function startRouteModules(remotes: readonly RemoteAssignment[], hash: string): void {
  const path = routePathOf(hash);
  for (const remote of remotes) {
    const exposed: ExposedModule = isHomePath(path) ? 'widgets' : 'routes';
    registerRemotes([{ name: remote.name, entry: remote.manifestUrl }]);
    const loading = loadRemote(`${remote.name}/${exposed}`).then((module) => {
      for (const load of firstLoadsOf(module, exposed, remote, path)) void load().catch(() => undefined);
      return module;
    });
    loading.catch(() => undefined);
    started.set(remote.name, { manifestUrl: remote.manifestUrl, loads: new Map([[exposed, loading]]) });
  }
}

/** The page of the route at `path`, or the remote's home widgets, that the first screen shows. */
function firstLoadsOf(module: unknown, exposed: ExposedModule, remote: RemoteAssignment, path: string): Array<() => Promise<unknown>> {
  if (!module) return [];
  if (exposed === 'widgets') {
    const shown = new Set(remote.widgets.filter((widget) => widget.slot === 'home').map((widget) => widget.id));
    return ((module as RemoteWidgetsModule).widgets ?? []).filter((widget) => shown.has(widget.id)).map((widget) => widget.load);
  }
  const route = ((module as RemoteRoutesModule).routes ?? []).find((candidate) => routeShows(candidate.path, path));
  return route ? [route.load] : [];
}

/** The manifest main.js registered `remote` with, if it did. */
export function startedManifestOf(remote: RemoteName): string | undefined {
  return started.get(remote)?.manifestUrl;
}

/** The load of `remote/exposed` main.js started from `manifestUrl`: handed over once. */
export function takeStartedLoad(remote: RemoteName, exposed: string, manifestUrl: string): Promise<unknown> | undefined {
  const entry = started.get(remote);
  if (entry?.manifestUrl !== manifestUrl) return undefined;
  const loading = entry.loads.get(exposed as ExposedModule);
  entry.loads.delete(exposed as ExposedModule);
  return loading;
}

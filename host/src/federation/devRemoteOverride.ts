import type { ApiClient, RemoteAssignment, RemoteName, RouteManifest } from '@sports/shared';

/**
 * A dev override (`pnpm dev:remote <name>`, tools/dev-remote; accepted by the server,
 * server/src/rollouts/devOverride.ts): one remote comes from a squad's webpack dev server, channel
 * 'dev', every other remote and the host from their releases.
 */

/** The page address's parameter of a dev override; empty, it clears the override (the banner's exit). */
export const DEV_OVERRIDE_QUERY_PARAMETER = 'mf_dev';

/**
 * The window event a dev server's hot update sends after it replaced a remote's `./routes`
 * (written by tools/dev-remote/src/hotRoutesLoader.cjs into the remote's routes module).
 */
export const DEV_UPDATE_EVENT = 'mf-dev-update';

/** A dev route manifest larger than this is not read (the release check's own bound is far below). */
const ROUTE_MANIFEST_MAX_CHARS = 200_000;

export function devAssignmentsOf(remotes: readonly RemoteAssignment[] | null): RemoteAssignment[] {
  return (remotes ?? []).filter((remote) => remote.channel === 'dev');
}

/**
 * The assignments with each dev remote's routes and widgets read from its dev server's
 * `route-manifest.json` (beside its mf-manifest.json; the build emits it in development too), so a
 * route added under the dev server shows at once. The server cannot read it (the dev server may be
 * on the developer's machine, the site on staging): the browser does. A dev server that does not
 * answer, or a manifest of another remote, leaves the assignment as the server sent it.
 */
export async function withDevRouteManifests(remotes: RemoteAssignment[], fetchImpl: typeof fetch = fetch): Promise<RemoteAssignment[]> {
  return Promise.all(
    remotes.map(async (assignment) => {
      if (assignment.channel !== 'dev') return assignment;
      const manifest = await readRouteManifest(new URL('route-manifest.json', assignment.manifestUrl).href, fetchImpl);
      if (!manifest || manifest.remote !== assignment.name) return assignment;
      return { ...assignment, routes: manifest.routes, widgets: manifest.widgets };
    }),
  );
}

/**
 * For a page with a dev override: an API client whose `api/mf/remotes` answers carry the dev
 * remotes' own routes (withDevRouteManifests). Bootstrap gives it to RemoteAssignments instead
 * of the answer inlined in the page (one more round trip, on a dev page only), so an ordinary
 * page's start waits for nothing more.
 */
export function devRoutesApi(api: ApiClient, fetchImpl: typeof fetch = fetch): ApiClient {
  const wrapped = Object.create(api) as ApiClient;
  wrapped.get = async <T>(path: string, params?: Parameters<ApiClient['get']>[1]): Promise<T> => {
    const answer = await api.get<T>(path, params);
    if (path !== 'api/mf/remotes') return answer;
    const { remotes } = answer as { remotes: RemoteAssignment[] };
    return { ...answer, remotes: await withDevRouteManifests(remotes, fetchImpl) } as T;
  };
  return wrapped;
}

async function readRouteManifest(url: string, fetchImpl: typeof fetch): Promise<RouteManifest | null> {
  try {
    const response = await fetchImpl(url, { cache: 'no-store' });
    if (!response.ok) return null;
    const text = await response.text();
    if (text.length > ROUTE_MANIFEST_MAX_CHARS) return null;
    const parsed = JSON.parse(text) as Partial<RouteManifest>;
    return Array.isArray(parsed.routes) && Array.isArray(parsed.widgets) && typeof parsed.remote === 'string' ? (parsed as RouteManifest) : null;
  } catch {
    return null;
  }
}

/** Calls `listener` after each hot update of `remote`'s routes; answers the unsubscribe. */
export function onDevUpdate(remote: RemoteName, listener: () => void, target: EventTarget = window): () => void {
  const handler = (event: Event) => {
    if ((event as CustomEvent<{ remote?: string }>).detail?.remote === remote) listener();
  };
  target.addEventListener(DEV_UPDATE_EVENT, handler);
  return () => target.removeEventListener(DEV_UPDATE_EVENT, handler);
}

/**
 * The banner's exit: the same page without the override. `?mf_dev=` (empty) makes the server clear
 * its cookie and answer the usual releases; the hash route is kept.
 */
export function exitDevOverrideAddress(location: Pick<Location, 'pathname' | 'hash'>): string {
  return `${location.pathname}?${DEV_OVERRIDE_QUERY_PARAMETER}=${location.hash}`;
}

/** `mf_community` → `mf-community`: the package (folder) the squad works in. */
export function remoteFolderOf(remote: RemoteName): string {
  return remote.replace(/_/g, '-');
}

// No imports: main.js runs this before the async boundary (host/src/federation/inlineAssignments.ts),
// where a value import of the shared singleton would load before the share scope exists.

/**
 * The one rule for comparing the site's hash-route paths, used by the host (its router table,
 * which route an address shows, which remote owns it) and by the control plane (a manifest's
 * duplicate paths, the host's own paths, route ownership between remotes).
 *
 * Paths compare WITHOUT regard to case: the host's router (React Router, `caseSensitive` left
 * false) shows `#/download` and `#/DownLoad` on the route `downLoad`, and SPEC.md's paths mix
 * cases ('downLoad', 'about-user'), so two paths that differ only in case are one route. Paths
 * are ASCII (RouteMetaSchema's pattern), so lower-casing is the whole rule.
 */
export function routeKey(path: string): string {
  return path.toLowerCase();
}

/** Whether two route paths are one route. */
export function samePath(a: string, b: string): boolean {
  return routeKey(a) === routeKey(b);
}

/**
 * Whether the route `routePath` shows the address path `path` (both without the leading '/'):
 * the route itself, or below it ('score-detail' shows 'score-detail/12'), case aside.
 */
export function routeShows(routePath: string, path: string): boolean {
  const route = routeKey(routePath);
  const address = routeKey(path);
  return address === route || address.startsWith(`${route}/`);
}

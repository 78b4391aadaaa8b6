import Value from 'typebox/value';
import type { RemoteRouteDefinition, RemoteWidgetDefinition } from '../contract/remoteContract';
import type { RemoteName } from '../contract/remoteNames';
import { ROUTE_MANIFEST_SCHEMA_VERSION } from '../contract/routeManifest';
import { RouteManifestSchema } from '../schemas/mfRemotes';

/**
 * What is wrong between a remote's route manifest (`src/routeManifest.json`: what the shell is
 * told) and its `./routes` and `./widgets` (what it can render): a declared route without a page
 * would open an empty remote area, a page without a declared route is unreachable; and what the
 * control plane's schema would refuse in the manifest the build makes of it. Each remote's
 * routeManifest.test.ts expects none.
 */
export function routeManifestProblems(
  remote: RemoteName,
  // As JSON imports type it (slots are plain strings): the schema check below is the real one.
  declaration: { routes: ReadonlyArray<{ path: string }>; widgets: ReadonlyArray<{ id: string }> },
  routes: readonly RemoteRouteDefinition[],
  widgets: readonly RemoteWidgetDefinition[],
): string[] {
  const manifest = { schemaVersion: ROUTE_MANIFEST_SCHEMA_VERSION, remote, ...declaration };
  const problems = [...Value.Errors(RouteManifestSchema, manifest)].map((error) => `${error.instancePath || '/'} ${error.message}`);
  const declaredPaths = new Set(declaration.routes.map((route) => route.path));
  const pagePaths = new Set(routes.map((route) => route.path));
  for (const path of declaredPaths) if (!pagePaths.has(path)) problems.push(`route ${path} is declared but ./routes has no page for it`);
  for (const path of pagePaths) if (!declaredPaths.has(path)) problems.push(`./routes has a page for ${path} that the manifest does not declare`);
  const declaredWidgets = new Set(declaration.widgets.map((widget) => widget.id));
  const widgetIds = new Set(widgets.map((widget) => widget.id));
  for (const id of declaredWidgets) if (!widgetIds.has(id)) problems.push(`widget ${id} is declared but ./widgets does not have it`);
  for (const id of widgetIds) if (!declaredWidgets.has(id)) problems.push(`./widgets has ${id}, which the manifest places in no slot`);
  return problems;
}

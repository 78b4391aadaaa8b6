import {
  FIRST_SCREEN_ROUTE_PARAM_PREFIX,
  type FirstScreenCall,
  HOST_ROUTE_PATHS,
  ROUTE_MANIFEST_FILE,
  type RemoteName,
  type RouteManifest,
  RouteManifestSchema,
  routeKey,
} from '@sports/shared/server';
import { Compile } from 'typebox/compile';
import { validationMessage } from '../infra/http/validationMessages';

/**
 * Problems found in a staged release's route manifest: listed inside RELEASE_REFUSED's message
 * (http/errorCatalogue.ts) and in the audit log, like releases.ts's releaseMessages.
 */
export const routeManifestMessages = {
  missing: `缺少 ${ROUTE_MANIFEST_FILE}（请用当前的构建重新发布）`,
  unreadable: `${ROUTE_MANIFEST_FILE} 无法读取（不是有效的 JSON）`,
  notObject: `${ROUTE_MANIFEST_FILE} 不是 JSON 对象`,
  /** `detail` names the field: validationMessages.ts's text, e.g. `routes.0.navIndex 不能大于 9`. */
  invalid: (detail: string) => `${ROUTE_MANIFEST_FILE} 格式错误：${detail}`,
  otherRemote: (named: string, remote: string) => `${ROUTE_MANIFEST_FILE} 属于 ${named}，不是 ${remote}`,
  duplicatePath: (path: string) => `路径 #/${path} 声明了不止一次`,
  duplicateWidget: (id: string) => `组件 ${id} 声明了不止一次`,
  blankTitle: (path: string) => `路径 #/${path} 的标题为空`,
  hostPath: (path: string) => `路径 #/${path} 属于主应用，远程模块不能声明`,
  /** firstScreenData (api/firstScreenData.ts): a GET has a query, not a body. */
  firstScreenGetBody: (owner: string, path: string) => `${owner} 的首屏数据 ${path}：GET 请求不能带 body`,
  /** A widget has no hash of its own, so a ':name' value could never be filled. */
  firstScreenWidgetParam: (id: string, path: string) => `组件 ${id} 的首屏数据 ${path}：组件没有路由参数，不能用 ':' 开头的值`,
  /** A widget loaded near the screen never takes an answer asked for with the page. */
  nearScreenFirstScreenData: (id: string) => `组件 ${id} 接近屏幕时才加载（loadNearScreen），不能声明首屏数据`,
} as const;

const validator = Compile(RouteManifestSchema);

// Paths compare by the one rule of the host and the control plane (@sports/shared's routePaths.ts:
// without regard to case, as the host's router matches them).
const HOST_KEYS = new Set(HOST_ROUTE_PATHS.map(routeKey));

function usesRouteParam(call: FirstScreenCall): boolean {
  return [...Object.values(call.query ?? {}), ...Object.values(call.body ?? {})].some((value) => typeof value === 'string' && value.startsWith(FIRST_SCREEN_ROUTE_PARAM_PREFIX));
}

/**
 * Checks the text of a staged release's `route-manifest.json` (null: the file is absent): it
 * parses, has the schema's form (the field that breaks it named), is this remote's, declares each
 * path and widget once, gives every route a title that is not blank, and claims none of the
 * host's own paths. The manifest is returned only when there is no problem. Who else claims a
 * path is decided later, when the release is to take traffic (routeOwnership.ts).
 */
export function checkRouteManifest(text: string | null, remote: RemoteName): { problems: string[]; manifest: RouteManifest | null } {
  if (text === null) return { problems: [routeManifestMessages.missing], manifest: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { problems: [routeManifestMessages.unreadable], manifest: null };
  }
  // The schema's messages name a field; a manifest that is no object has none to name.
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { problems: [routeManifestMessages.notObject], manifest: null };
  if (!validator.Check(parsed)) {
    return { problems: [routeManifestMessages.invalid(validationMessage([...validator.Errors(parsed)]))], manifest: null };
  }
  const manifest = parsed;
  const problems: string[] = [];
  if (manifest.remote !== remote) problems.push(routeManifestMessages.otherRemote(manifest.remote, remote));
  const seenPaths = new Set<string>();
  for (const route of manifest.routes) {
    const key = routeKey(route.path);
    if (seenPaths.has(key)) problems.push(routeManifestMessages.duplicatePath(route.path));
    seenPaths.add(key);
    if (route.title.trim() === '') problems.push(routeManifestMessages.blankTitle(route.path));
    if (HOST_KEYS.has(key)) problems.push(routeManifestMessages.hostPath(route.path));
  }
  const seenWidgets = new Set<string>();
  for (const widget of manifest.widgets) {
    if (seenWidgets.has(widget.id)) problems.push(routeManifestMessages.duplicateWidget(widget.id));
    seenWidgets.add(widget.id);
    if (widget.loadNearScreen === true && (widget.firstScreenData ?? []).length > 0) problems.push(routeManifestMessages.nearScreenFirstScreenData(widget.id));
  }
  const declaring = [
    ...manifest.routes.map((route) => ({ owner: `#/${route.path}`, isWidget: false, calls: route.firstScreenData ?? [] })),
    ...manifest.widgets.map((widget) => ({ owner: widget.id, isWidget: true, calls: widget.firstScreenData ?? [] })),
  ];
  for (const { owner, isWidget, calls } of declaring) {
    for (const call of calls) {
      if ((call.method ?? 'GET') === 'GET' && call.body !== undefined) problems.push(routeManifestMessages.firstScreenGetBody(owner, call.path));
      if (isWidget && usesRouteParam(call)) problems.push(routeManifestMessages.firstScreenWidgetParam(owner, call.path));
    }
  }
  return { problems, manifest: problems.length === 0 ? manifest : null };
}

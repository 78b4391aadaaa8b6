import type { FastifyContextConfig, FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { routeChangesState, stateChangeDeclarationProblem } from './stateChange';

/** One route as it was registered: what the route fuzz suite walks, so new routes are covered by themselves. */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  /** A WebSocket upgrade route (@fastify/websocket): not reachable by a plain HTTP request. */
  websocket: boolean;
  /** The route's metadata as registered (`changesState`, `bookkeepingWrites`, …: infra/http/stateChange.ts). */
  config: FastifyContextConfig;
  /** Whether the CSRF rule applies: POST/PUT/PATCH/DELETE, or a route that says `changesState: true`. */
  changesState: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, in registration order (filled by an onRoute hook). */
    readonly routeTable: readonly RegisteredRoute[];
  }
}

/**
 * Records every route registered after this call (onRoute hooks of the root reach routes of
 * every plugin). Call it first thing after creating the app. A route whose state-change
 * declaration contradicts itself (infra/http/stateChange.ts) stops the registration.
 */
export function installRouteTable(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route: RouteOptions & { websocket?: boolean; wsHandler?: unknown }) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const config = (route.config ?? {}) as FastifyContextConfig;
    for (const method of methods) {
      const problem = stateChangeDeclarationProblem(method, route.url, config);
      if (problem !== null) throw new Error(`route declaration: ${problem}`);
      routes.push({
        method,
        url: route.url,
        schema: route.schema,
        websocket: route.websocket === true || route.wsHandler !== undefined,
        config,
        changesState: routeChangesState(method, config),
      });
    }
  });
}

import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

/** One route as it was registered: what the route fuzz suite walks, so new routes are covered by themselves. */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  /** A WebSocket upgrade route (@fastify/websocket): not reachable by a plain HTTP request. */
  websocket: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, in registration order (filled by an onRoute hook). */
    readonly routeTable: readonly RegisteredRoute[];
  }
}

/**
 * Records every route registered after this call (onRoute hooks of the root reach routes of
 * every plugin). Call it first thing after creating the app.
 */
export function installRouteTable(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route: RouteOptions & { websocket?: boolean; wsHandler?: unknown }) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routes.push({ method, url: route.url, schema: route.schema, websocket: route.websocket === true || route.wsHandler !== undefined });
    }
  });
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../infra/http/types';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Seconds: from a cached static file (~1 ms) to a slow upload or a stuck database (10 s). */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Methods Fastify routes; anything else (Node's parser knows ~30) is counted as OTHER. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** A request that matched no route: one label for all of them, whatever URL a scanner tried. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * This app's metric registry, with Node's process metrics and the HTTP request latency
 * histogram. A registry per app (not prom-client's global one): tests build several apps in
 * one process, and each must count only its own requests.
 *
 * The latency hook is added to the root here, before any route: Fastify fixes a route's hooks
 * when the route is registered, so app.ts calls this right after the route table.
 */
export function installRequestMetrics(app: App): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    latency.observe(requestLabels(request, reply), reply.elapsedTime / 1000);
  });
  return registry;
}

/**
 * Bounded labels only: the route's pattern (`/api/Live/getLiveUrl`, `/uploads/*`), never the
 * URL a client sent (ids, query strings and scanners' paths would make a series each).
 */
export function requestLabels(request: FastifyRequest, reply: FastifyReply): { method: string; route: string; status_class: string } {
  const method = KNOWN_METHODS.has(request.method) ? request.method : 'OTHER';
  // A 404 of the not-found handler has no pattern (routeOptions.url is undefined there).
  const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
  return { method, route, status_class: `${Math.floor(reply.statusCode / 100)}xx` };
}

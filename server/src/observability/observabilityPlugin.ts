import fp from 'fastify-plugin';
import type { App } from '../infra/http/types';
import type { Kysely } from 'kysely';
import type { Registry } from 'prom-client';
import type { Database } from '../infra/db/schema';
import type { ObservabilityConfig } from './observabilityConfig';
import { apiDocsPage } from './openApiDocs';
import { opsAccessHook } from './opsAccess';
import { registerRuntimeMetrics } from './runtimeMetrics';

export const METRICS_PATH = '/metrics';

export interface ObservabilityRoutesOptions {
  config: ObservabilityConfig;
  /** The rollout control plane's token: what `protected` endpoints ask for. */
  opsToken: string;
  /** From installRequestMetrics (null: METRICS=off). */
  registry: Registry | null;
  db: Kysely<Database>;
}

/**
 * The ops endpoints: Swagger UI and the OpenAPI document at /api/docs, Prometheus text at
 * /metrics (reading the hubs, the feed and the ingest the domains it depends on decorate).
 * Each is on, off (not registered: 404) or behind the ops token (API_DOCS, METRICS).
 */
export async function observabilityRoutes(app: App, options: ObservabilityRoutesOptions): Promise<void> {
  const { config, registry } = options;
  if (config.apiDocs !== 'off') await apiDocsPage(app, opsAccessHook(config.apiDocs, options.opsToken));
  if (config.metrics === 'off' || registry === null) return;

  registerRuntimeMetrics(app, registry, options.db);
  const guard = opsAccessHook(config.metrics, options.opsToken);
  app.route({
    method: 'GET',
    url: METRICS_PATH,
    // Not part of the API document: it is for Prometheus, not for the site's clients.
    schema: { hide: true },
    ...(guard !== undefined ? { onRequest: guard } : {}),
    handler: async (_request, reply) => {
      const text = await registry.metrics();
      // Figures of this moment: no cache may serve them later.
      return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(text);
    },
  });
}

/** The observability domain: its routes in their own scope, after the domains it reads. */
async function observability(app: App, options: ObservabilityRoutesOptions): Promise<void> {
  await app.register(observabilityRoutes, options);
}

export const observabilityPlugin = fp(observability, {
  name: 'observability',
  dependencies: ['live', 'chat', 'scores', 'clips'],
  decorators: { fastify: ['chatHub', 'liveDataHub', 'liveFeed', 'liveWorkers', 'ingestStreams', 'mediaArchive', 'clips'] },
});

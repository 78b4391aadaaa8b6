import { Envelope, RemoteAssignmentsSchema, RemoteTelemetrySchema } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import Type from 'typebox';
import type { Database } from '../../db/schema';
import { userError } from '../../http/businessError';
import { ok } from '../../http/envelope';
import { type RateLimiter, createFixedWindowLimiter } from '../../http/rateLimiter';
import type { App } from '../../http/types';
import type { RemoteRegistry } from './remoteRegistry';
import { recordTelemetry } from './service';

export const telemetryMessages = {
  rateLimited: '上报过于频繁，请稍后再试',
} as const;

export interface MfRoutesOptions {
  db: Kysely<Database>;
  registry: RemoteRegistry;
  /** Per-IP limit on telemetry reports; default 60 a minute. */
  telemetryLimiter?: RateLimiter;
}

/** `api/mf/*`: the Module Federation control plane (which remote versions; remote failures). */
export async function mfRoutes(app: App, options: MfRoutesOptions): Promise<void> {
  const limiter = options.telemetryLimiter ?? createFixedWindowLimiter({ max: 60, windowMs: 60_000 });

  app.get('/api/mf/remotes', { schema: { response: { 200: Envelope(RemoteAssignmentsSchema) } } }, async (request) =>
    ok({ remotes: await options.registry.assignmentsFor({ userId: request.session?.user.id ?? null, ip: request.ip }) }),
  );

  app.post(
    '/api/mf/telemetry',
    {
      // A broken page can report in a loop: count before parsing and storing anything.
      onRequest: async (request, reply) => {
        const decision = limiter.hit(request.ip);
        if (!decision.allowed) {
          reply.header('Retry-After', Math.ceil(decision.retryAfterMs / 1000));
          throw userError(telemetryMessages.rateLimited, 429);
        }
      },
      schema: { body: RemoteTelemetrySchema, response: { 200: Envelope(Type.Null()) } },
    },
    async (request) => {
      await recordTelemetry(options.db, request.body, request.headers['user-agent']);
      return ok(null);
    },
  );
}

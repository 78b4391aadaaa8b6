import { Envelope, type RemoteAssignment, type RemoteName, RemoteAssignmentsSchema, RemoteTelemetrySchema } from '@sports/shared/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import Type from 'typebox';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { ok } from '../infra/http/envelope';
import { type RateLimiter, createFixedWindowLimiter } from '../infra/http/rateLimiter';
import type { App } from '../infra/http/types';
import { DEV_OVERRIDE_COOKIE, DEV_OVERRIDE_MAX_LENGTH, DEV_OVERRIDE_QUERY_PARAMETER, type DevOverridePolicy, allowDevOriginOnPage, devOverrideOf, withDevOverride } from './devOverride';
import { OVERRIDE_MAX_LENGTH, type VerifiedOverride, verifiedOverrides } from './qaOverride';
import { type HaltPolicy, breachesPolicy, releaseHealth } from './releaseHealth';
import type { RemoteRegistry } from './remoteRegistry';
import { haltCandidate } from './rolloutOperations';
import { recordTelemetry } from './service';
import { visitorKeyOf } from './visitorIdentity';

/** The reason an automatic halt writes to the rollout audit (not an API answer: errors live in http/errorCatalogue.ts). */
export const telemetryMessages = {
  halted: (rate: number, sample: number) => `错误率 ${(rate * 100).toFixed(1)}%（${sample} 次上报）超过阈值，自动暂停`,
} as const;

/**
 * The QA override cookie: the verified tokens of a `?override=` link (qaOverride.ts), kept until
 * the last of them expires, and verified again on every request.
 */
export const OVERRIDE_COOKIE = 'mf_override';

export interface MfRoutesOptions {
  db: Kysely<Database>;
  registry: RemoteRegistry;
  haltPolicy: HaltPolicy;
  /** The key QA override tokens are signed with (overrideTokens.ts). */
  overrideKey: Buffer;
  /** Per-IP limit on telemetry reports. */
  telemetryLimiter?: RateLimiter;
  /** Which dev overrides (`pnpm dev:remote`) are accepted (devOverride.ts); none without it. */
  devOverrides?: DevOverridePolicy;
}

/** `api/mf/remotes` and `api/mf/telemetry`: what visitors load, and how it went. */
export async function mfRoutes(app: App, options: MfRoutesOptions): Promise<void> {
  const limiter = options.telemetryLimiter ?? createFixedWindowLimiter({ max: 120, windowMs: 60_000 });

  app.get(
    '/api/mf/remotes',
    {
      schema: {
        // Longer than OVERRIDE_MAX_LENGTH is ignored like any bad link; far longer is refused.
        querystring: Type.Object({ override: Type.Optional(Type.String({ maxLength: 8 * OVERRIDE_MAX_LENGTH })), dev: Type.Optional(Type.String({ maxLength: 8 * DEV_OVERRIDE_MAX_LENGTH })) }),
        response: { 200: Envelope(RemoteAssignmentsSchema) },
      },
    },
    async (request, reply) => ok({ remotes: await assignmentsOfRequest(options, request, reply, request.query.override, request.query.dev) }),
  );

  app.post(
    '/api/mf/telemetry',
    {
      // A broken page can report in a loop: count before parsing and storing anything.
      onRequest: async (request, reply) => {
        const decision = limiter.hit(request.ip);
        if (!decision.allowed) {
          reply.header('Retry-After', Math.ceil(decision.retryAfterMs / 1000));
          throw errors.TELEMETRY_RATE_LIMITED();
        }
      },
      schema: { body: RemoteTelemetrySchema, response: { 200: Envelope(Type.Null()) } },
    },
    async (request, reply) => {
      const report = request.body;
      const visitor = await visitorKeyOf(options.db, request, reply);
      await recordTelemetry(options.db, report, { userAgent: request.headers['user-agent'], visitor, ip: request.ip });
      if (report.phase !== 'loaded') await haltIfFailing(options, report.remote, report.version);
      return ok(null);
    },
  );
}

/** The page's address names a QA override as `?mf_override=` (host/src/federation/remoteAssignments.ts). */
export const PAGE_OVERRIDE_QUERY_PARAMETER = 'mf_override';

/** What this visitor loads, decided while answering their page (`/web/`): see pageAssignmentsOf. */
export type PageAssignments = (request: FastifyRequest, reply: FastifyReply) => Promise<RemoteAssignment[]>;

/**
 * The answer `GET /api/mf/remotes` would give the page's own request: the same visitor (session
 * or guest cookie, given now if missing), the same QA overrides (the page's `?mf_override=`, else
 * the cookie). The host page carries it inline, so its first render needs no round trip and the
 * browser can fetch the assigned releases' entries at once.
 */
export function pageAssignmentsOf(options: Pick<MfRoutesOptions, 'db' | 'registry' | 'overrideKey' | 'devOverrides'>): PageAssignments {
  return async (request, reply) => {
    const query = request.query as Record<string, unknown> | undefined;
    const fromPage = query?.[PAGE_OVERRIDE_QUERY_PARAMETER];
    const override = typeof fromPage === 'string' && fromPage.length <= 8 * OVERRIDE_MAX_LENGTH ? fromPage : undefined;
    const devFromPage = query?.[DEV_OVERRIDE_QUERY_PARAMETER];
    const dev = typeof devFromPage === 'string' && devFromPage.length <= 8 * DEV_OVERRIDE_MAX_LENGTH ? devFromPage : undefined;
    const remotes = await assignmentsOfRequest(options, request, reply, override, dev);
    // The page loads the dev server's scripts: its policy must allow that origin (devOverride.ts).
    const devRemote = remotes.find((assignment) => assignment.channel === 'dev');
    if (devRemote) allowDevOriginOnPage(reply, new URL(devRemote.manifestUrl).origin);
    return remotes;
  };
}

async function assignmentsOfRequest(
  options: Pick<MfRoutesOptions, 'db' | 'registry' | 'overrideKey' | 'devOverrides'>,
  request: FastifyRequest,
  reply: FastifyReply,
  override: string | undefined,
  dev: string | undefined,
): Promise<RemoteAssignment[]> {
  const now = Date.now();
  const overrides = overridesOf(override, request.cookies[OVERRIDE_COOKIE], reply, options.overrideKey, now);
  const key = await visitorKeyOf(options.db, request, reply);
  const releases = new Map([...overrides].map(([remote, grant]) => [remote, grant.releaseId]));
  const assignments = await options.registry.assignmentsFor({ key, overrides: releases });
  if (!options.devOverrides) return assignments;
  return withDevOverride(assignments, devOverrideOf(dev, request.cookies[DEV_OVERRIDE_COOKIE], reply, options.devOverrides, now));
}

/** The error-rate brake: a candidate failing for too many visitors goes back to 0 %. */
async function haltIfFailing(options: MfRoutesOptions, remote: Parameters<typeof haltCandidate>[1], releaseId: string): Promise<void> {
  const rollout = await options.db.selectFrom('mf_rollout').select(['candidate_release_id', 'candidate_percent']).where('remote', '=', remote).executeTakeFirst();
  if (rollout?.candidate_release_id !== releaseId || rollout.candidate_percent === 0) return;
  const health = await releaseHealth(options.db, remote, releaseId, options.haltPolicy.windowSeconds);
  if (!breachesPolicy(health, options.haltPolicy)) return;
  const sample = health.loads + health.errors;
  await haltCandidate(options.db, remote, releaseId, telemetryMessages.halted(health.errorRate, sample), { ...health });
}

/**
 * The overrides of this request: a link's tokens when at least one is valid (then kept in the
 * cookie), else the cookie's (verified again; cleared once none is valid). `?override=` empty
 * clears them. A link with no valid token is ignored: the page is the ordinary one.
 */
function overridesOf(fromLink: string | undefined, fromCookie: string | undefined, reply: FastifyReply, key: Buffer, now: number): Map<RemoteName, VerifiedOverride> {
  if (fromLink === '') {
    if (fromCookie !== undefined) reply.clearCookie(OVERRIDE_COOKIE, { path: '/' });
    return new Map();
  }
  const linked = verifiedOverrides(fromLink, key, now);
  if (linked.size > 0) {
    const expiresAt = Math.max(...[...linked.values()].map((grant) => grant.expiresAt));
    const value = [...linked.values()].map((grant) => grant.token).join(',');
    reply.setCookie(OVERRIDE_COOKIE, value, { path: '/', httpOnly: true, sameSite: 'lax', expires: new Date(expiresAt) });
    return linked;
  }
  const kept = verifiedOverrides(fromCookie, key, now);
  if (kept.size === 0 && fromCookie !== undefined) reply.clearCookie(OVERRIDE_COOKIE, { path: '/' });
  return kept;
}

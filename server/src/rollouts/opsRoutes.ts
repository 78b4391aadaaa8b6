import {
  AuditEntrySchema,
  CanaryRequestSchema,
  Envelope,
  MfReleaseSchema,
  OverrideGrantSchema,
  OverrideRequestSchema,
  PromoteRequestSchema,
  RegisterReleaseRequestSchema,
  ReleaseIdSchema,
  RemoteNameSchema,
  RemoteParamsSchema,
  RollbackRequestSchema,
  RolloutStateSchema,
} from '@sports/shared/server';
import type { Kysely } from 'kysely';
import Type from 'typebox';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { ok } from '../infra/http/envelope';
import type { App } from '../infra/http/types';
import { readAudit } from './audit';
import { createRequireOps, opsActor } from '../infra/http/opsAuth';
import { issueOverride } from './overrideGrants';
import { safeReleasePath } from '@sports/shared/node';
import type { HaltPolicy } from './releaseHealth';
import { findRelease, registerRelease, type ReleaseDeps } from './releases';
import { FileConflictError } from './releaseStore';
import { promote, rollback, startCanary } from './rolloutOperations';
import { rolloutStates } from './rolloutStates';

/** A release's largest file (a remote's biggest chunk with its source map is well under this). */
export const RELEASE_FILE_LIMIT_BYTES = 20 * 1024 * 1024;

export interface OpsRoutesOptions extends ReleaseDeps {
  db: Kysely<Database>;
  opsToken: string;
  haltPolicy: HaltPolicy;
  /** The key QA override tokens are signed with, and their longest life (MF_OVERRIDE_MAX_MINUTES). */
  overrideKey: Buffer;
  overrideMaxMinutes: number;
}

const Ok = { 200: Envelope(Type.Null()) };

/**
 * The rollout control plane's operations (ops only): upload and register releases, canary,
 * promote, roll back, and read states and the audit log. Each change is one transaction with
 * its audit row.
 */
export async function opsRoutes(app: App, options: OpsRoutesOptions): Promise<void> {
  const requireOps = createRequireOps(options.opsToken);
  app.addHook('onRequest', requireOps);
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: RELEASE_FILE_LIMIT_BYTES }, (_request, body, done) => done(null, body));

  app.get('/api/mf/rollouts', { schema: { response: { 200: Envelope(Type.Array(RolloutStateSchema)) } } }, async () =>
    ok(await rolloutStates(options.db, options.store, options.haltPolicy.windowSeconds)),
  );

  app.get(
    '/api/mf/audit',
    {
      schema: {
        querystring: Type.Object({ remote: Type.Optional(RemoteNameSchema), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) }),
        response: { 200: Envelope(Type.Array(AuditEntrySchema)) },
      },
    },
    async (request) => ok(await readAudit(options.db, request.query.remote, request.query.limit ?? 100)),
  );

  app.put(
    '/api/mf/releases/:remote/:releaseId/files/*',
    {
      bodyLimit: RELEASE_FILE_LIMIT_BYTES,
      // The file path (the '*' wildcard) is checked by safeReleasePath: TypeBox cannot name a '*' key.
      schema: { params: Type.Object({ remote: RemoteNameSchema, releaseId: ReleaseIdSchema }), response: Ok },
    },
    async (request) => {
      const { remote, releaseId } = request.params;
      const file = safeReleasePath((request.params as Record<string, string>)['*'] ?? '');
      if (!file) throw errors.RELEASE_BAD_PATH();
      if (!Buffer.isBuffer(request.body)) throw errors.RELEASE_NOT_BINARY();
      if (await findRelease(options.db, remote, releaseId)) throw errors.RELEASE_SEALED();
      try {
        await options.store.writeFile(remote, releaseId, file, request.body);
      } catch (error) {
        if (error instanceof FileConflictError) throw errors.RELEASE_FILE_CONFLICT();
        throw error;
      }
      return ok(null);
    },
  );

  app.post('/api/mf/releases', { schema: { body: RegisterReleaseRequestSchema, response: { 200: Envelope(MfReleaseSchema) } } }, async (request) => {
    const { remote, releaseId, reason } = request.body;
    return ok(await registerRelease(options, { remote, releaseId, actor: opsActor(request), reason: reason ?? 'publish' }));
  });

  app.post('/api/mf/rollouts/:remote/canary', { schema: { params: RemoteParamsSchema, body: CanaryRequestSchema, response: Ok } }, async (request) => {
    await startCanary(options.db, request.params.remote, request.body, opsActor(request));
    return ok(null);
  });

  app.post('/api/mf/rollouts/:remote/promote', { schema: { params: RemoteParamsSchema, body: PromoteRequestSchema, response: Ok } }, async (request) => {
    await promote(options.db, request.params.remote, request.body, opsActor(request));
    return ok(null);
  });

  app.post('/api/mf/rollouts/:remote/rollback', { schema: { params: RemoteParamsSchema, body: RollbackRequestSchema, response: Ok } }, async (request) => {
    await rollback(options.db, request.params.remote, request.body, opsActor(request));
    return ok(null);
  });

  // A QA override token: what the ops page and `pnpm mf override` hand to QA browsers.
  app.post('/api/mf/overrides', { schema: { body: OverrideRequestSchema, response: { 200: Envelope(OverrideGrantSchema) } } }, async (request) => {
    const grant = await issueOverride(options.db, options.overrideKey, request.body, { maxMinutes: options.overrideMaxMinutes, now: Date.now() });
    request.log.info({ remote: grant.remote, releaseId: grant.releaseId, expiresAt: grant.expiresAt, actor: opsActor(request) }, 'QA override token issued');
    return ok({ ...grant, expiresAt: new Date(grant.expiresAt).toISOString() });
  });
}

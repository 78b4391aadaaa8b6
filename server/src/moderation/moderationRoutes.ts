import {
  Envelope,
  ModerationActionBodySchema,
  ModerationActionParamsSchema,
  ModerationActionResultSchema,
  ModerationReportPageSchema,
  ModerationReportsQuerySchema,
  ReportRequestSchema,
  ReportResultSchema,
  SensitiveWordChangeResultSchema,
  SensitiveWordChangeSchema,
  SensitiveWordListSchema,
} from '@sports/shared/server';
import Type from 'typebox';
import { sessionOf } from '../accounts/index';
import { ok } from '../infra/http/envelope';
import { createRequireOps, opsActor } from '../infra/http/opsAuth';
import type { App } from '../infra/http/types';
import { type ActionDeps, actOnReport, createReport, listAudit, listReportGroups } from './reports';
import { changeWords, listWords } from './wordList';

/** `POST api/moderation/report` (login): a member reports a post, comment, chat line, user or headline. */
export async function moderationMemberRoutes(app: App, deps: ActionDeps): Promise<void> {
  app.post('/api/moderation/report', { preHandler: app.requireLogin, schema: { body: ReportRequestSchema, response: { 200: Envelope(ReportResultSchema) } } }, async (request) => {
    const report = await createReport(deps, sessionOf(request).user.id, request.body);
    request.log.info({ reportId: report.id, kind: request.body.kind, targetId: request.body.target_id }, 'moderation report filed');
    return ok(report);
  });
}

const AuditQuerySchema = Type.Object({ cursor: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,17}$' })) }, { additionalProperties: false });

/** `api/ops/moderation/*` (ops token): the word list, the report queue and its actions, the audit. */
export async function moderationOpsRoutes(app: App, deps: ActionDeps & { opsToken: string }): Promise<void> {
  app.addHook('onRequest', createRequireOps(deps.opsToken));

  app.get('/api/ops/moderation/words', { schema: { response: { 200: Envelope(SensitiveWordListSchema) } } }, async () => ok(await listWords(deps.db)));

  app.post('/api/ops/moderation/words', { schema: { body: SensitiveWordChangeSchema, response: { 200: Envelope(SensitiveWordChangeResultSchema) } } }, async (request) => {
    const result = await changeWords(deps.db, request.body, opsActor(request));
    // This node applies it at once; the others when they next poll the version (moderationPlugin.ts).
    await deps.port.reloadWords();
    request.log.info({ added: result.added.length, removed: result.removed.length, version: result.version }, 'sensitive words changed');
    return ok(result);
  });

  app.get('/api/ops/moderation/reports', { schema: { querystring: ModerationReportsQuerySchema, response: { 200: Envelope(ModerationReportPageSchema) } } }, async (request) =>
    ok(await listReportGroups(deps, request.query)),
  );

  app.post(
    '/api/ops/moderation/reports/:id/:action',
    { schema: { params: ModerationActionParamsSchema, body: Type.Optional(ModerationActionBodySchema), response: { 200: Envelope(ModerationActionResultSchema) } } },
    async (request) => {
      const result = await actOnReport(deps, request.params.id, request.params.action, request.body ?? {}, opsActor(request));
      request.log.info({ reportId: request.params.id, ...result }, 'moderation action');
      return ok(result);
    },
  );

  app.get('/api/ops/moderation/actions', { schema: { querystring: AuditQuerySchema } }, async (request) =>
    ok(await listAudit(deps.db, request.query.cursor === undefined ? undefined : Number(request.query.cursor))),
  );
}

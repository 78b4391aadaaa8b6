import {
  Envelope,
  HeadlineCategoryListSchema,
  HeadlineDetailSchema,
  HeadlineHistoryPageSchema,
  HeadlineHistoryQuerySchema,
  HeadlineIdQuerySchema,
  HeadlineLikeRequestSchema,
  HeadlineLikeResultSchema,
  HeadlineListQuerySchema,
  HeadlinePageSchema,
  HeadlineReadResultSchema,
  OpsHeadlineIdParamsSchema,
  OpsHeadlineListQuerySchema,
  OpsHeadlinePageSchema,
  OpsHeadlinePreviewRequestSchema,
  OpsHeadlinePreviewSchema,
  OpsHeadlineSchema,
  OpsHeadlineStateRequestSchema,
  OpsHeadlineWriteSchema,
} from '@sports/shared/server';
import Type from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { lookupSession, presentedToken, sessionOf } from '../../accounts/index';
import type { Clock } from '../../infra/clock';
import type { Database } from '../../infra/db/schema';
import { ok } from '../../infra/http/envelope';
import { errors } from '../../infra/http/errorCatalogue';
import { createRequireOps, opsActor } from '../../infra/http/opsAuth';
import type { App } from '../../infra/http/types';
import { coverCardSvg } from './coverCard';
import { GuestViews, categories, headlineDetail, listHeadlines, readingHistory, recordRead, toggleLike } from './headlines';
import { createHeadline, editHeadline, listForOps, oneForOps, setHeadlineState } from './headlinesOps';
import { renderMarkdown } from './markdown';
import { coverCardData } from './matchReports';
import { previewCardData } from './demoArticles';
import { chinaMonthDayMinute } from '../../infra/chinaTime';

export interface HeadlineDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** The signed-in reader of a public page, or null (a stale token reads as a guest, never an error). */
async function optionalUserId(db: Kysely<Database>, clock: Clock, request: FastifyRequest): Promise<number | null> {
  const token = presentedToken(request);
  if (token === null) return null;
  const lookup = await lookupSession(db, token, clock());
  return lookup.kind === 'active' ? lookup.session.user.id : null;
}

const CoverParamsSchema = Type.Object({ name: Type.String({ pattern: '^(match|preview)-[1-9][0-9]{0,14}\\.svg$', maxLength: 30 }) }, { additionalProperties: false });

/** `api/Headlines/*`, `api/Headlines_user/*` and the report covers at /static/headline-covers/. */
export async function headlineRoutes(app: App, { db, clock }: HeadlineDeps): Promise<void> {
  const guestViews = new GuestViews();
  const login = { preHandler: app.requireLogin };

  app.get('/api/Headlines/classifyList', { schema: { response: { 200: Envelope(HeadlineCategoryListSchema) } } }, async () => ok(await categories(db)));

  app.get('/api/Headlines/getList', { schema: { querystring: HeadlineListQuerySchema, response: { 200: Envelope(HeadlinePageSchema) } } }, async (request) =>
    ok(await listHeadlines(db, request.query)),
  );

  app.get('/api/Headlines/detail', { schema: { querystring: HeadlineIdQuerySchema, response: { 200: Envelope(HeadlineDetailSchema) } } }, async (request) =>
    ok(await headlineDetail(db, request.query.id, await optionalUserId(db, clock, request))),
  );

  // Writes the member's reading history (and the view count): the CSRF rule applies, as to a POST.
  app.get('/api/Headlines_user/insert', { config: { changesState: true }, schema: { querystring: HeadlineIdQuerySchema, response: { 200: Envelope(HeadlineReadResultSchema) } } }, async (request) =>
    ok(await recordRead(db, request.query.id, { userId: await optionalUserId(db, clock, request), ip: request.ip }, guestViews, clock())),
  );

  app.post('/api/Headlines_user/like', { ...login, schema: { body: HeadlineLikeRequestSchema, response: { 200: Envelope(HeadlineLikeResultSchema) } } }, async (request) =>
    ok(await toggleLike(db, request.body.id, sessionOf(request).user.id)),
  );

  app.get('/api/Headlines_user/history', { ...login, schema: { querystring: HeadlineHistoryQuerySchema, response: { 200: Envelope(HeadlineHistoryPageSchema) } } }, async (request) =>
    ok(await readingHistory(db, sessionOf(request).user.id, request.query)),
  );

  app.get('/static/headline-covers/:name', { schema: { params: CoverParamsSchema } }, async (request, reply) => {
    const preview = request.params.name.startsWith('preview-');
    const matchId = Number(request.params.name.slice(preview ? 'preview-'.length : 'match-'.length, -'.svg'.length));
    const headers = () => {
      reply.header('Content-Type', 'image/svg+xml; charset=utf-8');
      reply.header('Cache-Control', 'public, max-age=86400');
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    };
    if (preview) {
      const card = Number.isSafeInteger(matchId) ? await previewCardData(db, matchId) : undefined;
      if (card === undefined) throw errors.NOT_FOUND();
      headers();
      return reply.send(
        coverCardSvg({
          homeId: card.home_team_id,
          awayId: card.away_team_id,
          home: card.home,
          away: card.away,
          homeScore: 0,
          awayScore: 0,
          caption: card.caption,
          centre: 'VS',
          footer: `赛前前瞻 · ${chinaMonthDayMinute(card.kickoff_at)}`,
        }),
      );
    }
    const card = Number.isSafeInteger(matchId) ? await coverCardData(db, matchId) : undefined;
    if (card === undefined) throw errors.NOT_FOUND();
    headers();
    return reply.send(
      coverCardSvg({ homeId: card.home_team_id, awayId: card.away_team_id, home: card.home, away: card.away, homeScore: card.home_score, awayScore: card.away_score, caption: card.caption }),
    );
  });
}

/** `api/ops/headlines`: the editors' list, create, edit, publish/unpublish/hide and preview, behind the ops token; every change audited. */
export async function headlineOpsRoutes(app: App, { db, clock, opsToken }: HeadlineDeps & { opsToken: string }): Promise<void> {
  app.addHook('onRequest', createRequireOps(opsToken));
  const editorOf = (request: FastifyRequest) => ({ actor: opsActor(request), ip: request.ip });

  app.get('/api/ops/headlines', { schema: { querystring: OpsHeadlineListQuerySchema, response: { 200: Envelope(OpsHeadlinePageSchema) } } }, async (request) =>
    ok(await listForOps(db, request.query)),
  );

  app.get('/api/ops/headlines/:id', { schema: { params: OpsHeadlineIdParamsSchema, response: { 200: Envelope(OpsHeadlineSchema) } } }, async (request) =>
    ok(await oneForOps(db, request.params.id)),
  );

  app.post('/api/ops/headlines', { schema: { body: OpsHeadlineWriteSchema, response: { 200: Envelope(OpsHeadlineSchema) } } }, async (request) => {
    const headline = await createHeadline(db, request.body, editorOf(request), clock());
    request.log.info({ headlineId: headline.id, actor: opsActor(request) }, 'headline created');
    return ok(headline);
  });

  app.post('/api/ops/headlines/preview', { schema: { body: OpsHeadlinePreviewRequestSchema, response: { 200: Envelope(OpsHeadlinePreviewSchema) } } }, async (request) =>
    ok({ body_html: renderMarkdown(request.body.body) }),
  );

  app.post('/api/ops/headlines/:id', { schema: { params: OpsHeadlineIdParamsSchema, body: OpsHeadlineWriteSchema, response: { 200: Envelope(OpsHeadlineSchema) } } }, async (request) => {
    const headline = await editHeadline(db, request.params.id, request.body, editorOf(request), clock());
    request.log.info({ headlineId: headline.id, actor: opsActor(request) }, 'headline edited');
    return ok(headline);
  });

  app.post(
    '/api/ops/headlines/:id/state',
    { schema: { params: OpsHeadlineIdParamsSchema, body: OpsHeadlineStateRequestSchema, response: { 200: Envelope(OpsHeadlineSchema) } } },
    async (request) => {
      const headline = await setHeadlineState(db, request.params.id, request.body.state, editorOf(request), clock());
      request.log.info({ headlineId: headline.id, state: headline.state, actor: opsActor(request) }, 'headline state set');
      return ok(headline);
    },
  );
}

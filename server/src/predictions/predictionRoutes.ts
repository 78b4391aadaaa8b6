import {
  Envelope,
  PredictionCancelRequestSchema,
  PredictionCreateRequestSchema,
  PredictionInfoQuerySchema,
  PredictionListQuerySchema,
  PredictionListSchema,
  PredictionSchema,
  PredictionStakeRequestSchema,
  PredictionStakeResultSchema,
} from '@sports/shared/server';
import type { FastifyRequest } from 'fastify';
import { presentedToken, sessionOf } from '../accounts/index';
import { ok } from '../infra/http/envelope';
import { errors } from '../infra/http/errorCatalogue';
import { OPS_TOKEN_HEADER, createRequireOps, opsActor } from '../infra/http/opsAuth';
import type { App } from '../infra/http/types';
import { idempotencyKeyOf } from '../wallet/index';
import type { Actor, PredictionService } from './predictionService';

export interface PredictionRoutesOptions {
  service: PredictionService;
  opsToken: string;
}

/**
 * `api/Prediction/*` (issue 35; predictions/README.md), in the envelope: create, list (a room's,
 * or the member's history with mine=1), info, stake (Idempotency-Key), cancel. Create and cancel:
 * the room's anchor or an admin (signed in), or ops (the `x-ops-token` header).
 */
export async function predictionRoutes(app: App, { service, opsToken }: PredictionRoutesOptions): Promise<void> {
  const requireOps = createRequireOps(opsToken);
  const login = { preHandler: app.requireLogin };

  /** Ops when the ops header is presented (and right), else the signed-in member. */
  async function actorOf(request: FastifyRequest): Promise<Actor> {
    if (request.headers[OPS_TOKEN_HEADER] !== undefined) {
      await requireOps(request);
      return { kind: 'ops', name: opsActor(request) };
    }
    await app.requireLogin(request);
    return { kind: 'member', userId: sessionOf(request).user.id };
  }

  /** The signed-in viewer, if any (reads work for guests). */
  async function viewerOf(request: FastifyRequest): Promise<number | null> {
    if (presentedToken(request) === null) return null;
    try {
      await app.requireLogin(request);
      return sessionOf(request).user.id;
    } catch {
      return null;
    }
  }

  app.post('/api/Prediction/create', { config: { changesState: true }, schema: { summary: '发起竞猜: the room\'s anchor, an admin or ops opens a prediction (a template bound to the room\'s match, or custom outcomes); locks at kick-off or lock_in_seconds from now', body: PredictionCreateRequestSchema, response: { 200: Envelope(PredictionSchema) } } }, async (request) =>
    ok(await service.create(await actorOf(request), request.body)),
  );

  app.get('/api/Prediction/list', { schema: { summary: 'A room\'s predictions (room_id), or the signed-in member\'s history (mine=1: the predictions they staked on, with their stake and payout); newest first, keyset by next_cursor', querystring: PredictionListQuerySchema, response: { 200: Envelope(PredictionListSchema) } } }, async (request) => {
    const query = request.query;
    const limit = query.limit ?? 20;
    if (query.mine === 1) {
      await app.requireLogin(request);
      return ok(await service.listMine(sessionOf(request).user.id, query.cursor, limit));
    }
    if (query.room_id === undefined) throw errors.VALIDATION('请提供 room_id 或 mine=1');
    return ok(await service.listRoom(query.room_id, await viewerOf(request), query.cursor, limit));
  });

  app.get('/api/Prediction/info', { schema: { summary: 'One prediction with its live tallies (each outcome\'s pool and share) and the viewer\'s stake', querystring: PredictionInfoQuerySchema, response: { 200: Envelope(PredictionSchema) } } }, async (request) =>
    ok(await service.info(request.query.id, await viewerOf(request))),
  );

  app.post('/api/Prediction/stake', { config: { changesState: true }, ...login, schema: { summary: '下注: stake points on one outcome (Idempotency-Key; one stake per member and prediction); refused after the lock (the database clock), over the balance, or a non-integer / <1 / too large amount', body: PredictionStakeRequestSchema, response: { 200: Envelope(PredictionStakeResultSchema) } } }, async (request) => {
    const key = idempotencyKeyOf(request);
    return ok(await service.stake(sessionOf(request).user.id, request.body, key));
  });

  app.post('/api/Prediction/cancel', { config: { changesState: true }, schema: { summary: 'Cancel an open or locked prediction (the room\'s anchor, an admin or ops): every stake refunded, once', body: PredictionCancelRequestSchema, response: { 200: Envelope(PredictionSchema) } } }, async (request) =>
    ok(await service.cancel(await actorOf(request), request.body.id)),
  );
}

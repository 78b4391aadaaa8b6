import { Envelope, HornListQuerySchema, HornPageSchema, SneHornQuerySchema, SneHornResultSchema } from '@sports/shared/server';
import { sessionOf } from '../../accounts/index';
import { ok } from '../../infra/http/envelope';
import type { App } from '../../infra/http/types';
import { tellTheRoom } from '../chatOutlet';
import { idempotencyKeyOf } from '../walletRoutes';
import { type HornDeps, listHorns, sendHorn } from './horns';

/** `api/Member/sneHorn` (login, Idempotency-Key) and `api/Member/hornList`. */
export async function hornRoutes(app: App, deps: HornDeps): Promise<void> {
  app.get('/api/Member/sneHorn', { config: { changesState: true }, preHandler: app.requireLogin, schema: { querystring: SneHornQuerySchema, response: { 200: Envelope(SneHornResultSchema) } } }, async (request) => {
    const idempotencyKey = idempotencyKeyOf(request);
    const outcome = await sendHorn(deps, sessionOf(request).user.id, { text: request.query.text, idempotencyKey });
    // After commit: every connected viewer of every room, on every node (a replay sends nothing).
    // The answer is the committed horn, whatever the telling does (chatOutlet.ts).
    tellTheRoom(deps.chat, request.log, outcome.horn === null ? null : { kind: 'horn', horn: outcome.horn });
    return ok(outcome.result);
  });

  app.get('/api/Member/hornList', { schema: { querystring: HornListQuerySchema, response: { 200: Envelope(HornPageSchema) } } }, async (request) => ok(await listHorns(deps.db, request.query, deps.price)));
}

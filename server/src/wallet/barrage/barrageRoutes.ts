import { BarrageListQuerySchema, BarrageListSchema, BarrageSendQuerySchema, BarrageSendResultSchema, Envelope } from '@sports/shared/server';
import { sessionOf } from '../../accounts/index';
import { ok } from '../../infra/http/envelope';
import type { App } from '../../infra/http/types';
import { tellTheRoom } from '../chatOutlet';
import { idempotencyKeyOf } from '../walletRoutes';
import { type BarrageDeps, barrageList, sendBarrage } from './barrage';

/** `api/Barrage/getList` (the styles and a room's recent danmaku) and `api/Barrage/send` (login; a paid style takes Idempotency-Key). */
export async function barrageRoutes(app: App, deps: BarrageDeps): Promise<void> {
  app.get('/api/Barrage/getList', { schema: { querystring: BarrageListQuerySchema, response: { 200: Envelope(BarrageListSchema) } } }, async (request) => ok(await barrageList(deps, request.query.room_id)));

  app.get('/api/Barrage/send', { config: { changesState: true }, preHandler: app.requireLogin, schema: { querystring: BarrageSendQuerySchema, response: { 200: Envelope(BarrageSendResultSchema) } } }, async (request) => {
    // The key is read when sent (a malformed one is refused); a paid style requires it.
    const idempotencyKey = request.headers['idempotency-key'] === undefined ? null : idempotencyKeyOf(request);
    const { query } = request;
    const senderId = sessionOf(request).user.id;
    const outcome = await sendBarrage(deps, senderId, { roomId: query.room_id, text: query.text, styleId: query.style_id ?? null, idempotencyKey });
    // After commit: the room sees it fly, as a chat socket's danmaku (a replay sends nothing).
    // The answer is the committed send, whatever the telling does (chatOutlet.ts).
    tellTheRoom(deps.chat, request.log, outcome.delivery === null ? null : { kind: 'danmaku', memberId: senderId, ...outcome.delivery });
    return ok(outcome.result);
  });
}

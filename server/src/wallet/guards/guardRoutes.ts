import { Envelope, GuardBuyQuerySchema, GuardBuyResultSchema, GuardRoomListQuerySchema, GuardRoomListSchema, GuardTierListSchema } from '@sports/shared/server';
import { sessionOf } from '../../accounts/index';
import { ok } from '../../infra/http/envelope';
import { errors } from '../../infra/http/errorCatalogue';
import type { App } from '../../infra/http/types';
import { optionalViewerId } from '../../live/index';
import { type ChatOutlet, tellTheRoom } from '../chatOutlet';
import { idempotencyKeyOf } from '../walletRoutes';
import { type GuardDeps, buyGuard, listGuardTiers, roomGuards } from './guards';

/** `api/Guard/getList` (the tiers), `api/Guard/roomList` (a room's guards and the viewer's own), `api/guard_user/buy`. */
export async function guardRoutes(app: App, deps: GuardDeps & { chat: ChatOutlet }): Promise<void> {
  app.get('/api/Guard/getList', { schema: { response: { 200: Envelope(GuardTierListSchema) } } }, async () => ok(await listGuardTiers(deps.db)));

  app.get('/api/Guard/roomList', { schema: { querystring: GuardRoomListQuerySchema, response: { 200: Envelope(GuardRoomListSchema) } } }, async (request) => {
    const room = await deps.db.selectFrom('live_room').select('id').where('id', '=', request.query.room_id).executeTakeFirst();
    if (room === undefined) throw errors.WALLET_GUARD_ROOM_NOT_FOUND();
    const viewerId = await optionalViewerId(deps.db, deps.clock, request);
    return ok(await roomGuards(deps.db, room.id, viewerId, deps.clock()));
  });

  app.get('/api/guard_user/buy', { config: { changesState: true }, preHandler: app.requireLogin, schema: { querystring: GuardBuyQuerySchema, response: { 200: Envelope(GuardBuyResultSchema) } } }, async (request) => {
    const idempotencyKey = idempotencyKeyOf(request);
    const { query } = request;
    const outcome = await buyGuard(deps, sessionOf(request).user.id, { roomId: query.room_id, tierId: query.guard_id, months: query.months, idempotencyKey });
    // After commit: the chat shows the badge from the next message and announces it; a replay
    // announces nothing. The answer is the committed purchase, whatever the telling does (chatOutlet.ts).
    tellTheRoom(deps.chat, request.log, outcome.event === null ? null : { kind: 'guard', guard: outcome.event });
    return ok(outcome.result);
  });
}

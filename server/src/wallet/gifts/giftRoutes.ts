import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  Envelope,
  GiftListSchema,
  HandselGiftQuerySchema,
  HandselGiftResultSchema,
  RoomRankQuerySchema,
  RoomRankSchema,
  UserGiftListQuerySchema,
  UserGiftPageSchema,
} from '@sports/shared/server';
import { SessionLookups, batchedRequireLogin, sessionOf } from '../../accounts/index';
import { SERVER_DIR } from '../../infra/config/serverPaths';
import { ok } from '../../infra/http/envelope';
import { errors } from '../../infra/http/errorCatalogue';
import type { App } from '../../infra/http/types';
import { type ChatOutlet, tellTheRoom } from '../chatOutlet';
import { idempotencyKeyOf } from '../walletRoutes';
import { GiftBatcher } from './giftBatcher';
import { type GiftDeps, listGifts, listUserGifts, roomRank, sendGift } from './gifts';

export const GIFT_ICONS_DIR = path.join(SERVER_DIR, 'static', 'gifts');
export const GIFT_ICONS_URL_PREFIX = '/static/gifts/';

/** `api/Gift/*`, `api/member/handselGift`, and the gift icons at /static/gifts/ (served like the preset avatars). */
export async function giftRoutes(app: App, deps: GiftDeps & { chat: ChatOutlet }): Promise<void> {
  const login = { preHandler: app.requireLogin };
  // Sends are applied in batches, one statement and one commit each (giftBatcher.ts).
  const batcher = new GiftBatcher({
    db: deps.db,
    clock: deps.clock,
    anchorSharePercent: deps.anchorSharePercent,
    hotShards: deps.ledger.hotShards,
    onBatchError: (error, sends) => app.log.error({ err: error, sends }, 'gift batch failed: its sends were refused, nothing applied'),
  });
  app.addHook('onClose', () => batcher.drain());

  await app.register(fastifyStatic, {
    root: GIFT_ICONS_DIR,
    prefix: GIFT_ICONS_URL_PREFIX,
    decorateReply: false,
    index: false,
    cacheControl: false,
    dotfiles: 'deny',
    setHeaders: (reply) => {
      reply.header('Cache-Control', 'public, max-age=86400');
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    },
  });

  app.get('/api/Gift/getList', { schema: { response: { 200: Envelope(GiftListSchema) } } }, async () => ok(await listGifts(deps.db)));

  // The hot route (bench:gifts): its answer is a few hundred bytes of JSON, under the compression
  // threshold anyway, so the compress hooks are left off; its request lines are not logged (info),
  // while what goes wrong still is (a failed batch and 5xx at error, database-caught input at warn).
  // Its sessions are read together, as its sends are applied (accounts/sessions/batchedLogin.ts: the same rules and
  // errors as app.requireLogin, one query for the tokens that arrived meanwhile).
  const hot = { compress: false as const, decompress: false as const, logLevel: 'warn' as const };
  const sessions = new SessionLookups({ db: deps.db, clock: deps.clock });
  app.get('/api/member/handselGift', { config: { changesState: true }, preHandler: batchedRequireLogin(sessions), ...hot, schema: { querystring: HandselGiftQuerySchema, response: { 200: Envelope(HandselGiftResultSchema) } } }, async (request) => {
    const idempotencyKey = idempotencyKeyOf(request);
    const { query } = request;
    const outcome = await sendGift(batcher, sessionOf(request).user.id, { roomId: query.room_id, giftId: query.gift_id, count: query.count, idempotencyKey });
    // After commit: the room hears it (the chat posts the gift line); a replay announces nothing.
    // The answer is the committed send, whatever the telling does (chatOutlet.ts).
    tellTheRoom(deps.chat, request.log, outcome.event === null ? null : { kind: 'gift', gift: outcome.event });
    return ok(outcome.result);
  });

  app.get('/api/Gift/getUserGiftList', { ...login, schema: { querystring: UserGiftListQuerySchema, response: { 200: Envelope(UserGiftPageSchema) } } }, async (request) =>
    ok(await listUserGifts(deps.db, sessionOf(request).user.id, request.query)),
  );

  app.get('/api/Gift/roomRank', { schema: { querystring: RoomRankQuerySchema, response: { 200: Envelope(RoomRankSchema) } } }, async (request) => {
    const room = await deps.db.selectFrom('live_room').select('id').where('id', '=', request.query.room_id).executeTakeFirst();
    if (room === undefined) throw errors.WALLET_GIFT_ROOM_NOT_FOUND();
    return ok(await roomRank(deps.db, room.id, request.query.period, deps.clock()));
  });
}

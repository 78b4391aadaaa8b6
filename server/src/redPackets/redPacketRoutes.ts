import {
  Envelope,
  OpsRedPacketListSchema,
  OpsRedPacketQuerySchema,
  RedPacketCreateQuerySchema,
  RedPacketCreateResultSchema,
  RedPacketGrabResultSchema,
  RedPacketIdQuerySchema,
  RedPacketListQuerySchema,
  RedPacketListSchema,
  RedPacketSchema,
} from '@sports/shared/server';
import type { Kysely } from 'kysely';
import { SessionLookups, batchedRequireLogin, sessionOf } from '../accounts/index';
import type { Clock } from '../infra/clock';
import type { Database } from '../infra/db/schema';
import { ok } from '../infra/http/envelope';
import { errors } from '../infra/http/errorCatalogue';
import { createRequireOps } from '../infra/http/opsAuth';
import type { App } from '../infra/http/types';
import { optionalViewerId } from '../live/index';
import { idempotencyKeyOf } from '../wallet/index';
import { type RedPacketOutlet, announceGrabbed, announceOpened } from './redPacketAnnouncements';
import { opsRedPackets } from './redPacketOps';
import type { GrabBatcher } from './redPacketGrabBatcher';
import type { RedPacketPasswords } from './redPacketPasswords';
import { type SeenPackets, createPacket, findPacket, grabPacket, normalisePassword } from './redPacketService';
import type { RedPacketsConfig } from './redPacketsConfig';
import { nicknameOf, packetView, roomPacketIds } from './redPacketView';

export interface RedPacketRoutesOptions {
  db: Kysely<Database>;
  config: RedPacketsConfig;
  clock: Clock;
  outlet: RedPacketOutlet;
  passwords: RedPacketPasswords;
  /** Packets this node saw emptied (late grabs answered cheaply). */
  emptied: SeenPackets;
  /** The grabs in flight claimed together (one transaction per batch). */
  batcher: GrabBatcher;
  /** A grab that may have emptied the packet: finish it now rather than at the next sweep. */
  finishSoon: (packetId: number) => void;
}

/** The device a grab counts for: the site's visitor cookie (rollouts' `vid`, the SPEC's youkeid), when well formed. */
const VISITOR_COOKIE = 'vid';
const DEVICE = /^[A-Za-z0-9_-]{16,64}$/;

/** `api/RedPacket/create|grab|info|list` (README.md). */
export async function redPacketRoutes(app: App, options: RedPacketRoutesOptions): Promise<void> {
  const { db, config, clock, outlet, passwords } = options;
  const login = { preHandler: app.requireLogin };

  app.post('/api/RedPacket/create', { ...login, schema: { summary: '发红包 (login, Idempotency-Key): total_coins whole coins from the balance into escrow, split at random into `shares` (each >= 1) from a seed whose sha-256 is shown at once; followers_only, password (口令: members send it as a chat line), expiry_seconds (default 600)', querystring: RedPacketCreateQuerySchema, response: { 200: Envelope(RedPacketCreateResultSchema) } } }, async (request) => {
    const idempotencyKey = idempotencyKeyOf(request);
    const { query } = request;
    const password = query.password === undefined ? null : normalisePassword(query.password);
    if (query.password !== undefined && password === null) throw errors.RED_PACKET_BAD_PASSWORD();
    const userId = sessionOf(request).user.id;
    const created = await createPacket(db, config, { funderId: userId, roomId: query.room_id, totalCoins: query.total_coins, shares: query.shares, followersOnly: query.followers_only === 1, password, expirySeconds: query.expiry_seconds ?? null, idempotencyKey }, clock());
    if (!created.replayed) {
      request.log.info({ packetId: created.packet.id, roomId: created.packet.room_id, coins: created.packet.total_coins, shares: created.packet.shares }, 'red packets: opened');
      if (created.packet.password !== null) passwords.add(created.packet.room_id, created.packet.password);
      announceOpened(outlet, request.log, created.packet, await nicknameOf(db, userId));
    }
    return ok({ packet: await packetView(db, created.packet, userId), balance: created.balance });
  });

  // The hot route (a room grabs together: bench:redpacket): the sessions of the grabs in flight are
  // read in one query (accounts/sessions/batchedLogin.ts: requireLogin's rules and errors, nothing
  // cached), and its request lines are not logged at info (what goes wrong still is).
  const grabSessions = new SessionLookups({ db, clock });
  app.post('/api/RedPacket/grab', { preHandler: batchedRequireLogin(grabSessions), logLevel: 'warn', schema: { summary: '抢红包 (login): the next share, paid at once; once per member (RED_PACKET_ALREADY_GRABBED), followers only and 口令 checked here, limits per address and device', querystring: RedPacketIdQuerySchema, response: { 200: Envelope(RedPacketGrabResultSchema) } } }, async (request) => {
    const userId = sessionOf(request).user.id;
    const cookie = request.cookies[VISITOR_COOKIE];
    const outcome = await grabPacket(db, config, { memberId: userId, packetId: request.query.packet_id, ip: request.ip ?? null, device: cookie !== undefined && DEVICE.test(cookie) ? cookie : null }, clock(), options.emptied, options.batcher);
    announceGrabbed(outlet, request.log, outcome.packet, outcome.packet.funder_nickname, outcome.memberNickname, outcome.amount);
    if (outcome.index === outcome.packet.shares - 1) options.finishSoon(outcome.packet.id);
    return ok({ packet_id: outcome.packet.id, amount: outcome.amount, balance: outcome.balance });
  });

  app.get('/api/RedPacket/info', { schema: { summary: 'A red packet: its grabs (手气最佳 once finished), the viewer\'s share, the seed hash (the seed once finished, to verify the split: README.md)', querystring: RedPacketIdQuerySchema, response: { 200: Envelope(RedPacketSchema) } } }, async (request) => {
    const packet = await findPacket(db, request.query.packet_id);
    if (packet === null) throw errors.RED_PACKET_NOT_FOUND();
    return ok(await packetView(db, packet, await optionalViewerId(db, clock, request)));
  });

  app.get('/api/RedPacket/list', { schema: { summary: 'A room\'s red packets, newest first (at most 20)', querystring: RedPacketListQuerySchema, response: { 200: Envelope(RedPacketListSchema) } } }, async (request) => {
    const room = await db.selectFrom('live_room').select('id').where('id', '=', request.query.room_id).executeTakeFirst();
    if (room === undefined) throw errors.RED_PACKET_ROOM_NOT_FOUND();
    const viewerId = await optionalViewerId(db, clock, request);
    const list = [];
    for (const id of await roomPacketIds(db, room.id)) {
      const packet = await findPacket(db, id);
      if (packet !== null) list.push(await packetView(db, packet, viewerId));
    }
    return ok({ list });
  });
}

/** `api/ops/redPackets` (ops token): every packet with its seed, shares, grabbers' addresses and ledger sets. */
export async function redPacketOpsRoutes(app: App, { db, opsToken }: { db: Kysely<Database>; opsToken: string }): Promise<void> {
  app.addHook('onRequest', createRequireOps(opsToken));
  app.get('/api/ops/redPackets', { schema: { summary: 'Ops: red packets with the audit trail (seed, shares, payouts)', querystring: OpsRedPacketQuerySchema, response: { 200: Envelope(OpsRedPacketListSchema) } } }, async (request) => ok(await opsRedPackets(db, request.query.room_id)));
}

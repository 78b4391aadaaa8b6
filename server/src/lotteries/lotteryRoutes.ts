import {
  Envelope,
  LotteryCancelResultSchema,
  LotteryCreateQuerySchema,
  LotteryCreateResultSchema,
  LotteryEnterResultSchema,
  LotteryIdQuerySchema,
  LotteryListQuerySchema,
  LotteryListSchema,
  LotterySchema,
  OpsLotteryListSchema,
  OpsLotteryQuerySchema,
} from '@sports/shared/server';
import type { Kysely } from 'kysely';
import { sessionOf } from '../accounts/index';
import type { Clock } from '../infra/clock';
import type { Database } from '../infra/db/schema';
import { ok } from '../infra/http/envelope';
import { errors } from '../infra/http/errorCatalogue';
import { createRequireOps } from '../infra/http/opsAuth';
import type { App } from '../infra/http/types';
import { optionalViewerId } from '../live/index';
import { idempotencyKeyOf } from '../wallet/index';
import type { LotteriesConfig } from './lotteriesConfig';
import { type LotteryOutlet, announceCancelled, announceOpened } from './lotteryAnnouncements';
import { opsLotteries } from './lotteryOps';
import type { LotteryPasswords } from './lotteryPasswords';
import { balanceShown, cancelLottery, createLottery, enterLottery, findLottery } from './lotteryService';
import { lotteryView, roomLotteryIds } from './lotteryView';

export interface LotteryRoutesOptions {
  db: Kysely<Database>;
  config: LotteriesConfig;
  clock: Clock;
  outlet: LotteryOutlet;
  passwords: LotteryPasswords;
  /** The one word filter (moderation/): true when the text may be shown. */
  allowed: (text: string) => boolean;
}

/** The device an entry counts for: the site's visitor cookie (`vid`), when well formed (as red packets). */
const VISITOR_COOKIE = 'vid';
const DEVICE = /^[A-Za-z0-9_-]{16,64}$/;

/** `api/Lottery/create|enter|info|list|cancel` (README.md). */
export async function lotteryRoutes(app: App, options: LotteryRoutesOptions): Promise<void> {
  const { db, config, clock, outlet, passwords, allowed } = options;
  const login = { preHandler: app.requireLogin };

  app.post('/api/Lottery/create', { ...login, schema: { summary: '发起天选时刻 (the room\'s anchor, Idempotency-Key): prize_coins per winner (winners × prize_coins from the balance into escrow) or prize_item (1-40 characters), winners, window_seconds, condition follow | password (口令 sent as a danmaku) | medal (medal_level); the seed\'s sha-256 shown at once, the winners drawn at the window\'s end', querystring: LotteryCreateQuerySchema, response: { 200: Envelope(LotteryCreateResultSchema) } } }, async (request) => {
    const idempotencyKey = idempotencyKeyOf(request);
    const { query } = request;
    const userId = sessionOf(request).user.id;
    const created = await createLottery(
      db,
      config,
      { anchorId: userId, roomId: query.room_id, prizeCoins: query.prize_coins, prizeItem: query.prize_item, winners: query.winners, windowSeconds: query.window_seconds, condition: query.condition, password: query.password, medalLevel: query.medal_level, idempotencyKey },
      clock(),
      allowed,
    );
    if (!created.replayed) {
      request.log.info({ lotteryId: created.lottery.id, roomId: created.lottery.room_id, prizeCoins: created.lottery.prize_coins, winners: created.lottery.winners }, 'lotteries: opened');
      if (created.lottery.password !== null) passwords.add(created.lottery.room_id, created.lottery.password);
      announceOpened(outlet, request.log, created.lottery);
    }
    return ok({ lottery: await lotteryView(db, created.lottery, userId), balance: created.balance });
  });

  app.post('/api/Lottery/enter', { ...login, schema: { summary: '参与天选时刻 (login): once per member (LOTTERY_ALREADY_ENTERED), within the window, the condition (follow, medal level) and the limits per address and device checked here; a 口令 lottery is entered by sending the 口令 in the room\'s chat', querystring: LotteryIdQuerySchema, response: { 200: Envelope(LotteryEnterResultSchema) } } }, async (request) => {
    const userId = sessionOf(request).user.id;
    const cookie = request.cookies[VISITOR_COOKIE];
    const entered = await enterLottery(db, config, { memberId: userId, lotteryId: request.query.lottery_id, ip: request.ip ?? null, device: cookie !== undefined && DEVICE.test(cookie) ? cookie : null }, clock());
    return ok({ lottery_id: entered.lottery.id, entrants: entered.entrants });
  });

  app.get('/api/Lottery/info', { schema: { summary: 'A lottery: its prize, condition, window, entrants, the viewer\'s entry and win; once drawn the seed, the entrants\' ids and the winners (to verify the draw: README.md)', querystring: LotteryIdQuerySchema, response: { 200: Envelope(LotterySchema) } } }, async (request) => {
    const lottery = await findLottery(db, request.query.lottery_id);
    if (lottery === null) throw errors.LOTTERY_NOT_FOUND();
    return ok(await lotteryView(db, lottery, await optionalViewerId(db, clock, request)));
  });

  app.get('/api/Lottery/list', { schema: { summary: 'A room\'s lotteries, newest first (at most 20)', querystring: LotteryListQuerySchema, response: { 200: Envelope(LotteryListSchema) } } }, async (request) => {
    const room = await db.selectFrom('live_room').select('id').where('id', '=', request.query.room_id).executeTakeFirst();
    if (room === undefined) throw errors.LOTTERY_ROOM_NOT_FOUND();
    const viewerId = await optionalViewerId(db, clock, request);
    const list = [];
    for (const id of await roomLotteryIds(db, room.id)) {
      const lottery = await findLottery(db, id);
      if (lottery !== null) list.push(await lotteryView(db, lottery, viewerId));
    }
    return ok({ list });
  });

  app.post('/api/Lottery/cancel', { ...login, schema: { summary: '取消天选时刻 (its anchor, before the draw): a coin prize goes back whole', querystring: LotteryIdQuerySchema, response: { 200: Envelope(LotteryCancelResultSchema) } } }, async (request) => {
    const userId = sessionOf(request).user.id;
    const cancelled = await cancelLottery(db, request.query.lottery_id, userId, clock());
    request.log.info({ lotteryId: cancelled.lottery.id, refunded: cancelled.refunded }, 'lotteries: cancelled by the anchor');
    announceCancelled(outlet, request.log, cancelled.lottery);
    return ok({ lottery: await lotteryView(db, cancelled.lottery, userId), balance: await balanceShown(db, userId) });
  });
}

/** `api/ops/lotteries` (ops token): every lottery with its seed, entries (address, device), winners and ledger sets; ops may cancel one before its draw. */
export async function lotteryOpsRoutes(app: App, { db, clock, outlet, opsToken }: { db: Kysely<Database>; clock: Clock; outlet: LotteryOutlet; opsToken: string }): Promise<void> {
  app.addHook('onRequest', createRequireOps(opsToken));
  app.get('/api/ops/lotteries', { schema: { summary: 'Ops: lotteries with the audit trail (seed, entries with address and device, winners, ledger sets)', querystring: OpsLotteryQuerySchema, response: { 200: Envelope(OpsLotteryListSchema) } } }, async (request) => ok(await opsLotteries(db, request.query.room_id)));
  app.post('/api/ops/lotteries/cancel', { schema: { summary: 'Ops: cancel a lottery before its draw (a coin prize goes back to the anchor whole)', querystring: LotteryIdQuerySchema, response: { 200: Envelope(LotterySchema) } } }, async (request) => {
    const cancelled = await cancelLottery(db, request.query.lottery_id, null, clock());
    request.log.info({ lotteryId: cancelled.lottery.id, refunded: cancelled.refunded }, 'lotteries: cancelled by ops');
    announceCancelled(outlet, request.log, cancelled.lottery);
    return ok(await lotteryView(db, cancelled.lottery, null));
  });
}

import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { App } from '../infra/http/types';
import { type LotteriesConfig, defaultLotteriesConfig } from './lotteriesConfig';
import { announceDrawn } from './lotteryAnnouncements';
import { type LotteryPasswords, lotteryPasswords } from './lotteryPasswords';
import { lotteryOpsRoutes, lotteryRoutes } from './lotteryRoutes';
import { type DrawnLottery, enterPassword } from './lotteryService';
import { type LotterySweeper, lotterySweeper } from './lotterySweeper';
import { winnersOf } from './lotteryView';

declare module 'fastify' {
  interface FastifyInstance {
    /** Lotteries (天选时刻): the sweeper that draws them (tests run it by hand) and the 口令 cache. */
    lotteries: { sweeper: LotterySweeper; passwords: LotteryPasswords };
  }
}

export interface LotteriesPluginOptions {
  db: Kysely<Database>;
  config?: LotteriesConfig;
  opsToken: string;
  /** Start the sweeper's timer (default true; tests sweep by hand). */
  sweepTimer?: boolean;
}

/**
 * Lotteries (天选时刻, issue 35 section 5; README.md): api/Lottery/*, the 口令 heard from the chat
 * (`app.chatActivity.onMemberLine`), the room's events through `app.chatHub.announceLottery`, the
 * sweeper that draws each lottery at its window's end.
 */
async function lotteries(app: App, options: LotteriesPluginOptions): Promise<void> {
  const config = options.config ?? defaultLotteriesConfig();
  const { db } = options;
  const clock = app.accounts.clock;
  const outlet = app.chatHub;
  const passwords = lotteryPasswords(db);
  const told = (drawn: DrawnLottery) => {
    void (async () => {
      const names = new Map((await winnersOf(db, drawn.lottery.id)).map((winner) => [winner.member_id, winner.nickname]));
      announceDrawn(outlet, app.log, drawn.lottery, drawn.entrants, drawn.winnerIds.map((memberId) => ({ memberId, nickname: names.get(memberId) ?? `用户${memberId}` })));
    })().catch((error: unknown) => app.log.error({ err: error, lotteryId: drawn.lottery.id }, 'lotteries: telling the room failed after commit'));
  };
  const sweeper = lotterySweeper({ db, clock, log: app.log, everyMs: config.sweepSeconds * 1000, beforeSweep: (now) => passwords.refresh(now), onDrawn: told });

  app.chatActivity.onMemberLine((memberId, line) => {
    if (!passwords.matches(line.roomId, line.text)) return;
    enterPassword(db, config, line.roomId, memberId, line.text.trim(), clock())
      .then((ids) => {
        if (ids.length > 0) app.log.info({ memberId, lotteryIds: ids }, 'lotteries: 口令 entered');
      })
      .catch((error: unknown) => app.log.warn({ err: error, memberId }, 'lotteries: entering a 口令 failed'));
  });

  app.decorate('lotteries', { sweeper, passwords });
  app.addHook('onReady', async () => {
    await passwords.refresh(clock()).catch((error: unknown) => app.log.warn({ err: error }, 'lotteries: loading the 口令 failed'));
    if (options.sweepTimer !== false) sweeper.start();
  });
  app.addHook('onClose', async () => {
    await sweeper.stop();
  });
  await app.register(lotteryRoutes, { db, config, clock, outlet, passwords, allowed: (text) => app.moderation.check(text).ok });
  await app.register(lotteryOpsRoutes, { db, clock, outlet, opsToken: options.opsToken });
}

export const lotteriesPlugin = fp(lotteries, {
  name: 'lotteries',
  dependencies: ['accounts', 'chat', 'moderation'],
  decorators: { fastify: ['accounts', 'requireLogin', 'chatActivity', 'chatHub', 'moderation'] },
});

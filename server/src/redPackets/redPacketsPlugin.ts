import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { App } from '../infra/http/types';
import { announceFinished } from './redPacketAnnouncements';
import { GrabBatcher } from './redPacketGrabBatcher';
import { type RedPacketPasswords, redPacketPasswords } from './redPacketPasswords';
import { redPacketOpsRoutes, redPacketRoutes } from './redPacketRoutes';
import { SeenPackets, type FinishedPacket, enterPassword, finishPacket } from './redPacketService';
import { type RedPacketSweeper, redPacketSweeper } from './redPacketSweeper';
import { type RedPacketsConfig, defaultRedPacketsConfig } from './redPacketsConfig';
import { nicknameOf } from './redPacketView';

declare module 'fastify' {
  interface FastifyInstance {
    /** Red packets (红包): the sweeper (tests run it by hand) and the 口令 cache. */
    redPackets: { sweeper: RedPacketSweeper; passwords: RedPacketPasswords };
  }
}

export interface RedPacketsPluginOptions {
  db: Kysely<Database>;
  config?: RedPacketsConfig;
  opsToken: string;
  /** Start the sweeper's timer (default true; tests sweep by hand). */
  sweepTimer?: boolean;
}

/**
 * Red packets (红包, issue 35 section 4; README.md): api/RedPacket/*, the 口令 heard from the chat
 * (`app.chatActivity.onMemberLine`), the room's events through `app.chatHub.announceRedPacket`,
 * the sweeper that finishes packets and refunds the rest at expiry.
 */
async function redPackets(app: App, options: RedPacketsPluginOptions): Promise<void> {
  const config = options.config ?? defaultRedPacketsConfig();
  const { db } = options;
  const clock = app.accounts.clock;
  const outlet = app.chatHub;
  const passwords = redPacketPasswords(db);
  const emptied = new SeenPackets();
  const batcher = new GrabBatcher({ db, config, onBatchError: (error, grabs) => app.log.warn({ err: error, grabs }, 'red packets: a batch of grabs failed; each runs on its own') });
  const told = (finished: FinishedPacket) => {
    emptied.add(finished.packet);
    void (async () => {
      const lucky = finished.luckiest === null ? null : await nicknameOf(db, finished.luckiest.memberId);
      announceFinished(outlet, app.log, finished, finished.packet.funder_nickname, lucky);
    })().catch((error: unknown) => app.log.error({ err: error, packetId: finished.packet.id }, 'red packets: telling the room failed after commit'));
  };
  const sweeper = redPacketSweeper({ db, clock, log: app.log, everyMs: config.sweepSeconds * 1000, beforeSweep: (now) => passwords.refresh(now), onFinished: told });

  app.chatActivity.onMemberLine((memberId, line) => {
    if (!passwords.matches(line.roomId, line.text)) return;
    enterPassword(db, line.roomId, memberId, line.text.trim(), clock())
      .then((ids) => {
        if (ids.length > 0) app.log.info({ memberId, packetIds: ids }, 'red packets: 口令 entered');
      })
      .catch((error: unknown) => app.log.warn({ err: error, memberId }, 'red packets: entering a 口令 failed'));
  });

  const finishSoon = (packetId: number) => {
    finishPacket(db, packetId, clock())
      .then((finished) => {
        if (finished !== null) told(finished);
      })
      .catch((error: unknown) => app.log.warn({ err: error, packetId }, 'red packets: finishing an emptied packet failed'));
  };

  app.decorate('redPackets', { sweeper, passwords });
  app.addHook('onReady', async () => {
    await passwords.refresh(clock()).catch((error: unknown) => app.log.warn({ err: error }, 'red packets: loading the 口令 failed'));
    if (options.sweepTimer !== false) sweeper.start();
  });
  app.addHook('onClose', async () => {
    await sweeper.stop();
  });
  await app.register(redPacketRoutes, { db, config, clock, outlet, passwords, emptied, batcher, finishSoon });
  await app.register(redPacketOpsRoutes, { db, opsToken: options.opsToken });
}

export const redPacketsPlugin = fp(redPackets, {
  name: 'redPackets',
  dependencies: ['accounts', 'chat'],
  decorators: { fastify: ['accounts', 'requireLogin', 'chatActivity', 'chatHub'] },
});

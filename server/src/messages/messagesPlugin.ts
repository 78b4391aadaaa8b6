import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { poolOf } from '../infra/db/database';
import type { Database } from '../infra/db/schema';
import type { App } from '../infra/http/types';
import { PeriodicTask } from '../infra/periodicTask';
import { messageRoutes } from './messageRoutes';
import { MessageService } from './messageService';
import { MessageSignals, type UnreadListener } from './messageSignals';

/** The C2C notice of a new message (to the member's page connections, never into a live room's notice list). */
export const NEW_MESSAGE_NOTICE = '你有新的消息，请到消息中心查看';

/** Recipients told between two turns of the event loop. */
const NOTICE_SLICE = 100;

export interface MessagesPluginOptions {
  db: Kysely<Database>;
  /** How often the 赛事 retention sweep runs (default hourly). */
  sweepEveryMs?: number;
}

/** What other parts of the app read of the message centre. */
export interface MessagesPort {
  service: MessageService;
  /** Called (on every node) with the members who have new messages, after the commit that wrote them. */
  onUnread(listener: UnreadListener): () => void;
  /** Runs the 赛事 retention sweep now (tests); answers how many messages went. */
  sweep(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    messages: MessagesPort;
  }
}

/**
 * The message centre (消息中心, issue 39 part 3; messages/README.md): `api/Message/*`, the
 * LISTEN connection that learns of new messages after their commit, and the 赛事 retention sweep.
 * Domains write messages with `tellMember` / `tellMembersSelect` (messages/index.ts) inside their
 * own transactions; nothing here is needed for that.
 */
async function messages(app: App, options: MessagesPluginOptions): Promise<void> {
  const service = new MessageService(options.db);
  const pool = poolOf(options.db);
  const signals = pool === undefined ? null : new MessageSignals(pool, app.log);
  // The push (README.md, "Push"): every node hears the NOTIFY and tells the chat connections it
  // holds of each recipient outside rooms (a C2C notice, not through the chat bus); the host's
  // badge reads the count again when a notice arrives.
  // One frame for each slice of a notification's recipients (up to 500), encoded once; the pg
  // client hands a big insert's notifications over in one go, so each slice waits its own turn of
  // the event loop and the sockets on this process keep answering between them (bench:alerts).
  let turn: Promise<unknown> = Promise.resolve();
  signals?.onUnread((memberIds) => {
    for (let start = 0; start < memberIds.length; start += NOTICE_SLICE) {
      const slice = memberIds.slice(start, start + NOTICE_SLICE);
      turn = turn.then(() => new Promise<void>((resolve) => setImmediate(() => {
        app.chatHub.noticeManyOutsideRooms(slice, NEW_MESSAGE_NOTICE);
        resolve();
      })));
    }
  });
  const sweep = new PeriodicTask({ everyMs: options.sweepEveryMs ?? 3_600_000, work: () => service.sweepMatchMessages(), log: app.log, failureMessage: 'messages: the 赛事 retention sweep failed' });
  app.addHook('onReady', async () => {
    await signals?.start();
  });
  app.addHook('onClose', async () => {
    await sweep.stop();
    await signals?.stop();
  });
  app.decorate('messages', {
    service,
    onUnread: (listener: UnreadListener) => signals?.onUnread(listener) ?? (() => undefined),
    sweep: () => service.sweepMatchMessages(),
  });
  await app.register(messageRoutes, { service });
}

export const messagesPlugin = fp(messages, {
  name: 'messages',
  dependencies: ['accounts', 'chat'],
  decorators: { fastify: ['requireLogin', 'chatHub'] },
});

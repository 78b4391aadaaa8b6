// Brings in the `wsHandler` route option typing.
import type {} from '@fastify/websocket';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { sendError } from '../infra/http/errorHandler';
import type { App } from '../infra/http/types';
import { loadOrCreateSecret } from '../infra/localSecret';
import { type ChatBus, InProcessChatBus } from './chatBus';
import { type ChatConfig, defaultChatConfig } from './chatConfig';
import { danmakuHistoryWriter } from './chatDanmakuHistory';
import { ChatDirectory } from './chatDirectory';
import { ChatGuards } from './chatGuards';
import { ChatHub } from './chatHub';
import type { SenderRateOptions } from './chatLimits';
import { ChatRedisBus } from './chatRedisBus';
import type { ChatMemberLine } from './chatSending';
import { chatRoutes } from './chatRoutes';
import { ChatWatchTime } from './chatWatchTime';
import { createGuestSigner } from './guestSignature';
import { GUEST_NICKNAME_PREFIX } from './imSystemConfig';
import { MemberSessions } from './memberSessions';
import { createMemberSigner } from './memberSignature';

/** What buildApp takes for the chat (main.ts: config.chat and REDIS_URL). */
export interface ChatOptions {
  config?: ChatConfig;
  /** Redis channel and key prefix (tests use their own). */
  redisChannel?: string;
  /** See ChatHubOptions.flushIntervalMs. */
  flushIntervalMs?: number;
  /** Members' send rate (tests shorten the block). */
  memberRate?: SenderRateOptions;
  /** See ChatHubOptions.sessionCheckMs. */
  sessionCheckMs?: number;
  /** How often minutes watched are counted (default a minute; chatWatchTime.ts). */
  watchTickMs?: number;
}

export interface ChatPluginOptions extends ChatOptions {
  db: Kysely<Database>;
  dataDir: string;
  redisUrl: string | null;
}

/**
 * What members do in the chat, for the domains above it that reward it (points/): they subscribe
 * here instead of the chat knowing them (the chat is below them). Listeners are called after the
 * chat's own work and must not throw (a throw is logged).
 */
export interface ChatActivity {
  /** Each chat message or danmaku a signed-in member got through (sent over the socket). */
  onMemberMessage(listener: (memberId: number) => void): void;
  /** Each such line sent in a room, with its text as typed (red packets' 口令). */
  onMemberLine(listener: (memberId: number, line: ChatMemberLine) => void): void;
  /** The signed-in members in open rooms' chat groups on this node now, by room (its anchor), each room's anchor left out (chatWatchTime.ts). */
  watchingByRoom(): Promise<{ anchorId: number; memberIds: number[] }[]>;
}

export interface ChatPresence {
  /** Members in the room's chat group now (the page shows it + 50); 0 for a room nobody joined. */
  onlineMembers(roomId: number): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    chatPresence: ChatPresence;
    /** Members' messages and presence for the domains that reward them (points). */
    chatActivity: ChatActivity;
    chatHub: ChatHub;
    /** Counts the signed-in members' minutes in open rooms (tests tick it by hand). */
    chatWatchTime: ChatWatchTime;
  }
}

/** The chat's signing key for member and guest signatures (DATA_DIR, unless CHAT_SIGNING_SECRET is set). */
export const CHAT_SECRET_FILE = 'chat-secret';

/**
 * The chat domain: the built-in chat's `/ws/chat` socket, the chat calls (chat/chatRoutes.ts),
 * the online counts it provides to the rooms (`app.roomPresence`) and `app.chatPresence`.
 */
async function chat(app: App, options: ChatPluginOptions): Promise<void> {
  const config = options.config ?? defaultChatConfig();
  const services = app.accounts;
  const secret = await loadOrCreateSecret(services.config.chatSigningSecret, options.dataDir, CHAT_SECRET_FILE);
  const memberSigner = createMemberSigner(secret, services.clock);
  const guestSigner = createGuestSigner(secret, services.clock);
  const directory = new ChatDirectory(options.db, services.clock);
  const messageListeners: Array<(memberId: number) => void> = [];
  const lineListeners: Array<(memberId: number, line: ChatMemberLine) => void> = [];
  const bus: ChatBus = options.redisUrl === null ? new InProcessChatBus() : new ChatRedisBus({ url: options.redisUrl, channel: options.redisChannel, log: app.log });
  const hub = new ChatHub({
    config,
    directory,
    memberSigner,
    guestSigner,
    sessions: new MemberSessions(options.db, services.clock),
    sessionCheckMs: options.sessionCheckMs,
    bus,
    clock: services.clock,
    log: app.log,
    guestNicknamePrefix: GUEST_NICKNAME_PREFIX,
    flushIntervalMs: options.flushIntervalMs,
    memberRate: options.memberRate,
    guards: new ChatGuards(options.db, services.clock),
    // Members' danmaku are kept for joiners (api/Barrage/getList; chatDanmakuHistory.ts).
    onMemberDanmaku: danmakuHistoryWriter(options.db, app.log),
    // Listed words in members' lines, danmaku and horns go out as `*` (the one filter, moderation/).
    mask: (text) => app.moderation.mask(text),
    // Exp for each message a member got through (capped per day by the levels).
    onMemberMessage: (memberId, line) => {
      if (line !== undefined) {
        for (const listener of lineListeners) {
          try {
            listener(memberId, line);
          } catch (error) {
            app.log.warn({ err: error }, 'chat: a line listener failed');
          }
        }
      }
      app.experience.chatMessage(memberId, services.clock()).catch((error: unknown) => app.log.warn({ err: error }, 'chat: awarding exp for a message failed'));
      for (const listener of messageListeners) {
        try {
          listener(memberId);
        } catch (error) {
          app.log.warn({ err: error }, 'chat: a message listener failed');
        }
      }
    },
  });
  await hub.start();
  hub.listenTo(app.roomEvents);
  hub.listenToStreams(app.streamEvents);
  const watchTime = new ChatWatchTime({
    membersByGroup: () => hub.membersByGroup(),
    directory,
    awardMinute: (memberIds, now) => app.experience.watchedMinute(memberIds, now),
    now: services.clock,
    log: app.log,
    tickMs: options.watchTickMs ?? app.experience.watchTickMs,
  });
  app.addHook('onClose', async () => {
    await watchTime.stop();
    await hub.close();
  });

  app.decorate('chatHub', hub);
  // Members report a line by its message id (moderation kind 'chat'): its author, room and text
  // while the line is among the recent ones (chatRecentLines.ts). A line already delivered cannot
  // be taken back: ops mute or ban its author, or dismiss.
  app.moderation.registerTarget('chat', {
    describe: async (id) => {
      const line = hub.recentLines.get(id);
      if (line === undefined) return null;
      const room = await directory.room(line.groupId);
      return { authorId: line.memberId, excerpt: line.text, ...(room !== null ? { roomId: room.roomId } : {}) };
    },
    hide: async () => {
      throw errors.MODERATION_ACTION_UNSUPPORTED();
    },
    unhide: async () => {
      throw errors.MODERATION_ACTION_UNSUPPORTED();
    },
    remove: async () => {
      throw errors.MODERATION_ACTION_UNSUPPORTED();
    },
  });
  app.decorate('chatWatchTime', watchTime);
  app.decorate('chatActivity', {
    onMemberMessage: (listener: (memberId: number) => void) => {
      messageListeners.push(listener);
    },
    onMemberLine: (listener: (memberId: number, line: ChatMemberLine) => void) => {
      lineListeners.push(listener);
    },
    watchingByRoom: () => watchTime.watchingByRoom(),
  });
  app.decorate('chatPresence', {
    onlineMembers: (roomId: number) => {
      const groupId = directory.knownGroupOfRoom(roomId);
      return groupId === undefined ? 0 : hub.onlineCount(groupId);
    },
  });
  app.roomPresence.provide(app.chatPresence);

  app.route({
    method: 'GET',
    url: '/ws/chat',
    handler: (_request, reply) => sendError(reply, errors.WEBSOCKET_REQUIRED()),
    wsHandler: (socket) => hub.accept(socket),
  });

  await app.register(chatRoutes, { db: options.db, config, memberSigner, guestSigner, directory, onlineCount: (groupId) => hub.onlineCount(groupId) });
}

export const chatPlugin = fp(chat, {
  name: 'chat',
  dependencies: ['accounts', 'live', 'levels', 'sockets', 'moderation'],
  decorators: { fastify: ['accounts', 'requireLogin', 'roomEvents', 'roomPresence', 'streamEvents', 'experience', 'moderation'] },
});

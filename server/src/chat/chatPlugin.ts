// Brings in the `wsHandler` route option typing.
import type {} from '@fastify/websocket';
import { Envelope, OnlineMemberNumQuerySchema, OnlineMemberNumSchema, ChatUserSigSchema } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import { CHAT_SECRET_FILE } from '../accounts/accountServices';
import type { AccountServices } from '../accounts/accountServices';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { ok } from '../infra/http/envelope';
import { sendError } from '../infra/http/errorHandler';
import type { App } from '../infra/http/types';
import { loadOrCreateSecret } from '../infra/localSecret';
import { getSystemConfig } from '../site/universal/service';
import { sessionOf } from '../accounts/authPlugin';
import { type ChatBus, InProcessChatBus } from './chatBus';
import { type ChatConfig, defaultChatConfig } from './chatConfig';
import { ChatDirectory } from './chatDirectory';
import { ChatHub } from './chatHub';
import type { SenderRateOptions } from './chatLimits';
import { ChatRedisBus } from './chatRedisBus';
import { MemberSessions } from './memberSessions';
import { createMemberSigner } from './memberSignature';
import { issueUserSig } from './userSig';

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
}

export interface ChatPluginOptions extends ChatOptions {
  db: Kysely<Database>;
  services: AccountServices;
  dataDir: string;
  redisUrl: string | null;
}

export interface ChatPresence {
  /** Members in the room's chat group now (the page shows it + 50); 0 for a room nobody joined. */
  onlineMembers(roomId: number): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    chatPresence: ChatPresence;
    chatHub: ChatHub;
  }
}

/**
 * The built-in chat: the `/ws/chat` socket, the member chat identity (getUserSig), the online
 * count, and `app.chatPresence` for the rooms and media modules. Registered after
 * @fastify/websocket.
 */
async function chat(app: App, options: ChatPluginOptions): Promise<void> {
  const config = options.config ?? defaultChatConfig();
  const secret = await loadOrCreateSecret(options.services.config.chatSigningSecret, options.dataDir, CHAT_SECRET_FILE);
  const memberSigner = createMemberSigner(secret, options.services.clock);
  const directory = new ChatDirectory(options.db, options.services.clock);
  const bus: ChatBus = options.redisUrl === null ? new InProcessChatBus() : new ChatRedisBus({ url: options.redisUrl, channel: options.redisChannel, log: app.log });
  const hub = new ChatHub({
    config,
    directory,
    memberSigner,
    guestSigner: options.services.guestSigner,
    sessions: new MemberSessions(options.db, options.services.clock),
    sessionCheckMs: options.sessionCheckMs,
    bus,
    clock: options.services.clock,
    log: app.log,
    guestNicknamePrefix: getSystemConfig().im.guestNicknamePrefix,
    flushIntervalMs: options.flushIntervalMs,
    memberRate: options.memberRate,
  });
  await hub.start();
  hub.listenTo(app.roomEvents);
  // The media plugin is registered before the chat (app.ts), so its stream events exist by now.
  if (app.hasDecorator('streamEvents')) hub.listenToStreams(app.streamEvents);
  app.addHook('onClose', async () => hub.close());

  // Not encapsulated: the rooms and media modules read it.
  app.decorate('chatHub', hub);
  app.decorate('chatPresence', {
    onlineMembers: (roomId: number) => {
      const groupId = directory.knownGroupOfRoom(roomId);
      return groupId === undefined ? 0 : hub.onlineCount(groupId);
    },
  });

  app.route({
    method: 'GET',
    url: '/ws/chat',
    handler: (_request, reply) => sendError(reply, errors.WEBSOCKET_REQUIRED()),
    wsHandler: (socket) => hub.accept(socket),
  });

  app.get('/api/tenxun/getUserSig', { preHandler: app.requireLogin, schema: { response: { 200: Envelope(ChatUserSigSchema) } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const session = sessionOf(request);
    return ok(issueUserSig(config, memberSigner, session.user.id, session.sessionId));
  });

  app.get(
    '/api/tenxun/getOnlineMemberNum',
    { schema: { querystring: OnlineMemberNumQuerySchema, response: { 200: Envelope(OnlineMemberNumSchema) } } },
    async (request) => {
      const { room_id: roomId, group_id: groupId } = request.query;
      if (groupId !== undefined) return ok({ room_id: null, group_id: groupId, num: hub.onlineCount(groupId) });
      if (roomId === undefined) throw errors.CHAT_ROOM_REQUIRED();
      const group = await directory.groupOfRoomId(roomId);
      if (group === null) throw errors.LIVE_ROOM_NOT_FOUND();
      return ok({ room_id: roomId, group_id: group, num: hub.onlineCount(group) });
    },
  );
}

/** Registered at the root (skip-override, as fastify-plugin does) so `app.chatPresence` is everyone's. */
export const chatPlugin = Object.assign(chat, { [Symbol.for('skip-override')]: true });

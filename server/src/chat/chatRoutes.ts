import {
  ChatUserSigSchema,
  Envelope,
  OnlineMemberNumQuerySchema,
  OnlineMemberNumSchema,
  RoomAdminListSchema,
  RoomIdQuerySchema,
  SetRoomAdminQuerySchema,
  TouristAccountSchema,
} from '@sports/shared/server';
import type { Kysely } from 'kysely';
import { sessionOf } from '../accounts/index';
import type { Database } from '../infra/db/schema';
import { ok } from '../infra/http/envelope';
import { errors } from '../infra/http/errorCatalogue';
import type { App } from '../infra/http/types';
import { emitCommitted, roomAdmins, setRoomAdmin } from '../live/index';
import type { ChatConfig } from './chatConfig';
import type { ChatDirectory } from './chatDirectory';
import type { GuestSigner } from './guestSignature';
import type { MemberSigner } from './memberSignature';
import { issueTouristAccount, issueUserSig } from './userSig';

export interface ChatRoutesOptions {
  db: Kysely<Database>;
  config: ChatConfig;
  memberSigner: MemberSigner;
  guestSigner: GuestSigner;
  directory: ChatDirectory;
  /** Members in a chat group now. */
  onlineCount: (groupId: string) => number;
}

/**
 * The chat's HTTP calls (SPEC.md section 7): `api/tenxun/*` (chat identities, online counts,
 * room admins) and `api/Universal/imTouristAccount` (a guest's chat identity).
 */
export async function chatRoutes(app: App, options: ChatRoutesOptions): Promise<void> {
  const { db, config, memberSigner, guestSigner, directory, onlineCount } = options;

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
      if (groupId !== undefined) return ok({ room_id: null, group_id: groupId, num: onlineCount(groupId) });
      if (roomId === undefined) throw errors.CHAT_ROOM_REQUIRED();
      const group = await directory.groupOfRoomId(roomId);
      if (group === null) throw errors.LIVE_ROOM_NOT_FOUND();
      return ok({ room_id: roomId, group_id: group, num: onlineCount(group) });
    },
  );

  // Room admins are the rooms' data (live/admins.ts); the chat calls name them under api/tenxun.
  app.get('/api/tenxun/getRoomAdmin', { schema: { querystring: RoomIdQuerySchema, response: { 200: Envelope(RoomAdminListSchema) } } }, async (request) =>
    ok(await roomAdmins(db, request.query.room_id)),
  );

  app.get(
    '/api/tenxun/setRoomAdmin',
    { preHandler: app.requireLogin, config: { changesState: true }, schema: { querystring: SetRoomAdminQuerySchema, response: { 200: Envelope(RoomAdminListSchema) } } },
    async (request) => {
      const result = await setRoomAdmin(db, sessionOf(request).user, request.query);
      emitCommitted(app.roomEvents, request.log, result.events);
      return ok(result.admins);
    },
  );

  // A guest chat identity signed by the server for the configured IM (the keys stay here); nothing is stored.
  app.get('/api/Universal/imTouristAccount', { schema: { response: { 200: Envelope(TouristAccountSchema) } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return ok(issueTouristAccount(config, guestSigner));
  });
}

import { ROOM_ADMINS_MAX, type RoomAdminList, type SetRoomAdminQuery } from '@sports/shared/server';
import type { Kysely, Transaction } from 'kysely';
import type { SessionUser } from '../accounts/index';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import type { RoomEvent } from './committedEvents';
import { ownRoom, requireUser, roomById } from './roomAccess';

type Db = Kysely<Database> | Transaction<Database>;

async function adminList(db: Db, roomId: number): Promise<RoomAdminList> {
  const list = await db
    .selectFrom('live_room_admin as a')
    .innerJoin('app_user as u', 'u.id', 'a.user_id')
    .select(['u.id as user_id', 'u.user_nickname', 'u.avatar'])
    .where('a.room_id', '=', roomId)
    .orderBy('a.created_at')
    .orderBy('a.user_id')
    .execute();
  return { room_id: roomId, max: ROOM_ADMINS_MAX, list };
}

/** `getRoomAdmin`: anyone may read a room's admins (the chat shows their badge anyway). */
export async function roomAdmins(db: Kysely<Database>, roomId: number): Promise<RoomAdminList> {
  const room = await roomById(db, roomId);
  return adminList(db, room.id);
}

/**
 * `setRoomAdmin`: only the room's owner adds (type 1) or removes (type 0) an admin, at most
 * ROOM_ADMINS_MAX. The room row is locked, so two concurrent additions cannot pass the limit.
 */
export async function setRoomAdmin(db: Kysely<Database>, owner: SessionUser, query: SetRoomAdminQuery): Promise<{ admins: RoomAdminList; events: RoomEvent[] }> {
  return db.transaction().execute(async (trx) => {
    const room = await ownRoom(trx, owner, query.room_id, true);
    if (query.user_id === owner.id) throw errors.LIVE_CANNOT_ADMIN_SELF();
    if (query.type === 1) {
      await requireUser(trx, query.user_id);
      const current = await adminList(trx, room.id);
      const already = current.list.some((admin) => admin.user_id === query.user_id);
      if (!already && current.list.length >= ROOM_ADMINS_MAX) throw errors.LIVE_TOO_MANY_ADMINS();
      await trx.insertInto('live_room_admin').values({ room_id: room.id, user_id: query.user_id }).onConflict((conflict) => conflict.doNothing()).execute();
    } else {
      await trx.deleteFrom('live_room_admin').where('room_id', '=', room.id).where('user_id', '=', query.user_id).execute();
    }
    const admins = await adminList(trx, room.id);
    const event: RoomEvent = { name: 'adminsChanged', payload: { roomId: room.id, ownerId: room.owner_id, adminIds: admins.list.map((admin) => admin.user_id) } };
    return { admins, events: [event] };
  });
}

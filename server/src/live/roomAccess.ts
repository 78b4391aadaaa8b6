import type { Kysely, Selectable, Transaction } from 'kysely';
import type { SessionUser } from '../accounts/index';
import type { Database, LiveRoomTable } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';

export type LiveRoomRow = Selectable<LiveRoomTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** Who someone is in a room: decides what they may do there. */
export type RoomRole = 'owner' | 'admin' | 'member';

/** Only anchors (app_user.is_anchor = 1) create and run rooms. */
export function requireAnchor(user: SessionUser): void {
  if (user.is_anchor !== 1) throw errors.LIVE_NOT_ANCHOR();
}

/**
 * The caller's own room, for the owner-only calls. `roomId`, when the client names a room, must
 * be that room: naming someone else's is refused, never silently redirected to one's own.
 * `forUpdate` locks the row so concurrent changes of one room apply one after the other.
 */
export async function ownRoom(db: Db, user: SessionUser, roomId?: number, forUpdate = false): Promise<LiveRoomRow> {
  requireAnchor(user);
  let query = db.selectFrom('live_room').selectAll().where('owner_id', '=', user.id);
  if (forUpdate) query = query.forUpdate();
  const room = await query.executeTakeFirst();
  if (roomId !== undefined && room?.id !== roomId) throw errors.LIVE_NOT_OWNER();
  if (room === undefined) throw errors.LIVE_NO_ROOM();
  return room;
}

export async function roomById(db: Db, roomId: number): Promise<LiveRoomRow> {
  const room = await db.selectFrom('live_room').selectAll().where('id', '=', roomId).executeTakeFirst();
  if (room === undefined) throw errors.LIVE_ROOM_NOT_FOUND();
  return room;
}

export async function roleIn(db: Db, room: { id: number; owner_id: number }, userId: number): Promise<RoomRole> {
  if (room.owner_id === userId) return 'owner';
  const admin = await db.selectFrom('live_room_admin').select('user_id').where('room_id', '=', room.id).where('user_id', '=', userId).executeTakeFirst();
  return admin === undefined ? 'member' : 'admin';
}

export async function requireUser(db: Db, userId: number): Promise<{ id: number; user_nickname: string; avatar: string; is_anchor: 0 | 1 }> {
  const user = await db.selectFrom('app_user').select(['id', 'user_nickname', 'avatar', 'is_anchor']).where('id', '=', userId).executeTakeFirst();
  if (user === undefined) throw errors.LIVE_USER_NOT_FOUND();
  return user;
}

export async function requireMatch(db: Db, matchId: number): Promise<{ id: number; kickoff_at: Date; status: string }> {
  const match = await db.selectFrom('match').select(['id', 'kickoff_at', 'status']).where('id', '=', matchId).executeTakeFirst();
  if (match === undefined) throw errors.LIVE_MATCH_NOT_FOUND();
  return match;
}

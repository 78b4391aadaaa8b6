import type { Ban1Query, MuteState } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import type { RoomEvent } from './committedEvents';
import { requireUser, roleIn, roomById } from './roomAccess';
import { flag } from './roomCards';

/**
 * `ban1`: mute or unmute a user in a room. The owner mutes anyone but themselves; an admin mutes
 * members only (not the owner, not another admin); others may not mute at all.
 */
export async function ban(db: Kysely<Database>, actorId: number, query: Ban1Query, now: Date): Promise<{ state: MuteState; events: RoomEvent[] }> {
  return db.transaction().execute(async (trx) => {
    const room = await roomById(trx, query.room_id);
    const actorRole = await roleIn(trx, room, actorId);
    if (actorRole === 'member') throw errors.LIVE_NOT_MODERATOR();
    if (query.user_id === actorId) throw errors.LIVE_CANNOT_MUTE_SELF();
    await requireUser(trx, query.user_id);
    const targetRole = await roleIn(trx, room, query.user_id);
    if (targetRole === 'owner') throw errors.LIVE_CANNOT_MUTE_OWNER();
    if (targetRole === 'admin' && actorRole === 'admin') throw errors.LIVE_CANNOT_MUTE_ADMIN();

    if (query.ban === 0) {
      await trx.deleteFrom('live_room_mute').where('room_id', '=', room.id).where('user_id', '=', query.user_id).execute();
      return {
        state: { room_id: room.id, user_id: query.user_id, is_muted: 0, until: null },
        events: [{ name: 'unmuted', payload: { roomId: room.id, ownerId: room.owner_id, userId: query.user_id } }],
      };
    }
    const until = query.minutes === undefined ? null : new Date(now.getTime() + query.minutes * 60_000);
    await trx
      .insertInto('live_room_mute')
      .values({ room_id: room.id, user_id: query.user_id, muted_by: actorId, until, created_at: now })
      .onConflict((conflict) => conflict.columns(['room_id', 'user_id']).doUpdateSet({ muted_by: actorId, until, created_at: now }))
      .execute();
    return {
      state: { room_id: room.id, user_id: query.user_id, is_muted: flag(true), until: until?.toISOString() ?? null },
      events: [{ name: 'muted', payload: { roomId: room.id, ownerId: room.owner_id, userId: query.user_id, until } }],
    };
  });
}


/**
 * Ops mute a member in a room from the moderation queue (issue 14), whatever their role there
 * except the owner. The ops token has no user: the row's muted_by is the room's owner (the audit
 * of moderation/ says who did it). `minutes` null: until lifted. Emits like `ban1`.
 */
export async function opsMute(db: Kysely<Database>, roomId: number, userId: number, minutes: number | null, now: Date): Promise<RoomEvent[]> {
  return db.transaction().execute(async (trx) => {
    const room = await roomById(trx, roomId);
    if (room.owner_id === userId) throw errors.LIVE_CANNOT_MUTE_OWNER();
    const until = minutes === null ? null : new Date(now.getTime() + minutes * 60_000);
    await trx
      .insertInto('live_room_mute')
      .values({ room_id: room.id, user_id: userId, muted_by: room.owner_id, until, created_at: now })
      .onConflict((conflict) => conflict.columns(['room_id', 'user_id']).doUpdateSet({ muted_by: room.owner_id, until, created_at: now }))
      .execute();
    return [{ name: 'muted', payload: { roomId: room.id, ownerId: room.owner_id, userId, until } }];
  });
}

import type { RoomStreamState } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../infra/db/schema';

/**
 * A room's state, the one truth every page shows (docs/flows/room-state.md): derived from the room
 * row the stream lifecycle writes (`stream_status`, at once when a push starts, drops or resumes)
 * and the anchor's open/closed switch.
 * - `live`: a push is on air;
 * - `paused`: no push, the room is open (the push dropped, or the anchor opened the room and has
 *   not pushed yet: the chat says 主播开播了, so the page does not say 未开播): 主播暂时离开;
 * - `ended`: no push and the anchor ended the room after broadcasting: 直播已结束;
 * - `idle`: no push, the room closed and never broadcast: 未开播.
 */
export function roomStateOf(room: { stream_status: 'live' | 'offline'; is_open: boolean }, hasBroadcast: boolean): RoomStreamState {
  if (room.stream_status === 'live') return 'live';
  if (room.is_open) return 'paused';
  return hasBroadcast ? 'ended' : 'idle';
}

/** Whether the room ever broadcast (one `broadcast` row). */
export async function hasBroadcast(db: Kysely<Database>, roomId: number): Promise<boolean> {
  const row = await db.selectFrom('broadcast').select(sql<number>`1`.as('one')).where('room_id', '=', roomId).limit(1).executeTakeFirst();
  return row !== undefined;
}

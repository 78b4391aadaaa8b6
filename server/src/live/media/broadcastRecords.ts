import { type Kysely, sql } from 'kysely';
import type { Database } from '../../infra/db/schema';

/**
 * What the ingest writes (migration 0005): the room's stream_status and one `broadcast` row per
 * push. Times come from PostgreSQL's clock so durations do not depend on a node's clock.
 */

export interface PushRoom {
  id: number;
  owner_id: number;
  title: string;
  stream_key_version: number;
  stream_status: 'live' | 'offline';
}

export async function findPushRoom(db: Kysely<Database>, roomId: number): Promise<PushRoom | undefined> {
  return db
    .selectFrom('live_room')
    .select(['id', 'owner_id', 'title', 'stream_key_version', 'stream_status'])
    .where('id', '=', roomId)
    .executeTakeFirst();
}

/** The room goes live and a broadcast starts (one left open, e.g. by a lost callback, is closed first). */
export async function startBroadcast(db: Kysely<Database>, roomId: number): Promise<{ broadcastId: number; startedAt: Date } | null> {
  return db.transaction().execute(async (trx) => {
    await closeOpenBroadcasts(trx, roomId);
    const room = await trx
      .updateTable('live_room')
      .set({ stream_status: 'live', stream_started_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where('id', '=', roomId)
      .returning(['owner_id', 'title', 'stream_started_at', 'match_id'])
      .executeTakeFirst();
    // The room was deleted between the check and now: nothing to record.
    if (room === undefined || room.stream_started_at === null) return null;
    // The match the room shows now: the replay's event markers (migration 0030).
    const inserted = await trx
      .insertInto('broadcast')
      .values({ room_id: roomId, anchor_id: room.owner_id, title: room.title, started_at: room.stream_started_at, match_id: room.match_id })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { broadcastId: inserted.id, startedAt: room.stream_started_at };
  });
}

/** The room goes offline and its open broadcast ends with its duration and peak; answers whether the room is open (null: deleted). */
export async function endBroadcast(db: Kysely<Database>, roomId: number, peakViewers: number): Promise<{ isOpen: boolean } | null> {
  return db.transaction().execute(async (trx) => {
    await closeOpenBroadcasts(trx, roomId, peakViewers);
    return markRoomOffline(trx, roomId);
  });
}

/**
 * The push dropped (the encoder may come back within the reconnect grace): the room reads offline
 * at once, its broadcast stays open so a resumed push continues it. Answers whether the room is open.
 */
export async function pauseBroadcast(db: Kysely<Database>, roomId: number): Promise<{ isOpen: boolean } | null> {
  return markRoomOffline(db, roomId);
}

/** What a room reads once no push is on air: offline, with no stream start (the time is PostgreSQL's). */
const OFFLINE = { stream_status: 'offline', stream_started_at: null, updated_at: sql<Date>`now()` } as const;

/**
 * The one way a room goes offline (the push ended or dropped): its broadcast rows are the
 * caller's. Answers whether the room is open (null: the room was deleted).
 */
export async function markRoomOffline(executor: Kysely<Database>, roomId: number): Promise<{ isOpen: boolean } | null> {
  const room = await executor.updateTable('live_room').set(OFFLINE).where('id', '=', roomId).returning('is_open').executeTakeFirst();
  return room === undefined ? null : { isOpen: room.is_open };
}

/**
 * The push came back within the grace: the room is live again in the broadcast left open (its
 * start is the broadcast's). With none open (closed meanwhile), a new broadcast starts.
 */
export async function resumeBroadcast(db: Kysely<Database>, roomId: number): Promise<{ broadcastId: number; startedAt: Date } | null> {
  const open = await db.selectFrom('broadcast').select(['id', 'started_at']).where('room_id', '=', roomId).where('ended_at', 'is', null).orderBy('id', 'desc').executeTakeFirst();
  if (open === undefined) return startBroadcast(db, roomId);
  const room = await db
    .updateTable('live_room')
    .set({ stream_status: 'live', stream_started_at: open.started_at, updated_at: sql<Date>`now()` })
    .where('id', '=', roomId)
    .returning('id')
    .executeTakeFirst();
  return room === undefined ? null : { broadcastId: open.id, startedAt: open.started_at };
}

/** Keeps the peak on the open row as it grows, so a crash does not lose it. */
export async function recordPeak(db: Kysely<Database>, roomId: number, peakViewers: number): Promise<void> {
  await db
    .updateTable('broadcast')
    .set({ peak_viewers: sql<number>`greatest(peak_viewers, ${peakViewers})` })
    .where('room_id', '=', roomId)
    .where('ended_at', 'is', null)
    .execute();
}

/**
 * At start of the embedded ingest: nothing can be publishing on this node yet, so broadcasts left
 * open by a crash end now (the true end is unknown; now is the closest we can say) and rooms go
 * offline; except rooms another node is the live origin of (media_origin, origin/README.md).
 */
export async function closeDanglingBroadcasts(db: Kysely<Database>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const closed = await closeOpenBroadcasts(trx, null);
    await trx.updateTable('live_room').set(OFFLINE).where('stream_status', '=', 'live').where('id', 'not in', livelyOrigins(trx)).execute();
    return closed;
  });
}

/** Rooms whose push another node holds now (its origin lease lasts). */
function livelyOrigins(db: Kysely<Database>) {
  return db.selectFrom('media_origin').select('room_id').where('lease_until', '>', sql<Date>`now()`);
}

/** Ends the open broadcasts of a room (null: of every room without a live origin elsewhere). */
export async function closeOpenBroadcasts(db: Kysely<Database>, roomId: number | null, peakViewers = 0): Promise<number> {
  let query = db
    .updateTable('broadcast')
    .set({
      ended_at: sql<Date>`now()`,
      duration_seconds: sql<number>`greatest(0, round(extract(epoch from now() - started_at)))::int`,
      peak_viewers: sql<number>`greatest(peak_viewers, ${peakViewers})`,
    })
    .where('ended_at', 'is', null);
  query = roomId !== null ? query.where('room_id', '=', roomId) : query.where('room_id', 'not in', livelyOrigins(db));
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

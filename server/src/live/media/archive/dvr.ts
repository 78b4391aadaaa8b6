import type { RoomDvr } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../../../infra/db/schema';
import { streamNameFor } from '../playbackUrls';
import { type ClipOfEvents, matchMarkers } from './markers';
import { segmentsOfBroadcast, type ArchivedSegment } from './segmentIndex';

/** The open broadcast of a live room that is recording (null: offline, or its recording failed). */
async function recordingBroadcast(db: Kysely<Database>, roomId: number): Promise<{ id: number; match_id: number | null } | null> {
  const row = await db
    .selectFrom('broadcast')
    .innerJoin('live_room', 'live_room.id', 'broadcast.room_id')
    .select(['broadcast.id', 'broadcast.match_id'])
    .where('broadcast.room_id', '=', roomId)
    .where('broadcast.ended_at', 'is', null)
    .where('broadcast.replay_status', '=', 'recording')
    .where('live_room.stream_status', '=', 'live')
    .orderBy('broadcast.id', 'desc')
    .executeTakeFirst();
  return row === undefined ? null : { id: Number(row.id), match_id: row.match_id === null ? null : Number(row.match_id) };
}

/** The DVR window's segments of a live room: the open broadcast's kept segments of the last `windowMs`. */
export async function dvrSegments(db: Kysely<Database>, roomId: number, windowMs: number, nowMs: number): Promise<{ broadcast: { id: number; match_id: number | null }; segments: ArchivedSegment[] } | null> {
  const broadcast = await recordingBroadcast(db, roomId);
  if (broadcast === null) return null;
  const segments = await segmentsOfBroadcast(db, broadcast.id, { fromMs: nowMs - windowMs, toMs: nowMs + 60_000 });
  return segments.length === 0 ? null : { broadcast, segments };
}

/**
 * Room info's `dvr` (RoomDvrSchema): the DVR playlist of a live room, where its window starts and
 * the match's events in it as markers (ms from the window's start). Null while the room is not
 * live, before its first segment is kept, or when its recording failed.
 */
export async function roomDvr(db: Kysely<Database>, roomId: number, windowMs: number, nowMs: number, clipOfEvents: ClipOfEvents | null): Promise<RoomDvr | null> {
  const window = await dvrSegments(db, roomId, windowMs, nowMs);
  const first = window?.segments[0];
  if (window === null || first === undefined) return null;
  return {
    playlist_url: `/live/${streamNameFor(roomId)}/dvr.m3u8`,
    window_start_at: new Date(first.startedAtMs).toISOString(),
    markers: await matchMarkers(db, window.broadcast.match_id, first.startedAtMs, nowMs, clipOfEvents),
  };
}

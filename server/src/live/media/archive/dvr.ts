import type { RoomDvr } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../infra/db/schema';
import { streamNameFor } from '../playbackUrls';
import { type ClipOfEvents, matchMarkers } from './markers';
import { type ArchivedSegment, segmentsOfBroadcast } from './segmentIndex';

/** The open broadcast of a live room that is recording (null: offline, or its recording failed). */
async function recordingBroadcast(db: Kysely<Database>, roomId: number): Promise<{ id: number; match_id: number | null; offsetMs: number } | null> {
  const row = await db
    .selectFrom('broadcast')
    .innerJoin('live_room', 'live_room.id', 'broadcast.room_id')
    .select(['broadcast.id', 'broadcast.match_id', 'live_room.clip_offset_seconds'])
    .where('broadcast.room_id', '=', roomId)
    .where('broadcast.ended_at', 'is', null)
    .where('broadcast.replay_status', '=', 'recording')
    .where('live_room.stream_status', '=', 'live')
    .orderBy('broadcast.id', 'desc')
    .executeTakeFirst();
  return row === undefined ? null : { id: Number(row.id), match_id: row.match_id === null ? null : Number(row.match_id), offsetMs: row.clip_offset_seconds * 1000 };
}

/** The DVR window's segments of a live room: the open broadcast's kept segments of the last `windowMs`. */
export async function dvrSegments(db: Kysely<Database>, roomId: number, windowMs: number, nowMs: number): Promise<{ broadcast: { id: number; match_id: number | null; offsetMs: number }; segments: ArchivedSegment[] } | null> {
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
  const broadcast = await recordingBroadcast(db, roomId);
  if (broadcast === null) return null;
  // Room info is read often: only the window's first segment, not the whole window.
  const fromMs = nowMs - windowMs;
  const first = await db
    .selectFrom('broadcast_segment')
    .select('started_at')
    .where('broadcast_id', '=', broadcast.id)
    .where('started_at', '>', new Date(fromMs - 60_000))
    .where(sql<boolean>`started_at + duration_ms * interval '1 millisecond' > ${new Date(fromMs)}`)
    .orderBy('started_at')
    .limit(1)
    .executeTakeFirst();
  if (first === undefined) return null;
  const startMs = first.started_at.getTime();
  return {
    playlist_url: `/live/${streamNameFor(roomId)}/dvr.m3u8`,
    window_start_at: new Date(startMs).toISOString(),
    markers: await matchMarkers(db, broadcast.match_id, startMs, nowMs, clipOfEvents, broadcast.offsetMs),
  };
}

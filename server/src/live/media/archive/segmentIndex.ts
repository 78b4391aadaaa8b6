import type { Kysely } from 'kysely';
import type { Database } from '../../../infra/db/schema';

/**
 * The archive's index (migration 0030): which segments of which broadcast are kept, and when
 * each began in wall time. The recorder writes it (one row per segment as ffmpeg finishes it);
 * the DVR playlist, the replay playlist and the clip cutter read it. Times are epoch ms.
 */
export interface ArchivedSegment {
  broadcastId: number;
  seq: number;
  /** Wall time (epoch ms) the segment's first frame reached the ingest. */
  startedAtMs: number;
  durationMs: number;
  bytes: number;
  /** Where the media storage keeps the segment (storage/README.md). */
  storageKey: string;
}

/** Adds a segment; the same (broadcast, seq) twice is one row (a restart re-reading a playlist). */
export async function recordSegment(db: Kysely<Database>, segment: ArchivedSegment): Promise<void> {
  await db
    .insertInto('broadcast_segment')
    .values({
      broadcast_id: segment.broadcastId,
      seq: segment.seq,
      started_at: new Date(segment.startedAtMs),
      duration_ms: segment.durationMs,
      bytes: segment.bytes,
      storage_key: segment.storageKey,
    })
    .onConflict((conflict) => conflict.columns(['broadcast_id', 'seq']).doNothing())
    .execute();
}

function toSegment(row: { broadcast_id: number; seq: number; started_at: Date; duration_ms: number; bytes: number; storage_key: string }): ArchivedSegment {
  return { broadcastId: Number(row.broadcast_id), seq: row.seq, startedAtMs: row.started_at.getTime(), durationMs: row.duration_ms, bytes: row.bytes, storageKey: row.storage_key };
}

/** A broadcast's kept segments in order, optionally only those overlapping [fromMs, toMs). */
export async function segmentsOfBroadcast(db: Kysely<Database>, broadcastId: number, span?: { fromMs: number; toMs: number }): Promise<ArchivedSegment[]> {
  let query = db.selectFrom('broadcast_segment').selectAll().where('broadcast_id', '=', broadcastId);
  if (span) {
    // A segment overlaps the span when it starts before its end and ends after its start; the
    // longest segment is 60 s (the table's check), which bounds the index scan.
    query = query.where('started_at', '<', new Date(span.toMs)).where('started_at', '>', new Date(span.fromMs - 60_000));
  }
  const rows = await query.orderBy('seq').execute();
  const segments = rows.map(toSegment);
  return span ? segments.filter((segment) => segment.startedAtMs + segment.durationMs > span.fromMs) : segments;
}

/**
 * The segments of a room's broadcast that overlap [fromMs, toMs): the broadcast on air at
 * `fromMs` (or the first to start within the span). Null when the room kept nothing of it.
 */
export async function segmentsOfRoomBetween(db: Kysely<Database>, roomId: number, fromMs: number, toMs: number): Promise<{ broadcastId: number; segments: ArchivedSegment[] } | null> {
  const broadcast = await db
    .selectFrom('broadcast')
    .select('id')
    .where('room_id', '=', roomId)
    .where('started_at', '<', new Date(toMs))
    .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', new Date(fromMs))]))
    .orderBy('started_at', 'desc')
    .executeTakeFirst();
  if (!broadcast) return null;
  const segments = await segmentsOfBroadcast(db, Number(broadcast.id), { fromMs, toMs });
  return segments.length === 0 ? null : { broadcastId: Number(broadcast.id), segments };
}

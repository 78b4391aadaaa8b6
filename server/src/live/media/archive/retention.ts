import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../infra/db/schema';
import type { MediaStorage } from '../../../media/index';
import { settleEndedRecordings } from './replayStates';

const DAY_MS = 86_400_000;
/** Replays removed per query while over the quota. */
const BATCH = 20;

/** The storage prefix of a broadcast's files (segments and first picture). */
export function broadcastPrefix(broadcastId: number): string {
  return `broadcasts/${broadcastId}/`;
}

/**
 * Removes a replay's files and segment rows and leaves its broadcast record `status` (deleted by
 * its anchor, expired by the policy), with nothing kept. Answers the bytes freed.
 */
export async function removeReplay(db: Kysely<Database>, storage: MediaStorage, broadcastId: number, status: 'deleted' | 'expired'): Promise<number> {
  const freed = await storage.deletePrefix(broadcastPrefix(broadcastId));
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('broadcast_segment').where('broadcast_id', '=', broadcastId).execute();
    await trx.updateTable('broadcast').set({ replay_status: status, replay_bytes: 0, replay_thumb_key: null }).where('id', '=', broadcastId).execute();
  });
  return freed;
}

export interface SweepResult {
  /** Recordings of ended broadcasts settled (ready or failed). */
  settled: number;
  /** Replays past REPLAY_RETENTION_DAYS, removed. */
  expired: number[];
  /** Replays removed, oldest first, to get under MEDIA_QUOTA_BYTES. */
  overQuota: number[];
  /** Segments of broadcasts on air, older than the DVR window, removed last (nothing ended was left to remove). */
  trimmedSegments: number;
  freedBytes: number;
}

/**
 * The retention sweep (every MEDIA_SWEEP_SECONDS): settles ended recordings, removes the replays
 * whose broadcast ended more than `retentionDays` ago, then, while the storage holds more than
 * its quota, the oldest replays (by end) first. A broadcast on air is never touched. Clips share
 * the storage and its quota; their own retention is the clips module's.
 */
export async function sweepArchive(
  db: Kysely<Database>,
  storage: MediaStorage,
  options: { retentionDays: number; dvrWindowMs: number; nowMs: number; log: FastifyBaseLogger; needBytes?: number },
): Promise<SweepResult> {
  const settled = (await settleEndedRecordings(db)).length;
  const result: SweepResult = { settled, expired: [], overQuota: [], trimmedSegments: 0, freedBytes: 0 };
  const cutoff = new Date(options.nowMs - options.retentionDays * DAY_MS);
  const old = await db.selectFrom('broadcast').select('id').where('replay_status', 'in', ['ready', 'hidden', 'failed']).where('ended_at', '<', cutoff).orderBy('ended_at').orderBy('id').execute();
  for (const { id } of old) {
    result.freedBytes += await removeReplay(db, storage, Number(id), 'expired');
    result.expired.push(Number(id));
  }
  const quota = storage.quotaBytes;
  // Over the quota (or about to be, by `needBytes`: a segment the recorder must keep), the sweep
  // frees down to 95 % of it, so it does not run again at every segment.
  const need = options.needBytes ?? 0;
  const goal = quota === null ? Number.POSITIVE_INFINITY : storage.bytesUsed() + need > quota ? Math.floor(quota * 0.95) - need : quota;
  while (storage.bytesUsed() > goal) {
    const oldest = await db
      .selectFrom('broadcast')
      .select('id')
      .where('replay_status', 'in', ['ready', 'hidden', 'failed'])
      .where('ended_at', 'is not', null)
      .where((eb) => eb.or([eb('replay_bytes', '>', 0), eb('replay_thumb_key', 'is not', null), eb.exists(eb.selectFrom('broadcast_segment').select(sql`1`.as('one')).whereRef('broadcast_segment.broadcast_id', '=', 'broadcast.id'))]))
      .orderBy('ended_at')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (oldest.length === 0) break;
    for (const { id } of oldest) {
      if (storage.bytesUsed() <= goal) break;
      result.freedBytes += await removeReplay(db, storage, Number(id), 'expired');
      result.overQuota.push(Number(id));
    }
  }
  // Still over: a broadcast on air for longer than the storage holds (a 24/7 room) keeps its
  // latest part, at least the DVR window; its oldest segments go.
  while (storage.bytesUsed() > goal) {
    const trimmed = await trimOnAirSegments(db, storage, options.nowMs - options.dvrWindowMs, goal);
    if (trimmed.count === 0) break;
    result.trimmedSegments += trimmed.count;
    result.freedBytes += trimmed.freed;
  }
  if (result.expired.length > 0 || result.overQuota.length > 0 || result.trimmedSegments > 0) {
    options.log.info(
      { expired: result.expired.length, overQuota: result.overQuota.length, trimmedSegments: result.trimmedSegments, freedBytes: result.freedBytes, bytesUsed: storage.bytesUsed(), quotaBytes: quota },
      'archive: retention sweep removed replays',
    );
  }
  if (quota !== null && storage.bytesUsed() > quota) {
    options.log.warn({ bytesUsed: storage.bytesUsed(), quotaBytes: quota }, 'archive: media storage still over its quota with no replay left to remove (clips or live recordings hold it)');
  }
  return result;
}

const TRIM_BATCH = 100;

/** Removes up to TRIM_BATCH of the oldest segments of broadcasts on air that started before `beforeMs` (outside the DVR window). */
async function trimOnAirSegments(db: Kysely<Database>, storage: MediaStorage, beforeMs: number, goal: number): Promise<{ count: number; freed: number }> {
  const oldest = await db
    .selectFrom('broadcast_segment')
    .innerJoin('broadcast', 'broadcast.id', 'broadcast_segment.broadcast_id')
    .select(['broadcast_segment.broadcast_id', 'broadcast_segment.seq', 'broadcast_segment.storage_key', 'broadcast_segment.bytes', 'broadcast_segment.duration_ms'])
    .where('broadcast.ended_at', 'is', null)
    .where('broadcast_segment.started_at', '<', new Date(beforeMs))
    .orderBy('broadcast_segment.started_at')
    .limit(TRIM_BATCH)
    .execute();
  let freed = 0;
  let count = 0;
  for (const segment of oldest) {
    if (storage.bytesUsed() <= goal) break;
    count += 1;
    freed += await storage.delete(segment.storage_key);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('broadcast_segment').where('broadcast_id', '=', segment.broadcast_id).where('seq', '=', segment.seq).execute();
      await trx
        .updateTable('broadcast')
        .set({ replay_bytes: sql<number>`greatest(0, replay_bytes - ${segment.bytes})`, replay_duration_ms: sql<number>`greatest(0, replay_duration_ms - ${segment.duration_ms})` })
        .where('id', '=', segment.broadcast_id)
        .execute();
    });
  }
  return { count, freed };
}

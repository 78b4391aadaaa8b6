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
  freedBytes: number;
}

/**
 * The retention sweep (every MEDIA_SWEEP_SECONDS): settles ended recordings, removes the replays
 * whose broadcast ended more than `retentionDays` ago, then, while the storage holds more than
 * its quota, the oldest replays (by end) first. A broadcast on air is never touched. Clips share
 * the storage and its quota; their own retention is the clips module's.
 */
export async function sweepArchive(db: Kysely<Database>, storage: MediaStorage, options: { retentionDays: number; nowMs: number; log: FastifyBaseLogger }): Promise<SweepResult> {
  const settled = (await settleEndedRecordings(db)).length;
  const result: SweepResult = { settled, expired: [], overQuota: [], freedBytes: 0 };
  const cutoff = new Date(options.nowMs - options.retentionDays * DAY_MS);
  const old = await db.selectFrom('broadcast').select('id').where('replay_status', 'in', ['ready', 'hidden', 'failed']).where('ended_at', '<', cutoff).orderBy('ended_at').orderBy('id').execute();
  for (const { id } of old) {
    result.freedBytes += await removeReplay(db, storage, Number(id), 'expired');
    result.expired.push(Number(id));
  }
  const quota = storage.quotaBytes;
  while (quota !== null && storage.bytesUsed() > quota) {
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
      if (storage.bytesUsed() <= quota) break;
      result.freedBytes += await removeReplay(db, storage, Number(id), 'expired');
      result.overQuota.push(Number(id));
    }
  }
  if (result.expired.length > 0 || result.overQuota.length > 0) {
    options.log.info({ expired: result.expired.length, overQuota: result.overQuota.length, freedBytes: result.freedBytes, bytesUsed: storage.bytesUsed(), quotaBytes: quota }, 'archive: retention sweep removed replays');
  }
  if (quota !== null && storage.bytesUsed() > quota) {
    options.log.warn({ bytesUsed: storage.bytesUsed(), quotaBytes: quota }, 'archive: media storage still over its quota with no replay left to remove (clips or live recordings hold it)');
  }
  return result;
}

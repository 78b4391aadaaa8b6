import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { ClipMetrics } from './clipMetrics';
import { clipFailures } from './clipService';
import { type ClipStorage, clipThumbKey, clipVideoKey } from './clipStorage';
import type { ClipsConfig } from './clipsConfig';

/** A clip still `cutting` this long after its span ended was interrupted (its node stopped). */
const INTERRUPTED_AFTER_MS = 5 * 60_000;
const SWEEP_BATCH = 200;

/**
 * The retention sweep (every node may run it; each row is taken once): clips older than
 * CLIP_RETENTION_DAYS (goal and penalty clips: GOAL_CLIP_RETENTION_DAYS) lose their files and
 * leave the lists (deleted_at set, the row kept for its event id: the feed never cuts it again);
 * clips left `cutting` by a node that stopped are marked failed. Answers what it did.
 */
export async function sweepClips(
  deps: { db: Kysely<Database>; storage: ClipStorage; config: ClipsConfig; metrics: ClipMetrics; log: FastifyBaseLogger },
  nowMs: number,
): Promise<{ expired: number; interrupted: number }> {
  const { db, storage, config, log } = deps;
  const goalCutoff = new Date(nowMs - config.goalRetentionDays * 86_400_000);
  const otherCutoff = new Date(nowMs - config.retentionDays * 86_400_000);
  let expired = 0;
  for (;;) {
    const { rows } = await sql<{ id: number }>`
      update clip set deleted_at = ${new Date(nowMs)}, video_key = null, thumb_key = null
      where id in (
        select id from clip
        where deleted_at is null
          and ((kind in ('goal', 'penalty') and created_at < ${goalCutoff}) or (kind not in ('goal', 'penalty') and created_at < ${otherCutoff}))
        order by id
        limit ${SWEEP_BATCH}
        for update skip locked
      )
      returning id`.execute(db);
    for (const { id } of rows) {
      await storage.remove(clipVideoKey(Number(id)));
      await storage.remove(clipThumbKey(Number(id)));
    }
    expired += rows.length;
    if (rows.length < SWEEP_BATCH) break;
  }
  const interrupted = await db
    .updateTable('clip')
    .set({ status: 'failed', failure: clipFailures.interrupted })
    .where('status', '=', 'cutting')
    .where('to_at', '<', new Date(nowMs - INTERRUPTED_AFTER_MS))
    .returning('id')
    .execute();
  if (interrupted.length > 0) deps.metrics.failures.inc({ reason: 'interrupted' }, interrupted.length);
  // Files a stopped node left half written.
  await storage.sweepStaging?.(nowMs - INTERRUPTED_AFTER_MS).catch(() => 0);
  if (expired > 0 || interrupted.length > 0) log.info({ expired, interrupted: interrupted.length }, 'clips: retention sweep');
  return { expired, interrupted: interrupted.length };
}

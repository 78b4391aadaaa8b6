import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../infra/db/schema';

/** What a replay with nothing kept says to its anchor. */
export const NOTHING_RECORDED_TEXT = '没有录到可回放的画面';

/** The storage refused a segment: the broadcast's replay fails with `failure` (shown to its anchor). */
export async function markRecordingFailed(db: Kysely<Database>, broadcastId: number, failure: string): Promise<void> {
  await db.updateTable('broadcast').set({ replay_status: 'failed', replay_failure: failure }).where('id', '=', broadcastId).where('replay_status', '=', 'recording').execute();
}

/**
 * Every ended broadcast still `recording` becomes `ready` (its segments counted again: bytes and
 * length exact) or `failed` when nothing was kept. Run when a stream ends (so its replay is
 * watchable at once), by the periodic sweep, and after a restart closed broadcasts a crash left
 * open. Answers the broadcasts settled.
 */
export async function settleEndedRecordings(db: Kysely<Database>): Promise<Array<{ id: number; status: 'ready' | 'failed' }>> {
  const rows = await sql<{ id: number; replay_status: 'ready' | 'failed' }>`
    with totals as (
      select b.id,
        coalesce((select sum(s.bytes) from broadcast_segment s where s.broadcast_id = b.id), 0) as bytes,
        coalesce((select sum(s.duration_ms) from broadcast_segment s where s.broadcast_id = b.id), 0) as duration_ms
      from broadcast b
      where b.replay_status = 'recording' and b.ended_at is not null
      for update of b skip locked
    )
    update broadcast b set
      replay_status = case when t.duration_ms > 0 then 'ready' else 'failed' end,
      replay_failure = case when t.duration_ms > 0 then null else ${NOTHING_RECORDED_TEXT} end,
      replay_bytes = t.bytes,
      replay_duration_ms = t.duration_ms
    from totals t
    where b.id = t.id
    returning b.id, b.replay_status`.execute(db);
  return rows.rows.map((row) => ({ id: Number(row.id), status: row.replay_status }));
}

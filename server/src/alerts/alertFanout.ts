import { type FanAlert, MATCH_MESSAGE_RETENTION_DAYS } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import { alertAudience } from './alertAudience';
import { type AlertRow, loadAlerts } from './alertRows';

/** Members written by one batch statement (one short transaction each). */
export const FANOUT_BATCH = 2_000;
/**
 * The pause after a full batch of a drain: the job leaves the cores to the live data between its
 * statements (bench:alerts: the live-data socket's p99 while 100,000 messages are written), and
 * 100,000 followers still take about 50 batches × (their statement + this) ≈ 13 s, far under 30 s.
 * A shorter batch pauses in proportion to what it read (`fanoutPauseMs`): an alert followed by
 * nobody, as most demo goals are, costs no pause, so a busy feed never queues alerts behind sleeps.
 */
export const FANOUT_PAUSE_MS = 200;

/** The pause after `batch`: FANOUT_PAUSE_MS per full batch read, in proportion below it (whole ms). */
export function fanoutPauseMs(seen: number, batchSize: number, pauseMs: number): number {
  return Math.floor((pauseMs * Math.min(seen, batchSize)) / batchSize);
}

export interface FanoutBatch {
  alertId: number;
  /** The alert (null when it was dropped: its match or anchor gone, or older than 7 days). */
  alert: FanAlert | null;
  /** 赛事 messages this batch wrote (not those a retried batch had written already). */
  written: number;
  /**
   * Of the members written, those with a Web Push subscription (the push's recipients): only they
   * come back from the statement, not the batch's 2,000 ids (a list that long, parsed here and
   * sent back as a parameter, cost the server more than the rest of the batch: bench:alerts' profile).
   */
  pushTo: number[];
  /** Followers this batch read (written now or by a retried batch before): what the pause after it is for. */
  seen: number;
  done: boolean;
}

/**
 * The fan-out job of the 赛事 tab (alerts/README.md, "The fan-out job"): never in the feed's path.
 * Each step claims the oldest alert not fanned out (`for update skip locked`: two nodes share the
 * work, never the same alert at once) and, in one short transaction, writes the next
 * `batchSize` followers' messages with one INSERT … SELECT keyed by `alert:<id>` (a retried batch
 * writes nothing twice: UNIQUE (member_id, event_key)) and moves the alert's cursor past them. A
 * restart resumes from the cursor. An alert older than the 赛事 tab's 7 days is dropped unwritten.
 */
export class AlertFanout {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly batchSize: number = FANOUT_BATCH,
    private readonly pauseMs: number = FANOUT_PAUSE_MS,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** One batch of the oldest pending alert; null when none is pending (or all are being written by others). */
  async step(): Promise<FanoutBatch | null> {
    return this.db.transaction().execute(async (trx) => {
      const { rows: claimed } = await sql<{ id: string; fanout_after: string; created_at: Date }>`
        select id, fanout_after, created_at from alert_event where fanout_done_at is null
        order by id limit 1 for update skip locked`.execute(trx);
      const claim = claimed[0];
      if (claim === undefined) return null;
      const alertId = Number(claim.id);
      const [row] = await loadAlerts(trx, [alertId]);
      const tooOld = claim.created_at.getTime() < Date.now() - MATCH_MESSAGE_RETENTION_DAYS * 86_400_000;
      if (row === undefined || tooOld || (row.anchorId === null && row.teamIds.length === 0)) {
        await sql`update alert_event set fanout_done_at = now() where id = ${alertId}`.execute(trx);
        return { alertId, alert: null, written: 0, pushTo: [], seen: 0, done: true };
      }
      const { rows } = await this.writeBatch(row, Number(claim.fanout_after)).execute(trx);
      const result = rows[0] ?? { seen: 0, last: null, written: 0, push_to: null };
      const done = Number(result.seen) < this.batchSize;
      await sql`
        update alert_event set fanout_after = coalesce(${result.last}::bigint, fanout_after), fanout_attempts = 0,
          fanout_done_at = ${done ? sql`now()` : sql`null`}
        where id = ${alertId}`.execute(trx);
      return { alertId, alert: row.alert, written: Number(result.written), pushTo: (result.push_to ?? []).map(Number), seen: Number(result.seen), done };
    });
  }

  /** Runs steps until nothing is pending, each followed by its pause (fanoutPauseMs); answers the messages written. */
  async drain(onBatch?: (batch: FanoutBatch) => void): Promise<number> {
    let total = 0;
    for (;;) {
      const batch = await this.step();
      if (batch === null) return total;
      total += batch.written;
      onBatch?.(batch);
      const pause = fanoutPauseMs(batch.seen, this.batchSize, this.pauseMs);
      if (pause > 0) await this.sleep(pause);
    }
  }

  private writeBatch(row: AlertRow, after: number) {
    const { alert } = row;
    return sql<{ seen: string; last: string | null; written: string; push_to: string[] | null }>`
      with batch as (${alertAudience(row, { after, limit: this.batchSize })}),
      written as (
        insert into member_message (member_id, tab, kind, title, body, link, event_key)
        select member_id, 'match', ${alert.kind}, ${alert.title}, ${alert.body}, ${alert.link}, ${`alert:${alert.id}`} from batch
        on conflict (member_id, event_key) do nothing
        returning member_id)
      select (select count(*) from batch) as seen, (select max(member_id) from batch) as last,
        (select count(*) from written) as written,
        (select array_agg(w.member_id) from written w where exists (select 1 from push_subscription s where s.member_id = w.member_id)) as push_to`;
  }
}

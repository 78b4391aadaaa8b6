import type { Kysely } from 'kysely';
import { type BatchEntry, NaturalBatcher } from '../../infra/batching/naturalBatcher';
import type { Clock } from '../../infra/clock';
import type { Database } from '../../infra/db/schema';
import { errors } from '../../infra/http/errorCatalogue';
import { type GiftBatchOptions, type GiftSendRequest, type GiftSendRow, applyGiftBatch, assertGiftSendWellFormed } from './giftBatch';

/**
 * Natural batching of gift sends (wallet/README.md, "Gifts"; bench/gifts/README.md;
 * `infra/batching/naturalBatcher.ts`): at most `maxInFlight` batches in flight (2); the sends that
 * arrive meanwhile wait and go together as the next batch the moment one returns. Idle, a send
 * goes at once (no timer); busy, a batch holds what arrived during the previous one's round trip,
 * so the commits a second stay about what the database does while the sends a commit grow with
 * the load. Each batch is one statement (`applyGiftBatch`).
 */

export interface GiftBatcherOptions extends GiftBatchOptions {
  db: Kysely<Database>;
  clock: Clock;
  /** Most sends in one batch (the rest wait for the next). */
  maxBatch?: number;
  /** Batches in flight at once (2: the server prepares and answers one while PostgreSQL runs the other). */
  maxInFlight?: number;
  /** A batch that failed (every caller of it gets SERVER_BUSY): for the log. */
  onBatchError?: (error: unknown, sends: number) => void;
}

export interface GiftBatcherStats {
  batches: number;
  /** Batches run again after a deadlock or serialization failure. */
  retries: number;
  sends: number;
  largestBatch: number;
}

const DEFAULT_MAX_BATCH = 256;
/** A batch PostgreSQL aborted as a deadlock victim (40P01) or a serialization failure (40001) rolled back whole: it runs again, at most this often in all. */
const ATTEMPTS = 4;
/**
 * Before a rerun, a pause of about this much, doubled each time, with ±50% jitter. Rerun at once, a
 * batch can take the aborted batch's rows back before the other transaction (woken by the abort,
 * but not yet scheduled on a busy machine) takes them, and deadlock with it again.
 */
const RETRY_PAUSE_MS = 20;
const TRANSIENT_CODES: ReadonlySet<string> = new Set(['40P01', '40001']);
const DEFAULT_MAX_IN_FLIGHT = 2;

export class GiftBatcher {
  private readonly options: GiftBatcherOptions;
  private readonly batcher: NaturalBatcher<GiftSendRequest, GiftSendRow>;
  private retries = 0;

  constructor(options: GiftBatcherOptions) {
    this.options = options;
    this.batcher = new NaturalBatcher({
      name: 'GiftBatcher',
      maxBatch: options.maxBatch ?? DEFAULT_MAX_BATCH,
      maxInFlight: options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT,
      run: (batch) => this.run(batch),
    });
  }

  /** Queues one send; answers its row when its batch committed (refusals are rows too), or throws SERVER_BUSY if the batch failed. */
  send(request: GiftSendRequest): Promise<GiftSendRow> {
    assertGiftSendWellFormed(request);
    return this.batcher.add(request);
  }

  /** Batches and sends applied since the start. */
  stats(): GiftBatcherStats {
    const { batches, items, largestBatch } = this.batcher.stats();
    return { batches, retries: this.retries, sends: items, largestBatch };
  }

  /** Resolves when nothing is waiting or in flight (a server stopping). */
  drain(): Promise<void> {
    return this.batcher.drain();
  }

  private async run(batch: ReadonlyArray<BatchEntry<GiftSendRequest, GiftSendRow>>): Promise<void> {
    const requests = batch.map((entry) => entry.item);
    try {
      const rows = await this.applyWithRetries(requests);
      batch.forEach((entry, index) => entry.resolve(rows[index] as GiftSendRow));
    } catch (error) {
      this.options.onBatchError?.(error, batch.length);
      for (const entry of batch) entry.reject(errors.SERVER_BUSY());
    }
  }

  /**
   * A batch locks several members' rows, so a transaction locking two of them the other way round
   * (levels' exp for many viewers) can make it a deadlock victim: nothing of it was applied, so it
   * runs again (the sends are idempotent in any case).
   */
  private async applyWithRetries(requests: GiftSendRequest[]): Promise<GiftSendRow[]> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await applyGiftBatch(this.options.db, requests, this.options, this.options.clock());
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (attempt >= ATTEMPTS || typeof code !== 'string' || !TRANSIENT_CODES.has(code)) throw error;
        this.retries += 1;
        const pause = RETRY_PAUSE_MS * 2 ** (attempt - 1) * (0.5 + Math.random());
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  }
}

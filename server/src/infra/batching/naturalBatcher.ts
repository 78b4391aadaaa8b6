/**
 * Natural batching: items (a gift send, a session lookup, a red packet grab) wait in line and go
 * to the database in batches, with no timer. Idle, an item goes at once, alone; busy (`maxInFlight`
 * batches running), the items that arrive meanwhile wait and go together in the next batch the
 * moment one returns. So a batch holds what arrived during the previous one's round trip: the
 * round trips and commits a second stay about what the database does, while the items each one
 * carries grow with the load (bench/gifts/README.md, "Reading the figures").
 *
 * A batch takes at most `maxBatch` items, the oldest first (the rest wait for the next), and at
 * most `maxInFlight` batches run at once (2 in the server's batchers: the server prepares and
 * answers one while PostgreSQL runs the other). `run` answers each item of its batch (its
 * `resolve` or `reject`); if `run` throws, every item of that batch it left unanswered is rejected
 * with the error (the other batches' items are not touched), and the line goes on with the next
 * batch. An item `run` returns without answering is rejected too, rather than left waiting forever.
 *
 * What to batch, and how a batch is applied, stays with the user (`wallet/gifts/giftBatcher.ts`,
 * `accounts/sessions/batchedLogin.ts`, `redPackets/redPacketGrabBatcher.ts`, which keeps one line
 * per packet and drops it at `onIdle`).
 */

/** An item of a batch, with how to answer its caller (the first answer counts: a promise settles once). */
export interface BatchEntry<Item, Answer> {
  readonly item: Item;
  resolve(answer: Answer): void;
  reject(error: unknown): void;
}

export interface BatchLimits {
  /** Most items in one batch (the rest wait for the next). */
  maxBatch: number;
  /** Batches in flight at once. */
  maxInFlight: number;
}

export interface NaturalBatcherOptions<Item, Answer> extends BatchLimits {
  /** Who batches, for error messages (`GiftBatcher`). */
  name: string;
  /** Applies one batch and answers its entries, in any order; a throw rejects those left unanswered. */
  run: (batch: ReadonlyArray<BatchEntry<Item, Answer>>) => Promise<void>;
  /** Called when a batch returned and none is left in flight or waiting (a line per key can be dropped then). */
  onIdle?: () => void;
}

export interface NaturalBatcherStats {
  batches: number;
  items: number;
  largestBatch: number;
}

/** Throws unless both limits are positive integers (a batch of 0 items would never empty the line). */
export function checkBatchLimits(name: string, limits: BatchLimits): void {
  for (const key of ['maxBatch', 'maxInFlight'] as const) {
    const value = limits[key];
    if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name}: ${key} must be a positive integer, got ${value}`);
  }
}

export class NaturalBatcher<Item, Answer> {
  private waiting: Array<BatchEntry<Item, Answer>> = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly counters: NaturalBatcherStats = { batches: 0, items: 0, largestBatch: 0 };

  constructor(private readonly options: NaturalBatcherOptions<Item, Answer>) {
    checkBatchLimits(options.name, options);
  }

  /** Queues `item`; answers what `run` answered for it. Idle, its batch starts before this returns. */
  add(item: Item): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.startNext();
    });
  }

  /** Batches and items started since the start, and the largest batch. */
  stats(): NaturalBatcherStats {
    return { ...this.counters };
  }

  /** Resolves when nothing is waiting or in flight (a server stopping). */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private startNext(): void {
    while (this.inFlight.size < this.options.maxInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.options.maxBatch);
      const running: Promise<void> = this.run(batch).finally(() => {
        this.inFlight.delete(running);
        this.startNext();
        if (this.inFlight.size === 0) this.options.onIdle?.();
      });
      this.inFlight.add(running);
    }
  }

  private async run(batch: Array<BatchEntry<Item, Answer>>): Promise<void> {
    this.counters.batches += 1;
    this.counters.items += batch.length;
    this.counters.largestBatch = Math.max(this.counters.largestBatch, batch.length);
    // A promise settles once: rejecting every entry afterwards touches only those left unanswered.
    try {
      await this.options.run(batch);
    } catch (error) {
      for (const entry of batch) entry.reject(error);
      return;
    }
    const unanswered = new Error(`${this.options.name}: the batch returned without answering this item`);
    for (const entry of batch) entry.reject(unanswered);
  }
}

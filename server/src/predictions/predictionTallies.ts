import type { PredictionTally } from '@sports/shared/server';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Live tallies to the room, at most twice a second per prediction (coalesced): a stake marks its
 * prediction dirty; every `intervalMs` (500) the dirty ones are read once each and pushed
 * (`publish`: the chat's room line, cloudCustomData.prediction). A burst of 1,000 stakes in a
 * second is two pushes, not 1,000.
 */
export class PredictionTallies {
  private readonly dirty = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly read: (id: number) => Promise<{ tally: PredictionTally; ownerId: number } | null>,
    /** ownerId: the room's anchor (the room's chat group). */
    private readonly publish: (tally: PredictionTally, ownerId: number) => Promise<void> | void,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 500,
  ) {}

  touch(id: number): void {
    this.dirty.add(id);
    if (this.timer === null) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, this.intervalMs);
      this.timer.unref();
    }
  }

  /** Pushes every dirty prediction's tally now (tests; the timer). */
  async flush(): Promise<void> {
    await this.flushing;
    const ids = [...this.dirty];
    this.dirty.clear();
    this.flushing = (async () => {
      for (const id of ids) {
        try {
          const read = await this.read(id);
          if (read !== null) await this.publish(read.tally, read.ownerId);
        } catch (error) {
          this.log.warn({ err: error, predictionId: id }, 'predictions: a tally push failed');
        }
      }
    })();
    await this.flushing;
    this.flushing = null;
  }

  async stop(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    await this.flushing;
  }
}

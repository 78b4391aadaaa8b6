import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema';
import type { LiveDataHub } from '../liveData/liveDataHub';
import { postgresSeqBlocks } from '../liveData/seqAllocator';
import { DemoFeedSimulator, type DemoFeedOptions } from './demoFeedSimulator';
import { FeedLeadership } from './feedLeadership';
import { FeedPipeline } from './feedPipeline';
import type { FeedBatch } from './matchFeed';
import type { MatchFinished } from './matchResults';

/** A node that does not lead tries again this often (the leader may have died). */
const FOLLOWER_RETRY_MS = 15_000;

export type LiveFeedOptions = Omit<DemoFeedOptions, 'log'>;

/**
 * Runs the feed on this node when it wins the leadership: numbers the streams (reserving seq
 * blocks), stores and publishes every batch. Other nodes keep trying, so the feed moves to
 * another node when its node goes away.
 */
export class LiveFeed {
  readonly simulator: DemoFeedSimulator;
  private readonly leadership: FeedLeadership;
  private readonly pipeline: FeedPipeline;
  private retryTimer: NodeJS.Timeout | undefined;
  private leading = false;
  private stopped = false;
  /** When this node last stored a batch (Date.now()); null before the first: the feed lag on /metrics. */
  lastBatchStoredAt: number | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly hub: LiveDataHub,
    options: LiveFeedOptions,
    private readonly log: FastifyBaseLogger,
    /** The full-time event (`app.matchResults`, matchResults.ts). */
    onFinished?: (finished: readonly MatchFinished[]) => void,
  ) {
    this.simulator = new DemoFeedSimulator({ ...options, log });
    this.leadership = new FeedLeadership(db);
    this.pipeline = new FeedPipeline(db, hub, log, onFinished);
  }

  get isLeading(): boolean {
    return this.leading;
  }

  /** Tries to lead now; resolves once this node runs the feed or knows another one does. */
  async start(): Promise<void> {
    if (this.stopped) return;
    const acquired = await this.leadership.tryAcquire((error) => {
      this.log.error({ err: error }, 'feed: lost the leadership (database connection failed); stopping the feed');
      void this.stopFeed().then(() => this.retryLater());
    });
    if (!acquired) {
      this.log.info('feed: another node runs the feed; this node serves its streams');
      this.retryLater();
      return;
    }
    this.leading = true;
    await this.hub.enablePublishing(postgresSeqBlocks(this.db));
    // Stopped while starting (the server shut down mid start-up): no simulator may outlive it.
    if (this.stopped) return this.stopFeed();
    await this.simulator.start(this.deliverAndNote);
    if (this.stopped) return this.stopFeed();
    this.log.info({ seed: this.simulator.timing.seed, speed: this.simulator.timing.speed }, 'feed: demo simulator running on this node');
  }

  private readonly deliverAndNote = async (batch: FeedBatch): Promise<void> => {
    await this.pipeline.deliver(batch);
    this.lastBatchStoredAt = Date.now();
  };

  /** Tests: advance the simulator to its clock and store + publish the batch. */
  tick(): Promise<void> {
    return this.simulator.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    await this.stopFeed();
  }

  private async stopFeed(): Promise<void> {
    await this.simulator.stop();
    if (this.leading) await this.leadership.releaseLock();
    this.leading = false;
  }

  private retryLater(): void {
    if (this.stopped) return;
    this.retryTimer = setTimeout(() => {
      this.start().catch((error: unknown) => this.log.error({ err: error }, 'feed: could not start'));
    }, FOLLOWER_RETRY_MS);
    this.retryTimer.unref();
  }
}

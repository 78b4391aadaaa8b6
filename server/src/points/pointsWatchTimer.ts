import type { FastifyBaseLogger } from 'fastify';

export interface PointsWatchTimerOptions {
  /** The signed-in members in open rooms' chat groups on this node (`app.chatActivity.watchingMembers`). */
  watching: () => Promise<number[]>;
  award: (memberIds: number[], now: Date) => Promise<unknown>;
  now: () => Date;
  log: FastifyBaseLogger;
  tickMs: number;
}

/** Every POINTS_WATCH_TICK_SECONDS: who is watching on this node, reported to the earnings (earnings.ts counts the time). */
export class PointsWatchTimer {
  private readonly timer: NodeJS.Timeout;
  private running: Promise<void> | null = null;

  constructor(private readonly options: PointsWatchTimerOptions) {
    this.timer = setInterval(() => void this.tick(), options.tickMs);
    this.timer.unref();
  }

  /** One sighting now (the timer's; tests call it). Overlapping ticks are skipped, never queued. */
  tick(): Promise<void> {
    if (this.running !== null) return this.running;
    this.running = this.sight().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async sight(): Promise<void> {
    try {
      const watching = await this.options.watching();
      if (watching.length > 0) await this.options.award(watching, this.options.now());
    } catch (error) {
      this.options.log.warn({ err: error }, 'points: counting watch time failed');
    }
  }
}

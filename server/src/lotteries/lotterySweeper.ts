import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../infra/clock';
import type { Database } from '../infra/db/schema';
import { type DrawnLottery, drawLottery, dueLotteries } from './lotteryService';

/**
 * Every LOTTERY_SWEEP_SECONDS each node draws the lotteries whose window ended. Several nodes
 * sweep at once safely (and a restarted node picks up what was due meanwhile): drawLottery locks
 * the row WHERE drawn_at IS NULL and draws it once; the node that did tells the room.
 */
export class LotterySweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<DrawnLottery[]> | null = null;

  constructor(
    private readonly options: { db: Kysely<Database>; clock: Clock; log: FastifyBaseLogger; everyMs: number; beforeSweep: (now: Date) => Promise<void>; onDrawn: (drawn: DrawnLottery) => void },
  ) {}

  start(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) => this.options.log.warn({ err: error }, 'lotteries: a sweep failed'));
    }, this.options.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One sweep (tests call it by hand); a sweep already running on this node is joined. */
  sweep(): Promise<DrawnLottery[]> {
    if (this.running !== null) return this.running;
    this.running = this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<DrawnLottery[]> {
    const now = this.options.clock();
    await this.options.beforeSweep(now);
    const drawn: DrawnLottery[] = [];
    for (const id of await dueLotteries(this.options.db, now)) {
      const done = await drawLottery(this.options.db, id, now);
      if (done === null) continue;
      drawn.push(done);
      this.options.log.info({ lotteryId: id, winners: done.winnerIds.length, entrants: done.entrants, refunded: done.refunded }, 'lotteries: drawn');
      this.options.onDrawn(done);
    }
    return drawn;
  }
}

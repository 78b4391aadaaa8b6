import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../infra/clock';
import type { Database } from '../infra/db/schema';
import { type FinishedPacket, duePackets, finishPacket } from './redPacketService';

/**
 * Every RED_PACKET_SWEEP_SECONDS each node finishes the packets that are due (expired: the rest
 * refunded; emptied: the seed revealed). Several nodes sweep at once safely: finishPacket locks
 * the packet and finishes it once; the node that did tells the room.
 */
export class RedPacketSweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<FinishedPacket[]> | null = null;

  constructor(
    private readonly options: { db: Kysely<Database>; clock: Clock; log: FastifyBaseLogger; everyMs: number; beforeSweep: (now: Date) => Promise<void>; onFinished: (finished: FinishedPacket) => void },
  ) {}

  start(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) => this.options.log.warn({ err: error }, 'red packets: a sweep failed'));
    }, this.options.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One sweep (tests call it by hand); a sweep already running on this node is joined. */
  sweep(): Promise<FinishedPacket[]> {
    if (this.running !== null) return this.running;
    this.running = this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<FinishedPacket[]> {
    const now = this.options.clock();
    await this.options.beforeSweep(now);
    const finished: FinishedPacket[] = [];
    for (const id of await duePackets(this.options.db, now)) {
      const done = await finishPacket(this.options.db, id, now);
      if (done === null) continue;
      finished.push(done);
      this.options.log.info({ packetId: id, refunded: done.refunded }, 'red packets: finished');
      this.options.onFinished(done);
    }
    return finished;
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../infra/clock';
import type { Database } from '../infra/db/schema';
import { DueSweeper } from '../infra/dueSweeper';
import { type DrawnLottery, drawLottery, dueLotteries } from './lotteryService';

/**
 * Every LOTTERY_SWEEP_SECONDS each node draws the lotteries whose window ended. Several nodes
 * sweep at once safely (and a restarted node picks up what was due meanwhile): drawLottery locks
 * the row WHERE drawn_at IS NULL and draws it once; the node that did tells the room
 * (infra/dueSweeper.ts).
 */
export type LotterySweeper = DueSweeper<DrawnLottery>;

export function lotterySweeper(options: { db: Kysely<Database>; clock: Clock; log: FastifyBaseLogger; everyMs: number; beforeSweep: (now: Date) => Promise<void>; onDrawn: (drawn: DrawnLottery) => void }): LotterySweeper {
  const { db } = options;
  return new DueSweeper<DrawnLottery>({
    name: 'lotteries',
    everyMs: options.everyMs,
    log: options.log,
    clock: options.clock,
    beforeSweep: options.beforeSweep,
    due: (now) => dueLotteries(db, now),
    finish: (id, now) => drawLottery(db, id, now),
    onDone: options.onDrawn,
    describe: (_id, done) => ({ lotteryId: done.lottery.id, winners: done.winnerIds.length, entrants: done.entrants, refunded: done.refunded }),
  });
}

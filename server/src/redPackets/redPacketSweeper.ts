import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../infra/clock';
import type { Database } from '../infra/db/schema';
import { DueSweeper } from '../infra/dueSweeper';
import { type FinishedPacket, duePackets, finishPacket } from './redPacketService';

/**
 * Every RED_PACKET_SWEEP_SECONDS each node finishes the packets that are due (expired: the rest
 * refunded; emptied: the seed revealed). Several nodes sweep at once safely: finishPacket locks
 * the packet and finishes it once; the node that did tells the room (infra/dueSweeper.ts).
 */
export type RedPacketSweeper = DueSweeper<FinishedPacket>;

export function redPacketSweeper(options: { db: Kysely<Database>; clock: Clock; log: FastifyBaseLogger; everyMs: number; beforeSweep: (now: Date) => Promise<void>; onFinished: (finished: FinishedPacket) => void }): RedPacketSweeper {
  const { db } = options;
  return new DueSweeper<FinishedPacket>({
    name: 'red packets',
    everyMs: options.everyMs,
    log: options.log,
    clock: options.clock,
    beforeSweep: options.beforeSweep,
    due: (now) => duePackets(db, now),
    finish: (id, now) => finishPacket(db, id, now),
    onDone: options.onFinished,
    describe: (_id, done) => ({ packetId: done.packet.id, refunded: done.refunded }),
  });
}

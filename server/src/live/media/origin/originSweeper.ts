import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../infra/db/schema';
import { closeOpenBroadcasts, markRoomOffline } from '../broadcastRecords';
import type { StreamEvents } from '../streamEvents';

/**
 * Ends the pushes of origins that died without a word (SIGKILL, power, network): every node sweeps
 * `media_origin` rows whose lease ran out. The row's delete and the room's end are one transaction,
 * so a node that claims the room meanwhile waits on the row and starts its broadcast after this
 * one ended (never the other way round). Only the node whose delete returned the row says offline.
 *
 * A node never sweeps its own rows (`ownNodeId`): while it runs to sweep, it runs to renew, and a
 * lease it let run out under a stall (a busy machine, a slow database) is claimed again by its
 * renewal (originLeases.ts) instead of flapping its rooms offline. A single node therefore never
 * ends its own pushes this way; a node restarted after SIGKILL has a new id and sweeps its old rows.
 */
export async function sweepExpiredOrigins(db: Kysely<Database>, events: StreamEvents, log: FastifyBaseLogger, ownNodeId: string): Promise<number> {
  const ended = await db.transaction().execute(async (trx) => {
    const expired = await trx
      .deleteFrom('media_origin')
      .where('lease_until', '<', sql<Date>`now()`)
      .where('node_id', '<>', ownNodeId)
      .returning(['room_id', 'node_id'])
      .execute();
    const rooms: { roomId: number; nodeId: string; isOpen: boolean }[] = [];
    for (const row of expired) {
      await closeOpenBroadcasts(trx, row.room_id);
      const room = await markRoomOffline(trx, row.room_id);
      if (room !== null) rooms.push({ roomId: row.room_id, nodeId: row.node_id, isOpen: room.isOpen });
    }
    return rooms;
  });
  for (const room of ended) {
    log.warn({ roomId: room.roomId, originNode: room.nodeId }, 'origin lease expired (its node stopped renewing): the room is offline');
    events.emit('offline', { roomId: room.roomId, state: room.isOpen ? 'paused' : 'ended' });
  }
  return ended.length;
}

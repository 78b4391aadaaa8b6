import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../infra/db/schema';

/** A room's origin: the node that receives its push, and where the other nodes reach it. */
export interface RoomOrigin {
  nodeId: string;
  internalUrl: string;
  /** When this node became the room's origin (ms): a new publish is a new epoch of its segments. */
  claimedAtMs: number;
  /** Whether the origin makes HLS of the push (it has ffmpeg): other nodes then offer its address. */
  makesHls: boolean;
}

/**
 * The `media_origin` rows (migration 0048): which node holds each room's push, under a lease in
 * PostgreSQL. Every statement is one atomic row operation, so two nodes that admit a push for the
 * same room at the same moment cannot both win: the primary key serialises them and the loser's
 * conditional upsert changes nothing. Lease times are PostgreSQL's `now()`.
 */
export class OriginRegistry {
  constructor(
    private readonly db: Kysely<Database>,
    /** This node (random per process start: a restarted node never mistakes an old lease for its own). */
    readonly nodeId: string,
    private readonly leaseMs: number,
  ) {}

  /**
   * Makes this node the room's origin: true when the room had none, its lease ran out, or it is
   * already this node's (then renewed); false while another node's lease lasts. `makesHls`: this
   * node makes HLS of the push (other nodes then hand out its HLS address).
   */
  async claim(roomId: number, internalUrl: string, makesHls = true): Promise<boolean> {
    const row = await sql<{ room_id: number }>`
      insert into media_origin (room_id, node_id, internal_url, makes_hls, lease_until)
      values (${roomId}, ${this.nodeId}, ${internalUrl}, ${makesHls}, now() + ${this.leaseMs} * interval '1 millisecond')
      on conflict (room_id) do update set
        node_id = excluded.node_id,
        internal_url = excluded.internal_url,
        makes_hls = excluded.makes_hls,
        lease_until = excluded.lease_until,
        claimed_at = case when media_origin.node_id = excluded.node_id then media_origin.claimed_at else now() end
      where media_origin.node_id = excluded.node_id or media_origin.lease_until < now()
      returning room_id`.execute(this.db);
    return row.rows.length === 1;
  }

  /**
   * Extends this node's lease of the room; false when it is no longer this node's (it ran out and
   * was swept, or another node claimed it): the push here must stop.
   */
  async renew(roomIds: readonly number[]): Promise<Set<number>> {
    if (roomIds.length === 0) return new Set();
    const rows = await this.db
      .updateTable('media_origin')
      .set({ lease_until: sql<Date>`now() + ${this.leaseMs} * interval '1 millisecond'` })
      .where('room_id', 'in', roomIds)
      .where('node_id', '=', this.nodeId)
      .returning('room_id')
      .execute();
    return new Set(rows.map((row) => row.room_id));
  }

  /** The push here ended: the room has no origin until the next push. */
  async release(roomId: number): Promise<void> {
    await this.db.deleteFrom('media_origin').where('room_id', '=', roomId).where('node_id', '=', this.nodeId).execute();
  }

  /** The room's origin while its lease lasts; null when no node holds its push. */
  async originOf(roomId: number): Promise<RoomOrigin | null> {
    const row = await this.db
      .selectFrom('media_origin')
      .select(['node_id', 'internal_url', 'claimed_at', 'makes_hls'])
      .where('room_id', '=', roomId)
      .where('lease_until', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row === undefined ? null : { nodeId: row.node_id, internalUrl: row.internal_url, claimedAtMs: row.claimed_at.getTime(), makesHls: row.makes_hls };
  }

  /** Whether the room's writes are this node's to make: no other node holds a live lease of it. */
  async noOtherOrigin(roomId: number): Promise<boolean> {
    const origin = await this.originOf(roomId);
    return origin === null || origin.nodeId === this.nodeId;
  }
}

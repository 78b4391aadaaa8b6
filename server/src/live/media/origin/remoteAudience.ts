import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../infra/db/schema';
import { databaseInputError } from '../../../infra/http/databaseErrors';

/** How often a node writes its counts and reads the others' (ms). */
export const AUDIENCE_REPORT_MS = 2_000;
/** A count not renewed for this long is a gone node's: ignored by the origin... */
const STALE_SECONDS = 10;
/** ...and deleted by any node after this long. */
const FORGOTTEN_SECONDS = 60;

export interface RemoteAudienceOptions {
  db: Kysely<Database>;
  nodeId: string;
  log: FastifyBaseLogger;
  /** Rooms with players on this node now (FLV connections, recent HLS clients). */
  watchedRooms: () => number[];
  /** This node's players of a room. */
  viewers: (roomId: number) => number;
  reportMs?: number;
}

/**
 * A room's audience across nodes (issue 37): players of a room pushed elsewhere watch it on this
 * node, and the origin, which keeps the broadcast's peak, would not see them. Every
 * AUDIENCE_REPORT_MS each node writes its count of every room it serves but does not originate
 * (table media_audience, one row per room and node; its rows of rooms nobody watches here any
 * more go), and reads the other nodes' fresh counts of the rooms it originates: `of(roomId)`.
 * Nothing is written or read while no room is watched or pushed here. The chat's presence, which
 * the peak also takes, is global already (over Redis between nodes).
 */
export class RemoteAudience {
  private readonly others = new Map<number, number>();
  /** Rooms this node has a row for. */
  private reported = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> = Promise.resolve();
  private failing = false;
  /** Rooms whose push this node holds (it is their origin): the ingest's, given at start. */
  private originatedRooms: () => number[] = () => [];

  constructor(private readonly options: RemoteAudienceOptions) {}

  /** The players of a room this node originates on the other nodes (0 when none reported). */
  of(roomId: number): number {
    return this.others.get(roomId) ?? 0;
  }

  start(originatedRooms: () => number[]): void {
    this.originatedRooms = originatedRooms;
    this.timer = setInterval(() => {
      this.ticking = this.ticking.then(() => this.tick());
    }, this.options.reportMs ?? AUDIENCE_REPORT_MS).unref();
  }

  /** Stops, and takes this node's counts away (its players are gone with it). */
  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
    if (this.reported.size === 0) return;
    await this.options.db.deleteFrom('media_audience').where('node_id', '=', this.options.nodeId).execute().catch(() => undefined);
    this.reported.clear();
  }

  /** One report and read (the timer's; tests call it directly after start). */
  async tick(): Promise<void> {
    try {
      await this.report();
      await this.read();
      if (this.failing) this.options.log.info('audience reports written again');
      this.failing = false;
    } catch (error) {
      if (!this.failing) this.options.log.warn({ err: error }, 'audience report failed (database unreachable?); the peak counts this node only until it works again');
      this.failing = true;
    }
  }

  private async report(): Promise<void> {
    const { db, nodeId } = this.options;
    const originated = new Set(this.originatedRooms());
    const counts = this.options
      .watchedRooms()
      .filter((roomId) => !originated.has(roomId))
      .map((roomId) => ({ room_id: roomId, node_id: nodeId, viewers: this.options.viewers(roomId) }))
      .filter((row) => row.viewers > 0);
    if (counts.length > 0) {
      await db
        .insertInto('media_audience')
        .values(counts)
        .onConflict((conflict) => conflict.columns(['room_id', 'node_id']).doUpdateSet({ viewers: (eb) => eb.ref('excluded.viewers'), updated_at: sql`now()` }))
        .execute()
        // A room deleted meanwhile (its foreign key): the others are written next time.
        .catch(async (error: unknown) => {
          if (databaseInputError(error)?.sqlState !== '23503') throw error;
        });
    }
    const now = new Set(counts.map((row) => row.room_id));
    const gone = [...this.reported].filter((roomId) => !now.has(roomId));
    if (gone.length > 0) await db.deleteFrom('media_audience').where('node_id', '=', nodeId).where('room_id', 'in', gone).execute();
    this.reported = now;
  }

  private async read(): Promise<void> {
    const originated = this.originatedRooms();
    this.others.clear();
    if (originated.length === 0) return;
    const { db, nodeId } = this.options;
    const rows = await db
      .selectFrom('media_audience')
      .select(['room_id', (eb) => eb.fn.sum<string>('viewers').as('viewers')])
      .where('room_id', 'in', originated)
      .where('node_id', '<>', nodeId)
      .where('updated_at', '>', sql<Date>`now() - make_interval(secs => ${STALE_SECONDS})`)
      .groupBy('room_id')
      .execute();
    for (const row of rows) this.others.set(row.room_id, Number(row.viewers));
    await db.deleteFrom('media_audience').where('updated_at', '<', sql<Date>`now() - make_interval(secs => ${FORGOTTEN_SECONDS})`).execute();
  }
}

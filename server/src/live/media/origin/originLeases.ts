import type { FastifyBaseLogger } from 'fastify';
import type { OriginRegistry } from './originRegistry';

export interface OriginLeasesOptions {
  registry: OriginRegistry;
  log: FastifyBaseLogger;
  /** How long a claim lasts without renewal (MEDIA_ORIGIN_LEASE_SECONDS). */
  leaseMs: number;
  /** Rooms whose push this node holds now (publishing or within the reconnect grace). */
  pushedRooms: () => number[];
  /** Another node holds the lease of a room pushed here: end the push here. */
  lost: (roomId: number) => void;
  /** The lease of a room pushed here ran out and was swept (a stall here): claimed again, the room is live again. */
  reclaimed: (roomId: number) => void;
  /** This node's address for a claim. */
  internalUrl: () => string;
  /** Sweeps other nodes' expired leases (originSweeper.ts); its errors are logged here. */
  sweep: () => Promise<number>;
}

/**
 * This node's side of the origin registry: renews the leases of the rooms pushed here four times
 * per lease, releases those no longer pushed, and sweeps expired leases (any node's) every sixth of
 * a lease, so a dead origin's room is offline within lease + a sixth of it. A lease this node lost
 * through its own stall (swept: nobody holds it) is claimed again and the push goes on; one another
 * node holds ends the push here.
 */
export class OriginLeases {
  private renewTimer: NodeJS.Timeout | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private renewing: Promise<void> = Promise.resolve();
  private sweeping: Promise<unknown> = Promise.resolve();
  /** Rooms this node claimed and has not released. */
  private readonly held = new Set<number>();
  private renewFailures = 0;

  constructor(private readonly options: OriginLeasesOptions) {}

  start(): void {
    const renewMs = Math.max(100, Math.floor(this.options.leaseMs / 4));
    const sweepMs = Math.max(100, Math.floor(this.options.leaseMs / 6));
    this.renewTimer = setInterval(() => {
      this.renewing = this.renewing.then(() => this.renew());
    }, renewMs).unref();
    this.sweepTimer = setInterval(() => {
      this.sweeping = this.sweeping.then(() => this.options.sweep().catch((error: unknown) => this.options.log.warn({ err: error }, 'origin sweep failed (database unreachable?); retried')));
    }, sweepMs).unref();
  }

  /** A push was admitted here under a claim just made. */
  claimed(roomId: number): void {
    this.held.add(roomId);
  }

  /** The push ended: the room's lease goes now (not at its expiry), so another node may take it. */
  async release(roomId: number): Promise<void> {
    this.held.delete(roomId);
    await this.options.registry.release(roomId).catch((error: unknown) => this.options.log.warn({ err: error, roomId }, 'origin release failed: the lease runs out by itself'));
  }

  /** Stops renewing and sweeping; releases what is still held. */
  async stop(): Promise<void> {
    if (this.renewTimer !== null) clearInterval(this.renewTimer);
    if (this.sweepTimer !== null) clearInterval(this.sweepTimer);
    await Promise.all([this.renewing, this.sweeping]);
    await Promise.all([...this.held].map((roomId) => this.release(roomId)));
  }

  private async renew(): Promise<void> {
    const pushed = new Set(this.options.pushedRooms());
    for (const roomId of [...this.held]) if (!pushed.has(roomId)) await this.release(roomId);
    const rooms = [...this.held];
    if (rooms.length === 0) return;
    let renewed: Set<number>;
    try {
      renewed = await this.options.registry.renew(rooms);
      this.renewFailures = 0;
    } catch (error) {
      // The lease may still run out: its room then goes offline everywhere, and the next renewal
      // finds it lost and ends the push here (the encoder reconnects and is admitted afresh).
      this.renewFailures += 1;
      if (this.renewFailures === 1) this.options.log.warn({ err: error, rooms }, 'origin lease renewal failed (database unreachable?); retrying');
      return;
    }
    for (const roomId of rooms) {
      if (renewed.has(roomId)) continue;
      const again = await this.options.registry.claim(roomId, this.options.internalUrl()).catch(() => null);
      if (again === null) continue; // the database is out of reach: the next renewal tries again
      if (again) {
        this.options.log.warn({ roomId }, 'origin lease ran out under a stall here and was swept: claimed again, the room is live again');
        this.options.reclaimed(roomId);
        continue;
      }
      this.held.delete(roomId);
      this.options.log.warn({ roomId }, 'origin lease lost to another node: ending the push here');
      this.options.lost(roomId);
    }
  }
}

import type { OriginRegistry, RoomOrigin } from './originRegistry';

/** How long a looked-up origin is trusted (each HLS request of each viewer asks). */
const KNOWN_MS = 1_000;
/** "No origin" is re-read sooner: a room going live should play within a moment everywhere. */
const UNKNOWN_MS = 250;

/**
 * The registry as the playback routes read it: the origin of a room when it is another node, from
 * a cache of a second (so a room's many viewers cost one query a second per node, not one each).
 */
export class OriginDirectory {
  private readonly known = new Map<number, { origin: RoomOrigin | null; until: number }>();

  constructor(private readonly registry: OriginRegistry) {}

  /** The room's origin when another node holds its push; null when none does or this node does. */
  async remoteOriginOf(roomId: number, fresh = false): Promise<RoomOrigin | null> {
    const now = Date.now();
    const cached = this.known.get(roomId);
    let origin: RoomOrigin | null;
    if (!fresh && cached !== undefined && cached.until > now) {
      origin = cached.origin;
    } else {
      origin = await this.registry.originOf(roomId);
      if (this.known.size > 10_000) this.known.clear();
      this.known.set(roomId, { origin, until: now + (origin === null ? UNKNOWN_MS : KNOWN_MS) });
    }
    return origin === null || origin.nodeId === this.registry.nodeId ? null : origin;
  }

  /** The origin failed us: ask the registry next time. */
  forget(roomId: number): void {
    this.known.delete(roomId);
  }
}

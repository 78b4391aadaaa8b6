import type { FastifyBaseLogger } from 'fastify';
import type { RoomFrame } from '../../thumbnails/thumbnailer';
import type { OriginDirectory } from './originDirectory';
import { RELAY_HEADER } from './relayHeader';

/** A pulled frame is reused this long (the origin replaces its frame every few seconds). */
const KEEP_MS = 5_000;
const TIMEOUT_MS = 2_000;

/**
 * A live room's thumbnail from its origin node (this node has no HLS of the room to decode): the
 * origin's JPEG with its ETag and time, kept a few seconds per room so a list of cards costs the
 * origin one request per room and interval. The pull carries RELAY_HEADER (never pulled on).
 */
export class ThumbnailPull {
  private readonly kept = new Map<number, { frame: RoomFrame | undefined; until: number }>();

  constructor(
    private readonly origins: OriginDirectory,
    private readonly relaySignature: (stream: string) => string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async frameOf(roomId: number): Promise<RoomFrame | undefined> {
    const now = Date.now();
    const kept = this.kept.get(roomId);
    if (kept !== undefined && kept.until > now) return kept.frame;
    const frame = await this.pull(roomId);
    if (this.kept.size > 10_000) this.kept.clear();
    this.kept.set(roomId, { frame, until: now + KEEP_MS });
    return frame;
  }

  private async pull(roomId: number): Promise<RoomFrame | undefined> {
    const origin = await this.origins.remoteOriginOf(roomId).catch(() => null);
    if (origin === null) return undefined;
    try {
      const response = await fetch(`${origin.internalUrl}/live/thumb/room${roomId}.jpg`, {
        headers: { [RELAY_HEADER]: this.relaySignature(`room${roomId}`) },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const jpeg = Buffer.from(await response.arrayBuffer());
      const etag = response.headers.get('etag');
      const modified = Date.parse(response.headers.get('last-modified') ?? '');
      if (response.status !== 200 || response.headers.get('content-type') !== 'image/jpeg' || etag === null || Number.isNaN(modified)) return undefined;
      return { jpeg, etag, capturedAt: new Date(modified) };
    } catch (error) {
      this.log.warn({ roomId, err: error }, 'thumbnail from the origin failed: the placeholder is shown');
      return undefined;
    }
  }
}

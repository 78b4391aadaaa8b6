import type { IngestStreamStats } from '../live/index';

/**
 * Bitrates of the streams being published, measured between two scrapes: the bytes each encoder
 * sent since the previous scrape over the time in between (on its first scrape: since it
 * connected). Encoders announce a bitrate in their metadata but send what they send; this is
 * what arrives. A stream that ended is forgotten.
 */
export class IngestBitrates {
  private readonly previous = new Map<number, { bytes: number; at: number; since: number }>();

  /** Bits per second for each stream publishing now, by room id. */
  sample(streams: readonly IngestStreamStats[], now: number): Map<number, number> {
    const rates = new Map<number, number>();
    const seen = new Set<number>();
    for (const stream of streams) {
      seen.add(stream.roomId);
      const before = this.previous.get(stream.roomId);
      // The same room may publish again on a new connection: its byte count starts over.
      const start = before !== undefined && before.since === stream.publishingSince && before.bytes <= stream.receivedBytes ? before : { bytes: 0, at: stream.publishingSince };
      const seconds = (now - start.at) / 1000;
      rates.set(stream.roomId, seconds > 0 ? Math.round(((stream.receivedBytes - start.bytes) * 8) / seconds) : 0);
      this.previous.set(stream.roomId, { bytes: stream.receivedBytes, at: now, since: stream.publishingSince });
    }
    for (const roomId of this.previous.keys()) if (!seen.has(roomId)) this.previous.delete(roomId);
    return rates;
  }
}

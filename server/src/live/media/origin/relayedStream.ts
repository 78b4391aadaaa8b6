import type { NmsSession } from '../nms';
import { STREAM_CLOCK_TAG } from '../streamClock';

const TAG_AUDIO = 8;
const TAG_VIDEO = 9;
const TAG_SCRIPT = 18;
const TAG_HEADER_BYTES = 11;
/** A GOP longer than this (bytes) is not kept whole: a late joiner waits for the next keyframe. */
const MAX_GOP_BYTES = 8 << 20;

/** What an FLV player attaches to: a local broadcast, or a room relayed from its origin. */
export interface FlvSource {
  /** Sends the start (header, metadata, codec headers, the GOP so far) and subscribes; null = ok. */
  postPlay: (session: NmsSession) => string | null;
  donePlay: (session: NmsSession) => void;
}

/**
 * One room's FLV pulled from its origin, fanned out to this node's players the way a local
 * broadcast does (node-media-server's BroadcastServer): a player that joins gets the file header,
 * the metadata, the codec headers and the tags since the last keyframe, then every tag as it comes.
 * The origin's own clock tags are dropped: each player's stream gets this node's (streamClock.ts).
 */
export class RelayedStream implements FlvSource {
  readonly subscribers = new Set<NmsSession>();
  private header: Buffer | null = null;
  private metadata: Buffer | null = null;
  private videoConfig: Buffer | null = null;
  private audioConfig: Buffer | null = null;
  private gop: Buffer[] = [];
  private gopBytes = 0;
  private ended = false;

  constructor(private readonly onIdle: () => void) {}

  /** A piece of the origin's FLV (FlvTagSplitter). */
  receive(piece: Buffer, isHeader: boolean): void {
    if (isHeader) {
      this.header = piece;
      return;
    }
    const type = piece.readUInt8(0) & 0x1f;
    if (type === TAG_SCRIPT) {
      if (isClockTag(piece)) return;
      this.metadata = piece;
    } else if (type === TAG_VIDEO || type === TAG_AUDIO) {
      this.keep(piece, type);
    }
    for (const session of this.subscribers) session.sendBuffer(piece);
  }

  postPlay(session: NmsSession): string | null {
    if (this.ended) return 'the relay ended';
    if (this.header === null) return 'the relay has not started';
    session.sendBuffer(this.header);
    if (this.metadata !== null) session.sendBuffer(this.metadata);
    if (this.audioConfig !== null) session.sendBuffer(this.audioConfig);
    if (this.videoConfig !== null) session.sendBuffer(this.videoConfig);
    for (const tag of this.gop) session.sendBuffer(tag);
    this.subscribers.add(session);
    return null;
  }

  donePlay(session: NmsSession): void {
    if (!this.subscribers.delete(session)) return;
    if (this.subscribers.size === 0) this.onIdle();
  }

  /** The origin's stream ended: every player is let go (pages reconnect when the room is live). */
  end(): void {
    this.ended = true;
    for (const session of [...this.subscribers]) session.close();
    this.subscribers.clear();
    this.gop = [];
  }

  get isEnded(): boolean {
    return this.ended;
  }

  private keep(tag: Buffer, type: number): void {
    if (tag.length < TAG_HEADER_BYTES + 2) return;
    const first = tag.readUInt8(TAG_HEADER_BYTES);
    const second = tag.readUInt8(TAG_HEADER_BYTES + 1);
    if (type === TAG_AUDIO && first >> 4 === 10 && second === 0) {
      this.audioConfig = tag;
      return;
    }
    if (type === TAG_VIDEO) {
      const enhanced = (first & 0x80) !== 0;
      if (enhanced ? (first & 0x0f) === 0 : second === 0) {
        this.videoConfig = tag;
        return;
      }
      if (((first >> 4) & 0x07) === 1) {
        this.gop = [];
        this.gopBytes = 0;
      }
    }
    if (this.gopBytes + tag.length > MAX_GOP_BYTES) {
      this.gop = [];
      this.gopBytes = 0;
      return;
    }
    this.gop.push(tag);
    this.gopBytes += tag.length;
  }
}

const CLOCK_NAME = Buffer.from(STREAM_CLOCK_TAG, 'utf8');

/** The origin's `onStreamClock` script tag (AMF0 string marker 2, its length, the name). */
function isClockTag(tag: Buffer): boolean {
  const at = TAG_HEADER_BYTES;
  return tag.length > at + 3 + CLOCK_NAME.length && tag.readUInt8(at) === 2 && tag.readUInt16BE(at + 1) === CLOCK_NAME.length && tag.subarray(at + 3, at + 3 + CLOCK_NAME.length).equals(CLOCK_NAME);
}

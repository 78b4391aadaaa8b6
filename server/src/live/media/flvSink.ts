import { FlvTrackDetector, type FlvTracks, flvHeaderFor, isFlvFileHeader } from './flvTracks';
import { NmsBaseSession } from './nms';

/** Where FLV bytes go: an HTTP response, or ffmpeg's stdin for HLS. */
export interface FlvTarget {
  write(chunk: Buffer): boolean;
  end(): void;
  readonly writableLength: number;
  readonly destroyed: boolean;
}

export interface FlvSinkLimits {
  /** Above this many unsent bytes the sink drops frames until the next keyframe. */
  dropAboveBytes: number;
  /** Back under this, a keyframe resumes the picture. */
  resumeBelowBytes: number;
  /** Above this the reader is hopeless: close it (a player reconnects). */
  closeAboveBytes: number;
}

/** ~2 s and ~8 s of a 4 Mbit/s stream: a slow viewer drops frames, then is let go. */
export const DEFAULT_FLV_SINK_LIMITS: FlvSinkLimits = { dropAboveBytes: 1 << 20, resumeBelowBytes: 256 << 10, closeAboveBytes: 4 << 20 };

const TAG_AUDIO = 8;
const TAG_VIDEO = 9;
const TAG_HEADER_BYTES = 11;

/**
 * A player of a broadcast (an NMS session with protocol 'flv'). NMS writes every FLV tag to every
 * player and never waits, so one slow reader would buffer without bound: this sink drops whole
 * tags while the reader is behind, and resumes on a keyframe so the picture never shows decoding
 * garbage; codec headers and metadata always pass. A reader that still falls behind is closed.
 *
 * The FLV file header NMS sends announces audio and video whatever the encoder pushes; a player
 * waits for every announced track. The sink holds the header back until the first tags show the
 * stream's tracks (flvTracks.ts: the metadata, or the media itself) and sends it with those.
 */
export class FlvSink extends NmsBaseSession {
  droppedTags = 0;
  /** The tracks the header announced; null until they are known. */
  announcedTracks: FlvTracks | null = null;
  /** The file header and the tags after it, held until the tracks are known; null once sent. */
  private held: Buffer[] | null = [];
  private readonly trackDetector = new FlvTrackDetector();
  private dropping = false;
  private closed = false;

  constructor(
    private readonly target: FlvTarget,
    private readonly limits: FlvSinkLimits = DEFAULT_FLV_SINK_LIMITS,
    /** "address:port" of a viewer; '' for internal readers (NMS then does not announce them). */
    ip = '',
  ) {
    super();
    this.protocol = 'flv';
    this.ip = ip;
    this.sendBuffer = (buffer) => this.send(buffer);
    this.close = () => this.end();
  }

  private send(buffer: Buffer): void {
    if (this.closed || this.target.destroyed) return;
    if (this.held !== null) return this.holdUntilTracksKnown(buffer, this.held);
    const queued = this.target.writableLength;
    if (queued > this.limits.closeAboveBytes) {
      this.end();
      return;
    }
    if (!this.dropping && queued > this.limits.dropAboveBytes) this.dropping = true;
    if (this.dropping && !alwaysSent(buffer)) {
      if (!(isVideoKeyframe(buffer) && queued < this.limits.resumeBelowBytes)) {
        this.droppedTags += 1;
        return;
      }
      this.dropping = false;
    }
    this.target.write(buffer);
  }

  private holdUntilTracksKnown(buffer: Buffer, held: Buffer[]): void {
    if (held.length === 0 && !isFlvFileHeader(buffer)) {
      this.held = null; // no file header to fix (not a stream start): pass everything through
      return this.send(buffer);
    }
    held.push(buffer);
    if (held.length === 1) return;
    const tracks = this.trackDetector.feed(buffer);
    if (tracks === null) return;
    this.held = null;
    this.announcedTracks = tracks;
    const [header, ...tags] = held as [Buffer, ...Buffer[]];
    this.target.write(flvHeaderFor(header, tracks));
    for (const tag of tags) this.send(tag);
  }

  private end(): void {
    if (this.closed) return;
    this.closed = true;
    if (!this.target.destroyed) this.target.end();
  }
}

/** The FLV file header, script data (metadata) and codec configuration records. */
function alwaysSent(tag: Buffer): boolean {
  if (tag.length < TAG_HEADER_BYTES + 2) return true;
  const type = tag.readUInt8(0);
  if (type !== TAG_AUDIO && type !== TAG_VIDEO) return true;
  const first = tag.readUInt8(TAG_HEADER_BYTES);
  const second = tag.readUInt8(TAG_HEADER_BYTES + 1);
  if (type === TAG_AUDIO) return first >> 4 === 10 && second === 0; // AAC sequence header
  // Enhanced RTMP (bit 7 set): the packet type is in the low nibble, 0 = sequence start.
  if ((first & 0x80) !== 0) return (first & 0x0f) === 0;
  return second === 0; // AVC sequence header
}

function isVideoKeyframe(tag: Buffer): boolean {
  return tag.length > TAG_HEADER_BYTES && tag.readUInt8(0) === TAG_VIDEO && ((tag.readUInt8(TAG_HEADER_BYTES) >> 4) & 0x07) === 1;
}

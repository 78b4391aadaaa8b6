import type { FlvTarget } from './flvSink';
import { type NmsBroadcast, NmsBaseSession } from './nms';

/** What a clock attaches to: a local broadcast or a relayed one (origin/relayedStream.ts). */
type PlayedStream = Pick<NmsBroadcast, 'postPlay' | 'donePlay'>;

/**
 * The wall clock of a live stream: when the ingest received the tag with timestamp `ts`.
 *
 * Live tags arrive `ts + offset` (ms since the epoch) give or take network jitter, and jitter only
 * ever makes a tag late, so the clock keeps the smallest `arrival − ts` it has seen: a tag that
 * comes earlier than the estimate lowers it at once. A tag more than RESYNC_LATE_MS later than the
 * estimate means the timeline moved: the encoder was gone and NMS resumed its timeline past the
 * gap, or a new publish restarted at 0 (or at 100 s): the estimate starts again from that tag. So
 * streams whose timestamps do not start at 0 and reconnects both keep a right clock.
 */
export const RESYNC_LATE_MS = 1_000;

export class StreamClock {
  private offsetMs: number | null = null;

  /** A live tag with timestamp `ts` arrived at wall time `nowMs`. */
  observe(ts: number, nowMs: number): void {
    const offset = nowMs - ts;
    if (this.offsetMs === null || offset < this.offsetMs || offset - this.offsetMs > RESYNC_LATE_MS) this.offsetMs = offset;
  }

  /** The wall time (ms since the epoch) at which the ingest received `ts`; null before any tag. */
  wallOf(ts: number): number | null {
    return this.offsetMs === null ? null : ts + this.offsetMs;
  }
}

const TAG_AUDIO = 8;
const TAG_VIDEO = 9;
const TAG_SCRIPT = 18;
const TAG_HEADER_BYTES = 11;
const PREVIOUS_TAG_SIZE_BYTES = 4;

/**
 * The timestamp of an FLV audio/video frame tag (NMS hands one whole tag per buffer); null for
 * anything else, codec configuration records included (encoders stamp those 0 whatever the
 * stream's timeline).
 */
export function mediaTagTimestamp(tag: Buffer): number | null {
  if (tag.length < TAG_HEADER_BYTES + 2) return null;
  const type = tag.readUInt8(0) & 0x1f;
  if (type !== TAG_AUDIO && type !== TAG_VIDEO) return null;
  if (isCodecConfiguration(type, tag.readUInt8(TAG_HEADER_BYTES), tag.readUInt8(TAG_HEADER_BYTES + 1))) return null;
  return (tag.readUInt8(7) * 0x1000000 + tag.readUIntBE(4, 3)) >>> 0;
}

function isCodecConfiguration(type: number, first: number, second: number): boolean {
  if (type === TAG_AUDIO) return first >> 4 === 10 && second === 0; // AAC sequence header
  if ((first & 0x80) !== 0) return (first & 0x0f) === 0; // enhanced RTMP: sequence start
  return second === 0; // AVC sequence header
}

/**
 * An internal player of a broadcast (empty ip: NMS does not count or announce it) feeding the
 * clock with every live tag. The GOP cache replayed when it attaches is old: only its newest tag
 * is used, as arrived now (it came at most a frame ago; live tags then correct the estimate).
 */
class ClockSession extends NmsBaseSession {
  readonly clock = new StreamClock();
  private replayNewestTs: number | null = null;
  private replaying = true;

  constructor(private readonly now: () => number) {
    super();
    this.protocol = 'flv';
    this.ip = '';
    this.sendBuffer = (buffer) => this.onTag(buffer);
    this.close = () => undefined;
  }

  attachTo(broadcast: PlayedStream): void {
    broadcast.postPlay(this);
    this.replaying = false;
    if (this.replayNewestTs !== null) this.clock.observe(this.replayNewestTs, this.now());
  }

  private onTag(tag: Buffer): void {
    const ts = mediaTagTimestamp(tag);
    if (ts === null) return;
    if (this.replaying) this.replayNewestTs = ts;
    else this.clock.observe(ts, this.now());
  }
}

interface Attached {
  session: ClockSession;
  users: number;
}

/**
 * The clocks of the broadcasts somebody plays: attached with the first player of a broadcast,
 * detached with its last, so a room nobody watches costs nothing.
 */
export class StreamClocks {
  private readonly attached = new Map<PlayedStream, Attached>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The broadcast's clock while the caller plays it; call the returned release when done. */
  acquire(broadcast: PlayedStream): { clock: StreamClock; release: () => void } {
    let entry = this.attached.get(broadcast);
    if (entry === undefined) {
      const session = new ClockSession(this.now);
      session.attachTo(broadcast);
      entry = { session, users: 0 };
      this.attached.set(broadcast, entry);
    }
    entry.users += 1;
    const held = entry;
    let released = false;
    return {
      clock: held.session.clock,
      release: () => {
        if (released) return;
        released = true;
        held.users -= 1;
        if (held.users > 0 || this.attached.get(broadcast) !== held) return;
        this.attached.delete(broadcast);
        broadcast.donePlay(held.session);
      },
    };
  }

  get size(): number {
    return this.attached.size;
  }
}

/** Name of the script tag carrying the clock ({ts, wallMs}); the player listens for it. */
export const STREAM_CLOCK_TAG = 'onStreamClock';
/** How often a viewer's stream carries a clock tag. */
export const CLOCK_TAG_EVERY_MS = 1_000;

/**
 * Where a viewer's FLV goes, with an `onStreamClock` script tag ({ts, wallMs}: the wall time the
 * ingest received the media tag that follows) written before a media tag about once a second of
 * stream time. It carries the tag's own timestamp, so the player knows the wall time of the
 * frames it receives, even those replayed from the GOP cache and across reconnects.
 */
export function clockTagWriter(target: FlvTarget, clock: StreamClock): FlvTarget {
  let lastTagTs: number | null = null;
  return {
    write(chunk: Buffer): boolean {
      const ts = mediaTagTimestamp(chunk);
      if (ts !== null && (lastTagTs === null || ts - lastTagTs >= CLOCK_TAG_EVERY_MS || ts < lastTagTs)) {
        const wallMs = clock.wallOf(ts);
        if (wallMs !== null) {
          lastTagTs = ts;
          target.write(clockScriptTag(ts, wallMs));
        }
      }
      return target.write(chunk);
    },
    end: () => target.end(),
    get writableLength() {
      return target.writableLength;
    },
    get destroyed() {
      return target.destroyed;
    },
  };
}

/** An FLV script tag (with its previous-tag-size trailer): "onStreamClock" {ts, wallMs}. */
export function clockScriptTag(ts: number, wallMs: number): Buffer {
  const body = Buffer.concat([amfString(STREAM_CLOCK_TAG), amfObject({ ts, wallMs })]);
  const tag = Buffer.alloc(TAG_HEADER_BYTES + body.length + PREVIOUS_TAG_SIZE_BYTES);
  tag.writeUInt8(TAG_SCRIPT, 0);
  tag.writeUIntBE(body.length, 1, 3);
  tag.writeUIntBE(ts & 0xffffff, 4, 3);
  tag.writeUInt8((ts >>> 24) & 0xff, 7);
  body.copy(tag, TAG_HEADER_BYTES);
  tag.writeUInt32BE(TAG_HEADER_BYTES + body.length, TAG_HEADER_BYTES + body.length);
  return tag;
}

function amfString(value: string): Buffer {
  const text = Buffer.from(value, 'utf8');
  const out = Buffer.alloc(3 + text.length);
  out.writeUInt8(2, 0);
  out.writeUInt16BE(text.length, 1);
  text.copy(out, 3);
  return out;
}

function amfObject(fields: Record<string, number>): Buffer {
  const parts: Buffer[] = [Buffer.from([3])];
  for (const [key, value] of Object.entries(fields)) {
    const name = Buffer.from(key, 'utf8');
    const entry = Buffer.alloc(2 + name.length + 9);
    entry.writeUInt16BE(name.length, 0);
    name.copy(entry, 2);
    entry.writeUInt8(0, 2 + name.length);
    entry.writeDoubleBE(value, 3 + name.length);
    parts.push(entry);
  }
  parts.push(Buffer.from([0, 0, 9]));
  return Buffer.concat(parts);
}

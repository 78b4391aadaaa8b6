import { audioCodecOf, pictureSizeOf, videoCodecOf } from './sequenceHeader';

/** One media message as the ingest hands it over (node-media-server's AVPacket, the fields read here). */
export interface MediaPacket {
  /** FLV tag type: 8 audio, 9 video, 18 script data. */
  codec_type: number;
  /** Decode timestamp, ms. */
  dts: number;
  /** Payload bytes (the FLV tag body). */
  size: number;
  data: Uint8Array;
}

/** What onMetaData said (node-media-server keeps it on the publishing session). */
export interface StreamMetadata {
  videoWidth?: unknown;
  videoHeight?: unknown;
  videoFramerate?: unknown;
}

export type StreamWarning = 'keyframe_interval_long' | 'bitrate_dropping' | 'input_stalled';

/** The figures of one publish at one moment. */
export interface StreamFigures {
  videoCodec: string | null;
  audioCodec: string | null;
  width: number | null;
  height: number | null;
  /** Frames per second from the video timestamps (onMetaData's figure until two frames came). */
  fps: number | null;
  videoKbps: number;
  audioKbps: number;
  /** Seconds from one keyframe to the next (at least the time since the last one). */
  keyframeIntervalSeconds: number | null;
  /** Milliseconds since the last audio or video frame arrived. */
  sinceLastFrameMs: number | null;
  warnings: StreamWarning[];
}

/**
 * Over this many seconds from keyframe to keyframe the panel advises a shorter interval: a new
 * viewer's player starts on a keyframe, and HLS cuts 1 s segments only on keyframes, so a longer
 * interval means a longer wait for the picture and a later picture (issue 37: HLS within 2 s).
 */
export const KEYFRAME_INTERVAL_WARN_SECONDS = 2;
/** Timestamps are whole ms: a 2 s GOP at 30 fps can measure 2001 ms. Under a frame of slack. */
const KEYFRAME_INTERVAL_SLACK_MS = 30;
const KEYFRAME_INTERVAL_WARN_MS = KEYFRAME_INTERVAL_WARN_SECONDS * 1000 + KEYFRAME_INTERVAL_SLACK_MS;
/** No frame for this long: the input has stalled. */
export const STALL_MS = 3_000;
/** The bitrate shown: the last few whole seconds. */
export const RATE_SECONDS = 3;
/** The bitrate drops when the last RATE_SECONDS are under this share of the seconds before them. */
export const DROP_RATIO = 0.5;
/** The seconds before the last RATE_SECONDS that make the "recent average"; at least MIN of them. */
const BASELINE_SECONDS = 20;
const MIN_BASELINE_SECONDS = 8;
const HISTORY = RATE_SECONDS + BASELINE_SECONDS;
/** Frame rate over the timestamps of this many last video frames (2 s at 25 fps). */
const FPS_FRAMES = 50;

const AUDIO = 8;
const VIDEO = 9;

/**
 * The health of one publish, fed every media message of it: O(1) per message and nothing
 * allocated per message (typed rings, counters); codec headers are parsed once each. Bytes are
 * counted per wall-clock second as they arrive (what the encoder's uplink delivers); frame rate
 * and keyframe interval come from the stream's own timestamps.
 */
export class StreamObserver {
  private videoCodec: string | null = null;
  private audioCodec: string | null = null;
  private width: number | null = null;
  private height: number | null = null;
  private readonly frameDts = new Float64Array(FPS_FRAMES);
  private frames = 0;
  private lastKeyDts: number | null = null;
  private keyInterval: number | null = null;
  private lastFrameAt: number | null = null;
  /** Bytes of the second being counted, and of the whole seconds before it (a ring, newest at `slot`). */
  private second: number;
  private videoNow = 0;
  private audioNow = 0;
  private readonly videoBytes = new Float64Array(HISTORY);
  private readonly audioBytes = new Float64Array(HISTORY);
  private slot = HISTORY - 1;
  private wholeSeconds = 0;
  private readonly startedAt: number;

  constructor(
    now: number,
    private readonly metadata: StreamMetadata = {},
  ) {
    this.startedAt = now;
    this.second = Math.floor(now / 1000);
  }

  observe(packet: MediaPacket, now: number): void {
    this.roll(now);
    const data = packet.data;
    if (packet.size < 1 || data.length < 1) return;
    if (packet.codec_type === VIDEO) this.video(packet, now);
    else if (packet.codec_type === AUDIO) {
      this.audioNow += packet.size;
      if (this.audioCodec === null) this.audioCodec = audioCodecOf(data);
      this.lastFrameAt = now;
    }
  }

  private video(packet: MediaPacket, now: number): void {
    const data = packet.data;
    this.videoNow += packet.size;
    const first = data[0]!;
    const enhanced = (first & 0x80) !== 0;
    // Packet type: Enhanced RTMP's low nibble; legacy H.264/HEVC's second byte. 0 = sequence header.
    const avcLike = !enhanced && ((first & 0x0f) === 7 || (first & 0x0f) === 12);
    const packetType = enhanced ? first & 0x0f : avcLike ? (data.length > 1 ? data[1]! : -1) : 1;
    if (packetType === 0) {
      this.videoCodec = videoCodecOf(data);
      const size = pictureSizeOf(data.subarray(0, packet.size));
      if (size !== null) ({ width: this.width, height: this.height } = size);
      return;
    }
    // Coded frames: legacy 1; enhanced 1 (with composition time) and 3 (without).
    if (packetType !== 1 && !(enhanced && packetType === 3)) return;
    if (this.videoCodec === null) this.videoCodec = videoCodecOf(data);
    this.lastFrameAt = now;
    const dts = packet.dts;
    const newest = this.frames === 0 ? dts : this.frameDts[(this.frames - 1) % FPS_FRAMES]!;
    if (dts < newest) {
      // Timestamps went back (the encoder restarted its clock): measure afresh.
      this.frames = 0;
      this.lastKeyDts = null;
      this.keyInterval = null;
    }
    this.frameDts[this.frames % FPS_FRAMES] = dts;
    this.frames += 1;
    if (this.frames >= 2 * FPS_FRAMES) this.frames -= FPS_FRAMES; // keeps the ring position, stays small
    if (((first >> 4) & 0x07) === 1) {
      if (this.lastKeyDts !== null && dts > this.lastKeyDts) this.keyInterval = dts - this.lastKeyDts;
      this.lastKeyDts = dts;
    }
  }

  /** Closes the seconds that have passed (at most the ring's length of them). */
  private roll(now: number): void {
    const second = Math.floor(now / 1000);
    if (second <= this.second) return;
    const passed = Math.min(second - this.second, HISTORY);
    for (let i = 0; i < passed; i += 1) {
      this.slot = (this.slot + 1) % HISTORY;
      this.videoBytes[this.slot] = i === 0 ? this.videoNow : 0;
      this.audioBytes[this.slot] = i === 0 ? this.audioNow : 0;
    }
    this.wholeSeconds = Math.min(this.wholeSeconds + passed, HISTORY);
    this.second = second;
    this.videoNow = 0;
    this.audioNow = 0;
  }

  /** Bytes over `count` whole seconds ending `skip` seconds before the newest. */
  private bytesOver(skip: number, count: number): number {
    let total = 0;
    for (let i = skip; i < skip + count; i += 1) {
      const at = (this.slot - i + HISTORY) % HISTORY;
      total += this.videoBytes[at]! + this.audioBytes[at]!;
    }
    return total;
  }

  figures(now: number): StreamFigures {
    this.roll(now);
    const rateSeconds = Math.min(RATE_SECONDS, this.wholeSeconds);
    const kbps = (ring: Float64Array) => {
      let total = 0;
      for (let i = 0; i < rateSeconds; i += 1) total += ring[(this.slot - i + HISTORY) % HISTORY]!;
      return rateSeconds === 0 ? 0 : Math.round((total * 8) / 1000 / rateSeconds);
    };
    const keyframeInterval = this.keyframeIntervalMs();
    const sinceLastFrameMs = this.lastFrameAt === null ? null : Math.max(0, now - this.lastFrameAt);
    const warnings: StreamWarning[] = [];
    if (keyframeInterval !== null && keyframeInterval > KEYFRAME_INTERVAL_WARN_MS) warnings.push('keyframe_interval_long');
    if (this.bitrateDropping()) warnings.push('bitrate_dropping');
    if (now - (this.lastFrameAt ?? this.startedAt) > STALL_MS) warnings.push('input_stalled');
    return {
      videoCodec: this.videoCodec,
      audioCodec: this.audioCodec,
      width: this.width ?? positive(this.metadata.videoWidth),
      height: this.height ?? positive(this.metadata.videoHeight),
      fps: this.fps() ?? positive(this.metadata.videoFramerate),
      videoKbps: kbps(this.videoBytes),
      audioKbps: kbps(this.audioBytes),
      keyframeIntervalSeconds: keyframeInterval === null ? null : Math.round(keyframeInterval / 100) / 10,
      sinceLastFrameMs,
      warnings,
    };
  }

  private fps(): number | null {
    const count = Math.min(this.frames, FPS_FRAMES);
    if (count < 2) return null;
    const newest = this.frameDts[(this.frames - 1) % FPS_FRAMES]!;
    const oldest = this.frameDts[(this.frames - count) % FPS_FRAMES]!;
    return newest > oldest ? Math.round(((count - 1) * 10_000) / (newest - oldest)) / 10 : null;
  }

  /** The last keyframe-to-keyframe time, or the time since the last keyframe when that is longer. */
  private keyframeIntervalMs(): number | null {
    if (this.lastKeyDts === null || this.frames === 0) return null;
    const sinceKey = this.frameDts[(this.frames - 1) % FPS_FRAMES]! - this.lastKeyDts;
    if (this.keyInterval === null) return sinceKey > KEYFRAME_INTERVAL_WARN_MS ? sinceKey : null;
    return Math.max(this.keyInterval, sinceKey);
  }

  /** The last RATE_SECONDS carried under DROP_RATIO of the average second before them. */
  private bitrateDropping(): boolean {
    const baselineSeconds = Math.min(BASELINE_SECONDS, this.wholeSeconds - RATE_SECONDS);
    if (baselineSeconds < MIN_BASELINE_SECONDS) return false;
    const baseline = this.bytesOver(RATE_SECONDS, baselineSeconds) / baselineSeconds;
    const recent = this.bytesOver(0, RATE_SECONDS) / RATE_SECONDS;
    return baseline > 0 && recent < baseline * DROP_RATIO;
  }
}

function positive(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value * 10) / 10 : null;
}

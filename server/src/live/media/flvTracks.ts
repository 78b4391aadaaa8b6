import { nmsAmf } from './nms';

/** Which media a stream carries (what the FLV file header announces to a player). */
export interface FlvTracks {
  audio: boolean;
  video: boolean;
}

const TAG_AUDIO = 8;
const TAG_VIDEO = 9;
const TAG_SCRIPT = 18;
const TAG_HEADER_BYTES = 11;
const FLV_FLAGS_OFFSET = 4;
const FLAG_AUDIO = 0x04;
const FLAG_VIDEO = 0x01;
/** Without metadata naming the codecs: how much media (by timestamps) shows which tracks exist. */
const UNNAMED_TRACKS_SPAN_MS = 1_000;
/** …or this many media tags, whichever comes first (bounds what a reader holds back). */
const UNNAMED_TRACKS_MAX_TAGS = 100;

/** What metadata starts with, as AMF0 strings (marker 2, 16-bit length, text). */
const METADATA_NAMES = ['@setDataFrame', 'onMetaData'].map((name) => Buffer.concat([Buffer.from([2, 0, name.length]), Buffer.from(name, 'latin1')]));

/** The FLV file header `header` (NMS's: 9 bytes + PreviousTagSize0) with flags for `tracks`; a copy. */
export function flvHeaderFor(header: Buffer, tracks: FlvTracks): Buffer {
  const copy = Buffer.from(header);
  copy[FLV_FLAGS_OFFSET] = (tracks.audio ? FLAG_AUDIO : 0) | (tracks.video ? FLAG_VIDEO : 0);
  return copy;
}

export function isFlvFileHeader(buffer: Buffer): boolean {
  return buffer.length >= 9 && buffer[0] === 0x46 && buffer[1] === 0x4c && buffer[2] === 0x56;
}

/**
 * The tracks onMetaData names (encoders write audiocodecid / videocodecid only for tracks they
 * send: ffmpeg, OBS, GStreamer's flvmux); null when it names neither or is not metadata.
 */
export function tracksOfMetadata(tag: Buffer): FlvTracks | null {
  if (tag.length <= TAG_HEADER_BYTES || tag[0] !== TAG_SCRIPT) return null;
  const body = tag.subarray(TAG_HEADER_BYTES, TAG_HEADER_BYTES + tag.readUIntBE(1, 3));
  if (!METADATA_NAMES.some((name) => body.subarray(0, name.length).equals(name))) return null;
  let data: unknown;
  try {
    const decoded = nmsAmf.decodeAmf0Data(body);
    if (decoded.cmd !== '@setDataFrame' && decoded.cmd !== 'onMetaData') return null;
    data = decoded.dataObj;
  } catch {
    return null; // malformed script data: the media tags decide
  }
  if (data === null || typeof data !== 'object') return null;
  const audio = 'audiocodecid' in data;
  const video = 'videocodecid' in data;
  return audio || video ? { audio, video } : null;
}

/**
 * Finds out which tracks a stream has from the first tags a reader gets: the metadata when it
 * names the codecs; otherwise the media itself (both kinds seen, or one kind only for a second of
 * timestamps). NMS announces audio and video to every reader whatever the encoder sends, and a
 * player waits for every announced track before it shows anything: a video-only push stays at
 * 连接中… forever.
 */
export class FlvTrackDetector {
  private audioSeen = false;
  private videoSeen = false;
  private firstTimestamp: number | null = null;
  private mediaTags = 0;

  /** Feeds the next tag; answers the tracks once they are known. */
  feed(tag: Buffer): FlvTracks | null {
    if (tag.length < TAG_HEADER_BYTES) return null;
    const type = tag[0] as number;
    if (type === TAG_SCRIPT) return this.mediaTags === 0 ? tracksOfMetadata(tag) : null;
    if (type !== TAG_AUDIO && type !== TAG_VIDEO) return null;
    if (type === TAG_AUDIO) this.audioSeen = true;
    else this.videoSeen = true;
    this.mediaTags += 1;
    const timestamp = tagTimestamp(tag);
    this.firstTimestamp ??= timestamp;
    const seenEnough = (this.audioSeen && this.videoSeen) || this.mediaTags >= UNNAMED_TRACKS_MAX_TAGS || timestamp - this.firstTimestamp >= UNNAMED_TRACKS_SPAN_MS;
    return seenEnough ? { audio: this.audioSeen, video: this.videoSeen } : null;
  }
}

/** An FLV tag's timestamp in ms (the extended byte is the high 8 bits). */
export function tagTimestamp(tag: Buffer): number {
  return ((tag[7] as number) * 0x1000000 + tag.readUIntBE(4, 3)) >>> 0;
}

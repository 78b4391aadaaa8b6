import { createRequire } from 'node:module';
import { type PictureSize, h264PictureSize } from './h264Sps';

/**
 * What a video sequence header (the codec configuration an encoder sends first) says: codec and
 * picture size, from the SPS inside the AVC or HEVC decoder configuration record. Legacy FLV
 * (codec id 7 = H.264, 12 = the common HEVC extension) and Enhanced RTMP (FourCC) are read.
 */

const require = createRequire(import.meta.url);
/** node-media-server's H.265 SPS reader: every loop in it is bounded by a few bits (≤ 7 sub-layers). */
const { parseH265Sps } = require('node-media-server/src/protocol/sps_info.js') as { parseH265Sps: (sps: Buffer) => PictureSize | null };

export type VideoCodecName = 'H.264' | 'H.265' | 'AV1' | 'VP9' | 'H.263' | 'VP6' | 'other';

const LEGACY_VIDEO: Record<number, VideoCodecName> = { 2: 'H.263', 4: 'VP6', 5: 'VP6', 7: 'H.264', 12: 'H.265' };
const FOURCC_VIDEO: Record<string, VideoCodecName> = { avc1: 'H.264', hvc1: 'H.265', av01: 'AV1', vp09: 'VP9' };
const AUDIO: Record<number, string> = { 2: 'MP3', 10: 'AAC', 11: 'Speex', 14: 'MP3', 7: 'G.711', 8: 'G.711' };
const FOURCC_AUDIO: Record<string, string> = { mp4a: 'AAC', Opus: 'Opus', '.mp3': 'MP3', 'ac-3': 'AC-3', 'ec-3': 'E-AC-3', fLaC: 'FLAC' };
const HEVC_SPS_NAL = 33;

/** The codec a video tag's first bytes name. */
export function videoCodecOf(tag: Uint8Array): VideoCodecName {
  if (tag.length === 0) return 'other';
  if ((tag[0]! & 0x80) === 0) return LEGACY_VIDEO[tag[0]! & 0x0f] ?? 'other';
  return tag.length >= 5 ? (FOURCC_VIDEO[fourCcOf(tag, 1)] ?? 'other') : 'other';
}

/** The codec an audio tag's first bytes name (Enhanced RTMP: sound format 9 and a FourCC). */
export function audioCodecOf(tag: Uint8Array): string {
  if (tag.length === 0) return 'other';
  const format = tag[0]! >> 4;
  if (format === 9) return tag.length >= 5 ? (FOURCC_AUDIO[fourCcOf(tag, 1)] ?? 'other') : 'other';
  return AUDIO[format] ?? 'other';
}

/** Picture size from a video sequence header tag (payload after the FLV tag header); null when unknown. */
export function pictureSizeOf(tag: Uint8Array): PictureSize | null {
  if (tag.length < 6) return null;
  const codec = videoCodecOf(tag);
  // Legacy: codec byte, packet type, 3 bytes composition time. Enhanced: 1 + FourCC. Both 5 bytes.
  const record = tag.subarray(5);
  if (codec === 'H.264') return h264PictureSize(firstAvcSps(record) ?? new Uint8Array(0));
  if (codec === 'H.265') {
    const sps = firstHevcSps(record);
    if (sps === null) return null;
    try {
      return parseH265Sps(Buffer.from(sps.buffer, sps.byteOffset, sps.length));
    } catch {
      return null;
    }
  }
  return null;
}

/** AVCDecoderConfigurationRecord: 5 bytes, SPS count, then length-prefixed SPS units. */
function firstAvcSps(record: Uint8Array): Uint8Array | null {
  if (record.length < 8 || record[0] !== 1 || (record[5]! & 0x1f) === 0) return null;
  const length = (record[6]! << 8) | record[7]!;
  return 8 + length <= record.length ? record.subarray(8, 8 + length) : null;
}

/** HEVCDecoderConfigurationRecord: 22 bytes, then arrays of NAL units by type. */
function firstHevcSps(record: Uint8Array): Uint8Array | null {
  if (record.length < 23 || record[0] !== 1) return null;
  let at = 23;
  for (let array = 0; array < record[22]!; array += 1) {
    if (at + 3 > record.length) return null;
    const type = record[at]! & 0x3f;
    const count = (record[at + 1]! << 8) | record[at + 2]!;
    at += 3;
    for (let unit = 0; unit < count; unit += 1) {
      if (at + 2 > record.length) return null;
      const length = (record[at]! << 8) | record[at + 1]!;
      at += 2;
      if (at + length > record.length) return null;
      if (type === HEVC_SPS_NAL) return record.subarray(at, at + length);
      at += length;
    }
  }
  return null;
}

function fourCcOf(tag: Uint8Array, at: number): string {
  return String.fromCharCode(tag[at]!, tag[at + 1]!, tag[at + 2]!, tag[at + 3]!);
}

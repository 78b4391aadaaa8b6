/**
 * The picture size in an H.264 sequence parameter set (ITU-T H.264 7.3.2.1.1), read with every
 * loop bounded by the standard's limits. node-media-server has a parser too (sps_info.js), but it
 * loops `num_ref_frames_in_pic_order_cnt_cycle` times as the stream says (up to 2^32): one crafted
 * sequence header from an encoder would hold the process for minutes. The standard allows 255.
 */

const MAX_SPS_BYTES = 1024;
const MAX_POC_CYCLE = 255;
/** Profiles whose SPS carries chroma format, bit depths and scaling lists. */
const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

export interface PictureSize {
  width: number;
  height: number;
}

/** Reads bits of an RBSP (emulation prevention removed); past the end it throws. */
export class BitReader {
  private bit = 0;

  constructor(private readonly bytes: Uint8Array) {}

  bits(count: number): number {
    let value = 0;
    for (let i = 0; i < count; i += 1) {
      const byte = this.bit >> 3;
      if (byte >= this.bytes.length) throw new RangeError('SPS ends early');
      value = value * 2 + ((this.bytes[byte]! >> (7 - (this.bit & 7))) & 1);
      this.bit += 1;
    }
    return value;
  }

  flag(): boolean {
    return this.bits(1) === 1;
  }

  /** Unsigned Exp-Golomb; more than 31 leading zeros is not a valid code. */
  ue(): number {
    let zeros = 0;
    while (this.bits(1) === 0) {
      zeros += 1;
      if (zeros > 31) throw new RangeError('Exp-Golomb code too long');
    }
    return 2 ** zeros - 1 + this.bits(zeros);
  }

  se(): number {
    const code = this.ue();
    return code % 2 === 0 ? -(code / 2) : (code + 1) / 2;
  }
}

/** Drops the emulation prevention bytes (00 00 03 → 00 00). */
export function rbspOf(nal: Uint8Array): Uint8Array {
  const out = new Uint8Array(nal.length);
  let length = 0;
  let zeros = 0;
  for (const byte of nal) {
    if (zeros >= 2 && byte === 3) {
      zeros = 0;
      continue;
    }
    zeros = byte === 0 ? zeros + 1 : 0;
    out[length] = byte;
    length += 1;
  }
  return out.subarray(0, length);
}

function skipScalingList(reader: BitReader, size: number): void {
  let last = 8;
  let next = 8;
  for (let j = 0; j < size; j += 1) {
    if (next !== 0) next = (last + reader.se() + 256) % 256;
    last = next === 0 ? last : next;
  }
}

/** Width and height of an SPS NAL unit (with its one-byte header); null when it is not one. */
export function h264PictureSize(nal: Uint8Array): PictureSize | null {
  if (nal.length < 4 || nal.length > MAX_SPS_BYTES || (nal[0]! & 0x1f) !== 7) return null;
  try {
    const reader = new BitReader(rbspOf(nal));
    reader.bits(8); // NAL header
    const profile = reader.bits(8);
    reader.bits(16); // constraint flags, level
    reader.ue(); // seq_parameter_set_id
    let chromaFormat = 1;
    if (HIGH_PROFILES.has(profile)) {
      chromaFormat = reader.ue();
      if (chromaFormat > 3) return null;
      if (chromaFormat === 3) reader.flag(); // separate_colour_plane_flag
      reader.ue(); // bit_depth_luma_minus8
      reader.ue(); // bit_depth_chroma_minus8
      reader.flag(); // qpprime_y_zero_transform_bypass_flag
      if (reader.flag()) {
        const lists = chromaFormat === 3 ? 12 : 8;
        for (let i = 0; i < lists; i += 1) if (reader.flag()) skipScalingList(reader, i < 6 ? 16 : 64);
      }
    }
    reader.ue(); // log2_max_frame_num_minus4
    const pocType = reader.ue();
    if (pocType === 0) {
      reader.ue(); // log2_max_pic_order_cnt_lsb_minus4
    } else if (pocType === 1) {
      reader.flag(); // delta_pic_order_always_zero_flag
      reader.se(); // offset_for_non_ref_pic
      reader.se(); // offset_for_top_to_bottom_field
      const cycle = reader.ue();
      if (cycle > MAX_POC_CYCLE) return null;
      for (let i = 0; i < cycle; i += 1) reader.se();
    } else if (pocType !== 2) {
      return null;
    }
    reader.ue(); // max_num_ref_frames
    reader.flag(); // gaps_in_frame_num_value_allowed_flag
    const widthInMbs = reader.ue() + 1;
    const heightInMapUnits = reader.ue() + 1;
    const frameMbsOnly = reader.flag() ? 1 : 0;
    if (frameMbsOnly === 0) reader.flag(); // mb_adaptive_frame_field_flag
    reader.flag(); // direct_8x8_inference_flag
    let [left, right, top, bottom] = [0, 0, 0, 0];
    if (reader.flag()) [left, right, top, bottom] = [reader.ue(), reader.ue(), reader.ue(), reader.ue()];
    const subsampled = chromaFormat === 1 || chromaFormat === 2;
    const cropX = subsampled ? 2 : 1;
    const cropY = (chromaFormat === 1 ? 2 : 1) * (2 - frameMbsOnly);
    const width = widthInMbs * 16 - cropX * (left + right);
    const height = (2 - frameMbsOnly) * heightInMapUnits * 16 - cropY * (top + bottom);
    return width > 0 && height > 0 && width <= 16384 && height <= 16384 ? { width, height } : null;
  } catch {
    return null;
  }
}

import { describe, expect, it } from 'vitest';
import { h264PictureSize } from './h264Sps';
import { audioCodecOf, pictureSizeOf, videoCodecOf } from './sequenceHeader';

/** SPS units libx264 / libx265 wrote for these sizes (ffmpeg -f h264 / -f hevc, one frame). */
const H264_SPS = {
  '640x360 (baseline)': '6742c01eda0280bfe5c044000003000400000300c83c58ba80',
  '1920x1080 (cropped from 1088)': '6742c028da01e0089f97011000000300100000030320f1832a',
  '320x180': '6742c00cda05067e7c0440000003004000000c83c50aa8',
  '1280x720 (High 4:4:4: chroma format, scaling flags)': '67f4001f9196805005bb011000000300100000030320f1832a',
};
const HEVC = {
  vps: '40010c01ffff01600000030090000003000003005d959409',
  sps: '42010101600000030090000003000003005da00280802d16595952930bc05a020000030002000003003210',
  pps: '4401c073c189',
};

const hex = (text: string) => Buffer.from(text, 'hex');
const u16 = (n: number) => [n >> 8, n & 0xff];

/** An FLV video tag body: AVC sequence header (legacy: 0x17 0x00 + composition time + record). */
function avcSequenceHeader(sps: Buffer): Buffer {
  const record = Buffer.from([1, sps[1]!, sps[2]!, sps[3]!, 0xff, 0xe1, ...u16(sps.length), ...sps, 1, 0, 4, 0x68, 0xce, 0x38, 0x80]);
  return Buffer.concat([Buffer.from([0x17, 0, 0, 0, 0]), record]);
}

/** Enhanced RTMP HEVC sequence start: 0x90 (key frame, ex header, packet type 0) 'hvc1' + record. */
function hevcSequenceStart(): Buffer {
  const head = Buffer.alloc(22);
  head[0] = 1;
  const arrays = Object.entries({ 32: HEVC.vps, 33: HEVC.sps, 34: HEVC.pps }).flatMap(([type, unit]) => [0x80 | Number(type), ...u16(1), ...u16(unit.length / 2), ...hex(unit)]);
  return Buffer.concat([Buffer.from([0x90]), Buffer.from('hvc1'), head, Buffer.from([3, ...arrays])]);
}

describe('picture size from a sequence header', () => {
  it.each([
    ['640x360 (baseline)', 640, 360],
    ['1920x1080 (cropped from 1088)', 1920, 1080],
    ['320x180', 320, 180],
    ['1280x720 (High 4:4:4: chroma format, scaling flags)', 1280, 720],
  ] as const)('H.264 %s', (name, width, height) => {
    const tag = avcSequenceHeader(hex(H264_SPS[name]));
    expect(videoCodecOf(tag)).toBe('H.264');
    expect(pictureSizeOf(tag)).toEqual({ width, height });
  });

  it('H.265 over Enhanced RTMP (the SPS found among the VPS/SPS/PPS arrays)', () => {
    const tag = hevcSequenceStart();
    expect(videoCodecOf(tag)).toBe('H.265');
    expect(pictureSizeOf(tag)).toEqual({ width: 1280, height: 720 });
  });

  it('answers null for truncated or malformed records, never throws', () => {
    const good = avcSequenceHeader(hex(H264_SPS['320x180']));
    for (let length = 0; length < good.length - 6; length += 1) expect(() => pictureSizeOf(good.subarray(0, length))).not.toThrow();
    expect(pictureSizeOf(good.subarray(0, 12))).toBeNull();
    const hevc = hevcSequenceStart();
    for (let length = 0; length < hevc.length; length += 7) expect(() => pictureSizeOf(hevc.subarray(0, length))).not.toThrow();
    expect(pictureSizeOf(Buffer.from([0x17, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0]))).toBeNull();
  });

  it('reads a picture-order cycle up to the standard 255 and refuses a longer one (no unbounded loop)', () => {
    /** Baseline SPS, pic_order_cnt_type 1 with `cycle` offsets, 320x192. */
    const sps = (cycle: string, offsets: number) => {
      const bits = ['01000010', '00000000', '00011110', '1', '1', '010', '1', '1', '1', cycle, '1'.repeat(offsets), '1', '0', '000010100', '0001100', '1', '1', '0', '0'].join('');
      return Uint8Array.from([0x67, ...(bits.padEnd(Math.ceil(bits.length / 8) * 8, '0').match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2))]);
    };
    expect(h264PictureSize(sps('00100', 3))).toEqual({ width: 320, height: 192 });
    const started = Date.now();
    expect(h264PictureSize(sps(`${'0'.repeat(31)}1${'1'.repeat(31)}`, 8))).toBeNull();
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('names audio codecs, legacy and Enhanced RTMP', () => {
    expect(audioCodecOf(Buffer.from([0xaf, 1]))).toBe('AAC');
    expect(audioCodecOf(Buffer.from([0x2f]))).toBe('MP3');
    expect(audioCodecOf(Buffer.from([0x90, ...Buffer.from('Opus')]))).toBe('Opus');
    expect(audioCodecOf(Buffer.alloc(0))).toBe('other');
  });
});

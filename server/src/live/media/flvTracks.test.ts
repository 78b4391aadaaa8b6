import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { FlvTrackDetector, flvHeaderFor, tagTimestamp, tracksOfMetadata } from './flvTracks';

const require = createRequire(import.meta.url);
const amf = require('node-media-server/src/protocol/amf.js') as { amf0Encode: (values: unknown[]) => Buffer };

/** An FLV tag as NMS makes it: 11-byte header (timestamp with its extended byte), data, previous size. */
function tag(type: number, data: Buffer, timestamp = 0): Buffer {
  const header = Buffer.alloc(11);
  header.writeUInt8(type, 0);
  header.writeUIntBE(data.length, 1, 3);
  header.writeUIntBE(timestamp & 0xffffff, 4, 3);
  header.writeUInt8((timestamp >>> 24) & 0xff, 7);
  return Buffer.concat([header, data, Buffer.alloc(4)]);
}
/** What an RTMP encoder sends as metadata: "@setDataFrame", "onMetaData", {…}. */
const metadata = (fields: Record<string, number>) => tag(18, amf.amf0Encode(['@setDataFrame', 'onMetaData', fields]));
const audioAt = (ms: number) => tag(8, Buffer.from([0xaf, 1, 5]), ms);
const videoAt = (ms: number) => tag(9, Buffer.from([0x27, 1, 0, 0, 0, 9]), ms);
const NMS_HEADER = Buffer.from([0x46, 0x4c, 0x56, 0x01, 0x05, 0, 0, 0, 0x09, 0, 0, 0, 0]);

describe('tracksOfMetadata', () => {
  it('reads the codecs onMetaData names', () => {
    expect(tracksOfMetadata(metadata({ width: 320, videocodecid: 7, audiocodecid: 10 }))).toEqual({ audio: true, video: true });
    expect(tracksOfMetadata(metadata({ width: 320, videocodecid: 7 }))).toEqual({ audio: false, video: true });
    expect(tracksOfMetadata(metadata({ audiocodecid: 10, audiosamplerate: 44100 }))).toEqual({ audio: true, video: false });
  });

  it('answers null when the metadata names no codec, is malformed or is not metadata', () => {
    expect(tracksOfMetadata(metadata({ duration: 0 }))).toBeNull();
    expect(tracksOfMetadata(tag(18, Buffer.from([0x02, 0xff, 0xff, 0x41])))).toBeNull();
    expect(tracksOfMetadata(tag(18, amf.amf0Encode(['onCuePoint', { name: 'x' }])))).toBeNull();
    expect(tracksOfMetadata(audioAt(0))).toBeNull();
  });
});

describe('FlvTrackDetector', () => {
  it('decides at the metadata when it names the codecs', () => {
    expect(new FlvTrackDetector().feed(metadata({ videocodecid: 7 }))).toEqual({ audio: false, video: true });
  });

  it('without codec names: both kinds of media seen means both tracks', () => {
    const detector = new FlvTrackDetector();
    expect(detector.feed(metadata({ duration: 0 }))).toBeNull();
    expect(detector.feed(videoAt(100_000))).toBeNull();
    expect(detector.feed(audioAt(100_010))).toEqual({ audio: true, video: true });
  });

  it('without codec names: one kind for a second of timestamps (from wherever they start) means that track only', () => {
    const detector = new FlvTrackDetector();
    for (let ms = 100_000; ms < 100_960; ms += 40) expect(detector.feed(videoAt(ms))).toBeNull();
    expect(detector.feed(videoAt(101_000))).toEqual({ audio: false, video: true });
  });

  it('a hundred tags decide even if their timestamps do not move', () => {
    const detector = new FlvTrackDetector();
    for (let count = 1; count < 100; count += 1) expect(detector.feed(audioAt(0))).toBeNull();
    expect(detector.feed(audioAt(0))).toEqual({ audio: true, video: false });
  });
});

describe('flvHeaderFor', () => {
  it('sets only the flags, on a copy', () => {
    expect([...flvHeaderFor(NMS_HEADER, { audio: false, video: true })]).toEqual([0x46, 0x4c, 0x56, 0x01, 0x01, 0, 0, 0, 0x09, 0, 0, 0, 0]);
    expect(flvHeaderFor(NMS_HEADER, { audio: true, video: false })[4]).toBe(0x04);
    expect(NMS_HEADER[4]).toBe(0x05);
  });

  it('reads timestamps past 2^24 ms with the extended byte', () => {
    expect(tagTimestamp(videoAt(0x12345678))).toBe(0x12345678);
  });
});

import { describe, expect, it } from 'vitest';
import { type FlvTarget, FlvSink } from './flvSink';

/** An FLV tag as NMS makes it: 11-byte header, data, 4-byte previous size. */
function tag(type: number, data: number[]): Buffer {
  const header = Buffer.alloc(11);
  header.writeUInt8(type, 0);
  header.writeUIntBE(data.length, 1, 3);
  return Buffer.concat([header, Buffer.from(data), Buffer.alloc(4)]);
}
const keyframe = tag(9, [0x17, 1, 0, 0, 0, 9]);
const interframe = tag(9, [0x27, 1, 0, 0, 0, 9]);
const avcHeader = tag(9, [0x17, 0, 0, 0, 0, 1]);
const audio = tag(8, [0xaf, 1, 5]);

class SlowReader implements FlvTarget {
  writableLength = 0;
  destroyed = false;
  ended = false;
  readonly written: Buffer[] = [];
  write(chunk: Buffer): boolean {
    this.written.push(chunk);
    this.writableLength += chunk.length;
    return true;
  }
  end(): void {
    this.ended = true;
  }
}

describe('FlvSink backpressure', () => {
  const limits = { dropAboveBytes: 100, resumeBelowBytes: 50, closeAboveBytes: 1_000 };

  it('passes everything while the reader keeps up', () => {
    const reader = new SlowReader();
    const sink = new FlvSink(reader, limits);
    for (const buffer of [avcHeader, keyframe, interframe, audio]) {
      sink.sendBuffer(buffer);
      reader.writableLength = 0;
    }
    expect(reader.written).toEqual([avcHeader, keyframe, interframe, audio]);
  });

  it('drops frames while behind, keeps codec headers, resumes on a keyframe once drained', () => {
    const reader = new SlowReader();
    const sink = new FlvSink(reader, limits);
    reader.writableLength = 200;
    sink.sendBuffer(interframe);
    sink.sendBuffer(audio);
    sink.sendBuffer(avcHeader);
    sink.sendBuffer(keyframe); // still behind: dropped
    reader.writableLength = 10;
    sink.sendBuffer(interframe); // drained, but a P-frame cannot start a picture
    sink.sendBuffer(keyframe);
    sink.sendBuffer(interframe);
    expect(reader.written).toEqual([avcHeader, keyframe, interframe]);
    expect(sink.droppedTags).toBe(4);
  });

  it('closes a reader that falls hopelessly behind', () => {
    const reader = new SlowReader();
    const sink = new FlvSink(reader, limits);
    reader.writableLength = 2_000;
    sink.sendBuffer(keyframe);
    expect(reader.ended).toBe(true);
    expect(reader.written).toEqual([]);
  });
});

describe('FlvSink announces the tracks the stream has', () => {
  const NMS_HEADER = Buffer.from([0x46, 0x4c, 0x56, 0x01, 0x05, 0, 0, 0, 0x09, 0, 0, 0, 0]);
  const at = (buffer: Buffer, ms: number) => {
    const copy = Buffer.from(buffer);
    copy.writeUIntBE(ms, 4, 3);
    return copy;
  };

  it('holds the file header until the first tags show the tracks, then sends it with them', () => {
    const reader = new SlowReader();
    const sink = new FlvSink(reader);
    sink.sendBuffer(NMS_HEADER);
    sink.sendBuffer(avcHeader);
    sink.sendBuffer(keyframe);
    expect(reader.written).toEqual([]);
    for (let ms = 40; ms <= 1_000; ms += 40) sink.sendBuffer(at(interframe, ms));
    expect(sink.announcedTracks).toEqual({ audio: false, video: true });
    expect(reader.written[0]?.[4]).toBe(0x01);
    expect(reader.written.slice(1, 3)).toEqual([avcHeader, keyframe]);
    expect(reader.written).toHaveLength(3 + 25);
  });

  it('both kinds of media: the header announces both as soon as each was seen', () => {
    const reader = new SlowReader();
    const sink = new FlvSink(reader);
    sink.sendBuffer(NMS_HEADER);
    sink.sendBuffer(keyframe);
    sink.sendBuffer(audio);
    expect(reader.written.map((buffer) => buffer[4])).toEqual([0x05, keyframe[4], audio[4]]);
    expect(sink.announcedTracks).toEqual({ audio: true, video: true });
  });
});


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

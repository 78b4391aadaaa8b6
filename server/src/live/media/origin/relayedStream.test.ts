import { describe, expect, it } from 'vitest';
import { NmsBaseSession } from '../nms';
import { clockScriptTag } from '../streamClock';
import { FlvTagSplitter } from './flvTagSplitter';
import { RelayedStream } from './relayedStream';
import { epochOf, etagOf, ifNoneMatchHits, parseSegmentUrlName, playlistCacheControl, withSegmentEpoch } from './httpCaching';

/** An FLV tag with its previous-tag-size trailer: type, timestamp, body. */
function tag(type: number, ts: number, body: number[]): Buffer {
  const out = Buffer.alloc(11 + body.length + 4);
  out.writeUInt8(type, 0);
  out.writeUIntBE(body.length, 1, 3);
  out.writeUIntBE(ts & 0xffffff, 4, 3);
  Buffer.from(body).copy(out, 11);
  out.writeUInt32BE(11 + body.length, 11 + body.length);
  return out;
}

const HEADER = Buffer.concat([Buffer.from('FLV'), Buffer.from([1, 5, 0, 0, 0, 9]), Buffer.alloc(4)]);
const METADATA = tag(18, 0, [2, 0, 10, ...Buffer.from('onMetaData'), 5]);
const AVC_CONFIG = tag(9, 0, [0x17, 0, 0, 0, 0, 1]);
const AAC_CONFIG = tag(8, 0, [0xaf, 0, 0x12, 0x10]);
const keyframe = (ts: number) => tag(9, ts, [0x17, 1, 0, 0, 0, 9]);
const interframe = (ts: number) => tag(9, ts, [0x27, 1, 0, 0, 0, 8]);

function player(): { session: InstanceType<typeof NmsBaseSession>; got: Buffer[]; closed: () => boolean } {
  const session = new NmsBaseSession();
  const got: Buffer[] = [];
  let closed = false;
  session.sendBuffer = (buffer) => got.push(buffer);
  session.close = () => {
    closed = true;
  };
  return { session, got, closed: () => closed };
}

describe('FlvTagSplitter', () => {
  it('cuts a byte stream split anywhere back into the header and whole tags', () => {
    const bytes = Buffer.concat([HEADER, METADATA, AVC_CONFIG, keyframe(40), interframe(80)]);
    for (const step of [1, 7, 13, 64, bytes.length]) {
      const pieces: Buffer[] = [];
      const splitter = new FlvTagSplitter((piece) => pieces.push(Buffer.from(piece)), (reason) => {
        throw new Error(reason);
      });
      for (let offset = 0; offset < bytes.length; offset += step) splitter.push(bytes.subarray(offset, offset + step));
      expect(pieces).toEqual([HEADER, METADATA, AVC_CONFIG, keyframe(40), interframe(80)]);
    }
  });

  it('refuses what is not FLV and a tag above the bound', () => {
    const failures: string[] = [];
    new FlvTagSplitter(() => undefined, (reason) => failures.push(reason)).push(Buffer.from('HTTP/1.1 200 OK\r\n'));
    const huge = Buffer.concat([HEADER, Buffer.from([9, 0xff, 0xff, 0xff]), Buffer.alloc(7)]);
    new FlvTagSplitter(() => undefined, (reason) => failures.push(reason), 1 << 20).push(huge);
    expect(failures).toEqual(['not an FLV stream', expect.stringContaining('FLV tag of')]);
  });
});

describe('RelayedStream', () => {
  it('a player joining late gets the header, metadata, codec headers and the GOP from its keyframe, then live tags; clock tags from the origin are dropped', () => {
    const stream = new RelayedStream(() => undefined);
    stream.receive(HEADER, true);
    for (const piece of [METADATA, AAC_CONFIG, AVC_CONFIG, keyframe(0), interframe(40), keyframe(1000), clockScriptTag(1000, 1_700_000_000_000), interframe(1040)]) stream.receive(piece, false);
    const late = player();
    expect(stream.postPlay(late.session)).toBeNull();
    expect(late.got).toEqual([HEADER, METADATA, AAC_CONFIG, AVC_CONFIG, keyframe(1000), interframe(1040)]);
    stream.receive(interframe(1080), false);
    stream.receive(clockScriptTag(1080, 1_700_000_000_080), false);
    expect(late.got.at(-1)).toEqual(interframe(1080));
  });

  it('refuses players before the origin sent its header and after the end; the end lets every player go; the last one leaving says idle', () => {
    let idle = 0;
    const stream = new RelayedStream(() => {
      idle += 1;
    });
    expect(stream.postPlay(player().session)).not.toBeNull();
    stream.receive(HEADER, true);
    const one = player();
    const two = player();
    stream.postPlay(one.session);
    stream.postPlay(two.session);
    stream.donePlay(one.session);
    expect(idle).toBe(0);
    stream.end();
    expect(two.closed()).toBe(true);
    expect(stream.postPlay(player().session)).not.toBeNull();
  });
});

describe('the HTTP caching contract', () => {
  it('names segments with the publish epoch in playlists, and reads the names back', () => {
    const epoch = epochOf(1_765_000_000_000);
    const playlist = '#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:3\n#EXTINF:1.0,\nseg3.ts\n#EXTINF:1.0,\nseg4.ts\n';
    expect(withSegmentEpoch(playlist, epoch)).toBe(`#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:3\n#EXTINF:1.0,\n${epoch}-seg3.ts\n#EXTINF:1.0,\n${epoch}-seg4.ts\n`);
    expect(parseSegmentUrlName(`${epoch}-seg4.ts`)).toEqual({ epoch, file: 'seg4.ts' });
    for (const name of ['seg4.ts', `${epoch}-seg4.ts.tmp`, `../${epoch}-seg4.ts`, `${epoch}-index.m3u8`, `${'z'.repeat(12)}-seg1.ts`]) expect(parseSegmentUrlName(name)).toBeNull();
  });

  it('playlists stay under one segment; ETags compare as RFC 9110 says', () => {
    expect(playlistCacheControl(1)).toBe('no-cache');
    expect(playlistCacheControl(2)).toBe('public, max-age=1');
    expect(playlistCacheControl(6)).toBe('public, max-age=3');
    const etag = etagOf('#EXTM3U');
    expect(ifNoneMatchHits(`"x", W/${etag}`, etag)).toBe(true);
    expect(ifNoneMatchHits('*', etag)).toBe(true);
    expect(ifNoneMatchHits('"other"', etag)).toBe(false);
    expect(ifNoneMatchHits(undefined, etag)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { StreamHealthRegistry } from './streamHealthRegistry';
import { type MediaPacket, StreamObserver } from './streamObserver';

/** libx264's SPS for 640x360, in an FLV AVC sequence header tag body. */
const SPS_640x360 = Buffer.from('6742c01eda0280bfe5c044000003000400000300c83c58ba80', 'hex');
const AVC_SEQUENCE_HEADER = Buffer.concat([Buffer.from([0x17, 0, 0, 0, 0, 1, 0x42, 0xc0, 0x1e, 0xff, 0xe1, 0, SPS_640x360.length]), SPS_640x360, Buffer.from([1, 0, 4, 0x68, 0xce, 0x38, 0x80])]);
const AAC_SEQUENCE_HEADER = Buffer.from([0xaf, 0, 0x12, 0x10]);
const KEY = Buffer.from([0x17, 1, 0, 0, 0]);
const INTER = Buffer.from([0x27, 1, 0, 0, 0]);
const AAC_FRAME = Buffer.from([0xaf, 1]);

const video = (data: Buffer, dts: number, size: number): MediaPacket => ({ codec_type: 9, dts, size, data });
const audio = (data: Buffer, dts: number, size: number): MediaPacket => ({ codec_type: 8, dts, size, data });

interface Feed {
  /** Wall clock and stream clock, ms: advanced by each feed. */
  at: number;
  dts: number;
}

/** `seconds` of 25 fps video (a keyframe every `gop` frames) of `frameBytes`, and 25 AAC frames of 400 bytes a second. */
function play(observer: StreamObserver, clock: Feed, seconds: number, { gop = 50, frameBytes = 5_000, frameIndex = { n: 0 } } = {}): void {
  for (let frame = 0; frame < seconds * 25; frame += 1) {
    const key = frameIndex.n % gop === 0;
    observer.observe(video(key ? KEY : INTER, clock.dts, frameBytes), clock.at);
    observer.observe(audio(AAC_FRAME, clock.dts, 400), clock.at);
    frameIndex.n += 1;
    clock.at += 40;
    clock.dts += 40;
  }
}

function started(at = 1_700_000_000_000): { observer: StreamObserver; clock: Feed } {
  const observer = new StreamObserver(at);
  observer.observe(video(AVC_SEQUENCE_HEADER, 0, AVC_SEQUENCE_HEADER.length), at);
  observer.observe(audio(AAC_SEQUENCE_HEADER, 0, AAC_SEQUENCE_HEADER.length), at);
  return { observer, clock: { at, dts: 0 } };
}

describe('StreamObserver (synthetic FLV tags)', () => {
  it('reads resolution from the SPS, frame rate from timestamps, bitrates over the last seconds, the keyframe interval', () => {
    const { observer, clock } = started();
    play(observer, clock, 6);
    const figures = observer.figures(clock.at);
    expect(figures).toMatchObject({ videoCodec: 'H.264', audioCodec: 'AAC', width: 640, height: 360, fps: 25, keyframeIntervalSeconds: 2, warnings: [] });
    // 25 × 5000 B = 1000 kbit/s; 25 × 400 B = 80 kbit/s.
    expect(figures.videoKbps).toBeGreaterThanOrEqual(990);
    expect(figures.videoKbps).toBeLessThanOrEqual(1010);
    expect(figures.audioKbps).toBe(80);
    expect(figures.sinceLastFrameMs).toBe(40);
  });

  it('a keyframe every 250 frames at 25 fps: 10 s, with the advice (already while the first long GOP runs, once past 2 s)', () => {
    const { observer, clock } = started();
    const frameIndex = { n: 0 };
    play(observer, clock, 1.6, { gop: 250, frameIndex });
    expect(observer.figures(clock.at).keyframeIntervalSeconds).toBeNull();
    play(observer, clock, 1.4, { gop: 250, frameIndex });
    const early = observer.figures(clock.at);
    expect(early.keyframeIntervalSeconds).toBeGreaterThan(2);
    expect(early.warnings).toEqual(['keyframe_interval_long']);
    play(observer, clock, 18, { gop: 250, frameIndex });
    expect(observer.figures(clock.at)).toMatchObject({ keyframeIntervalSeconds: 10, warnings: ['keyframe_interval_long'] });
  });

  it('advises at 3 s keyframes, not at 2 s or 1 s (nor a 2 s GOP at 30 fps whose whole-ms timestamps measure 2001 ms)', () => {
    for (const [gop, seconds, warned] of [[75, 3, true], [50, 2, false], [25, 1, false]] as const) {
      const { observer, clock } = started();
      play(observer, clock, 8, { gop });
      expect(observer.figures(clock.at), `GOP ${gop}`).toMatchObject({ keyframeIntervalSeconds: seconds, warnings: warned ? ['keyframe_interval_long'] : [] });
    }
    // 30 fps: 33/34 ms steps, a keyframe every 60 frames.
    const { observer, clock } = started();
    for (let frame = 0; frame < 300; frame += 1) {
      const dts = Math.round((frame * 1000) / 30) + (frame % 60 === 0 && frame > 0 ? 1 : 0);
      observer.observe(video(frame % 60 === 0 ? KEY : INTER, dts, 3_000), clock.at + dts);
    }
    const figures = observer.figures(clock.at + 10_000);
    expect(figures.keyframeIntervalSeconds).toBe(2);
    expect(figures.warnings).not.toContain('keyframe_interval_long');
  });

  it('warns when the bitrate falls under half of its recent average, and stops once it recovers', () => {
    const { observer, clock } = started();
    const frameIndex = { n: 0 };
    play(observer, clock, 15, { frameIndex });
    expect(observer.figures(clock.at).warnings).toEqual([]);
    play(observer, clock, 2, { frameIndex, frameBytes: 1_000 });
    expect(observer.figures(clock.at).warnings).toEqual([]); // one low second is not a drop yet
    play(observer, clock, 3, { frameIndex, frameBytes: 1_000 });
    const low = observer.figures(clock.at);
    expect(low.warnings).toEqual(['bitrate_dropping']);
    expect(low.videoKbps).toBe(200);
    play(observer, clock, 4, { frameIndex });
    expect(observer.figures(clock.at).warnings).toEqual([]);
  });

  it('says the input stalled when no frame came for over 3 s', () => {
    const { observer, clock } = started();
    play(observer, clock, 12);
    const later = observer.figures(clock.at + 3_500);
    expect(later.sinceLastFrameMs).toBe(3_540);
    expect(later.warnings).toContain('input_stalled');
    expect(later.warnings).toContain('bitrate_dropping');
    expect(later.videoKbps).toBe(0);
  });

  it('takes onMetaData figures until the SPS and frames tell', () => {
    const at = 1_700_000_000_000;
    const observer = new StreamObserver(at, { videoWidth: 1280, videoHeight: 720, videoFramerate: 30 });
    expect(observer.figures(at)).toMatchObject({ width: 1280, height: 720, fps: 30, videoCodec: null });
    observer.observe(video(AVC_SEQUENCE_HEADER, 0, AVC_SEQUENCE_HEADER.length), at);
    expect(observer.figures(at)).toMatchObject({ width: 640, height: 360 });
  });

  it('measures afresh when the timestamps jump back (the encoder restarted its clock)', () => {
    const { observer, clock } = started();
    play(observer, clock, 4);
    clock.dts = 0;
    const frameIndex = { n: 0 };
    play(observer, clock, 1, { frameIndex });
    expect(observer.figures(clock.at)).toMatchObject({ fps: 25, keyframeIntervalSeconds: null });
  });

  it('ignores empty messages and script data', () => {
    const { observer, clock } = started();
    observer.observe({ codec_type: 9, dts: 0, size: 0, data: Buffer.alloc(0) }, clock.at);
    observer.observe({ codec_type: 18, dts: 0, size: 3, data: Buffer.from([2, 0, 0]) }, clock.at);
    expect(observer.figures(clock.at)).toMatchObject({ fps: null, width: 640 });
  });
});

describe('StreamHealthRegistry', () => {
  it('counts a publish by a new session within the broadcast as a reconnect; a new broadcast starts at 0; today counts all', () => {
    let now = Date.parse('2026-11-25T04:00:00Z');
    const registry = new StreamHealthRegistry({ clock: () => now });
    expect(registry.healthOf(7)).toEqual({ live: false, publishingSince: null, reconnects: 0, publishesToday: 0, figures: null });
    const first = {};
    registry.observe(7, first, video(AVC_SEQUENCE_HEADER, 0, AVC_SEQUENCE_HEADER.length));
    registry.observe(7, first, video(KEY, 0, 100));
    expect(registry.healthOf(7)).toMatchObject({ live: true, reconnects: 0, publishesToday: 1, figures: { width: 640 } });
    now += 5_000;
    registry.observe(7, {}, video(KEY, 0, 100));
    expect(registry.healthOf(7)).toMatchObject({ live: true, reconnects: 1, publishesToday: 2, publishingSince: now });
    registry.ended(7);
    expect(registry.healthOf(7)).toMatchObject({ live: false, reconnects: 0, publishesToday: 2, figures: null });
    registry.observe(7, {}, video(KEY, 0, 100));
    expect(registry.healthOf(7)).toMatchObject({ reconnects: 0, publishesToday: 3 });
    expect(registry.healthOf(8).publishesToday).toBe(0);
    // 2026-11-26 in China.
    now = Date.parse('2026-11-25T16:30:00Z');
    expect(registry.healthOf(7).publishesToday).toBe(0);
    registry.observe(7, {}, video(KEY, 0, 100));
    expect(registry.healthOf(7)).toMatchObject({ reconnects: 1, publishesToday: 1 });
  });

  it('a message it cannot read is logged and stops observing that publish, never throws into the ingest', () => {
    const warnings: string[] = [];
    const registry = new StreamHealthRegistry({ log: { warn: (_details, message) => warnings.push(message) } });
    const publisher = {};
    registry.observe(3, publisher, video(KEY, 0, 100));
    const poisoned = { codec_type: 9, dts: 40, size: 10, get data(): Uint8Array { throw new Error('broken packet'); } };
    expect(() => registry.observe(3, publisher, poisoned)).not.toThrow();
    expect(() => registry.observe(3, publisher, video(KEY, 80, 100))).not.toThrow();
    expect(warnings).toHaveLength(1);
    expect(registry.healthOf(3).live).toBe(true);
  });
});

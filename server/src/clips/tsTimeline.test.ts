import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArchivedSegment } from '../live/index';
import { ClipCutter } from './clipCutter';
import type { ClipStorage } from './clipStorage';
import { firstFrameSecond, probeDurationMs, SEGMENT_MS, segmentTemplate } from './testing/clipFixtures';
import { firstPts, isContinuousTimeline } from './tsTimeline';

/**
 * The cutter's choice of join (tsTimeline.ts) on real libx264 + AAC segments: one packager run is
 * one byte stream; a list whose timestamps jump (a reconnect restarts them) goes through the concat
 * demuxer, and both make the clip of exactly the segments asked for.
 */
describe('tsTimeline [ffmpeg]', () => {
  let template = '';
  let staging = '';
  const segment = (index: number) => ({ file: path.join(template, `seg${String(index).padStart(3, '0')}.ts`), durationMs: SEGMENT_MS });

  beforeAll(async () => {
    template = await segmentTemplate();
    staging = await fs.mkdtemp(path.join(os.tmpdir(), 'ts-timeline-'));
  }, 120_000);
  afterAll(() => fs.rm(staging, { recursive: true, force: true }));

  it('reads the first PTS of a segment: a second apart from one segment to the next', async () => {
    const first = firstPts(await fs.readFile(segment(3).file));
    const next = firstPts(await fs.readFile(segment(4).file));
    expect(first).not.toBeNull();
    expect(Math.abs(((next as number) - (first as number)) / 90 - SEGMENT_MS)).toBeLessThan(50);
    expect(firstPts(Buffer.alloc(4_000, 7))).toBeNull();
    expect(firstPts(new Uint8Array())).toBeNull();
  });

  it('one run in order is continuous; a jump back or ahead, a gap, a broken or foreign file is not', async () => {
    expect(await isContinuousTimeline([segment(0), segment(1), segment(2), segment(3)])).toBe(true);
    expect(await isContinuousTimeline([segment(5), segment(6), segment(0), segment(1)])).toBe(false);
    expect(await isContinuousTimeline([segment(1), segment(2), segment(9)])).toBe(false);
    const broken = path.join(staging, 'broken.ts');
    await fs.writeFile(broken, Buffer.alloc(4_000, 7));
    expect(await isContinuousTimeline([segment(1), { file: broken, durationMs: SEGMENT_MS }])).toBe(false);
    expect(await isContinuousTimeline([{ file: path.join(staging, 'gone.ts'), durationMs: SEGMENT_MS }])).toBe(false);
  });

  it('the cutter joins one run, a gap and a restarted timeline alike: the segments asked for, in order, from the first one’s first frame', { timeout: 60_000 }, async () => {
    const storage: ClipStorage = {
      segmentFile: async (key) => key,
      stagingFile: async (name) => path.join(staging, name),
      put: async () => 0,
      stat: async () => null,
      remove: async () => undefined,
      freeBytes: async () => null,
    };
    const cutter = new ClipCutter({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe', storage, minFreeBytes: 0 });
    const archived = (indexes: number[]): ArchivedSegment[] =>
      indexes.map((index, order) => ({ broadcastId: 1, seq: order, startedAtMs: 1_000_000 + order * SEGMENT_MS, durationMs: SEGMENT_MS, bytes: 1, storageKey: segment(index).file }));
    // A gap (the byte stream would keep it: 9 s of timeline for 6 s of segments) and a restart need the demuxer.
    const cases = [['one-run', [10, 11, 12, 13, 14, 15]], ['gap', [20, 21, 22, 26, 27, 28]], ['restarted', [20, 21, 22, 3, 4, 5]]] as const;
    for (const [name, indexes] of cases) {
      const outcome = await cutter.cut({ segments: archived([...indexes]), fromMs: 1_000_000, toMs: 1_000_000 + 6 * SEGMENT_MS, thumbAtMs: 1_000_000 + 2 * SEGMENT_MS, name });
      expect(outcome.kind, name).toBe('cut');
      if (outcome.kind !== 'cut') continue;
      expect(Math.abs((await probeDurationMs(outcome.videoFile)) - 6 * SEGMENT_MS), name).toBeLessThan(300);
      expect(await firstFrameSecond(outcome.videoFile), name).toBe(indexes[0]);
      expect(outcome.thumbFile, name).not.toBeNull();
    }
  });
});

import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StreamEvents } from '../media/streamEvents';
import { ffmpegInstalledFor, waitFor } from '../media/testing/mediaTestKit';
import { grabFrame } from './frameGrabber';
import { Thumbnailer } from './thumbnailer';

const ffmpegInstalled = ffmpegInstalledFor('the thumbnailer tests decode frames with it');

describe.skipIf(!ffmpegInstalled)('Thumbnailer: the decode queue and the refresh rounds (real ffmpeg decodes)', () => {
  let dir: string;
  let clip: string;
  let silent: string;
  const thumbnailers: Thumbnailer[] = [];

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'thumbnailer-'));
    clip = path.join(dir, 'clip.ts');
    silent = path.join(dir, 'audio.ts');
    // A 4:3 picture (letterboxed into 320x180) and an audio-only file (no frame to decode).
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=640x480:rate=25', '-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', clip]);
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '1', '-c:a', 'aac', silent]);
  });
  afterAll(async () => {
    for (const thumbnailer of thumbnailers) thumbnailer.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });

  function thumbnailer(options: Partial<ConstructorParameters<typeof Thumbnailer>[0]> & { grab: (roomId: number) => Promise<Buffer> }) {
    const events = new StreamEvents();
    const made = new Thumbnailer({ events, concurrency: 2, refreshMs: 60_000, retryMs: 60_000, firstDelayMs: 0, ...options });
    thumbnailers.push(made);
    return { events, made };
  }
  const goLive = (events: StreamEvents, roomId: number) => events.emit('live', { roomId, startedAt: new Date() });

  it('grabFrame: a JPEG of the first frame; rejects a file without video', async () => {
    const jpeg = await grabFrame('ffmpeg', clip);
    expect(jpeg.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    await expect(grabFrame('ffmpeg', silent)).rejects.toThrow(/ffmpeg decoded no frame/);
    await expect(grabFrame('ffmpeg', path.join(dir, 'missing.ts'))).rejects.toThrow();
  });

  it('runs at most `concurrency` decodes at once, however many rooms are live', async () => {
    let running = 0;
    let most = 0;
    const { events, made } = thumbnailer({
      concurrency: 2,
      grab: async () => {
        running += 1;
        most = Math.max(most, running);
        try {
          return await grabFrame('ffmpeg', clip);
        } finally {
          running -= 1;
        }
      },
    });
    const rooms = [1, 2, 3, 4, 5, 6];
    for (const roomId of rooms) goLive(events, roomId);
    await waitFor(async () => rooms.every((roomId) => made.frameOf(roomId) !== undefined), 'a frame for every room');
    expect(most).toBe(2);
  });

  it('refreshes a live room every round; going offline stops the rounds and drops the frame', async () => {
    let decodes = 0;
    const { events, made } = thumbnailer({
      refreshMs: 150,
      grab: async () => {
        decodes += 1;
        return grabFrame('ffmpeg', clip);
      },
    });
    goLive(events, 7);
    await waitFor(async () => decodes >= 3, 'three refresh rounds');
    events.emit('offline', { roomId: 7, state: 'paused' });
    expect(made.frameOf(7)).toBeUndefined();
    expect(made.refreshing()).toEqual([]);
    const after = decodes;
    await new Promise((resolve) => setTimeout(resolve, 600));
    // At most the decode that was already running when the room went offline, and its frame is not kept.
    expect(decodes - after).toBeLessThanOrEqual(1);
    expect(made.frameOf(7)).toBeUndefined();
  });

  it('a failed decode is retried sooner, and keeps no frame', async () => {
    let attempts = 0;
    const { events, made } = thumbnailer({
      retryMs: 100,
      grab: async () => {
        attempts += 1;
        return grabFrame('ffmpeg', attempts < 3 ? silent : clip);
      },
    });
    goLive(events, 8);
    await waitFor(async () => made.frameOf(8), 'a frame after two failures');
    expect(attempts).toBe(3);
  });
});

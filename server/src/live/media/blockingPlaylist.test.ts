import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PlaylistWaits, holdMsOf, lastMediaSequence, withBlockingReload } from './blockingPlaylist';

/** A playlist as ffmpeg's hls muxer writes it: `count` segments of 1 s from `first`. */
function playlist(first: number, count: number, ended = false): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:1', `#EXT-X-MEDIA-SEQUENCE:${first}`];
  for (let n = first; n < first + count; n += 1) lines.push('#EXT-X-PROGRAM-DATE-TIME:2026-12-07T04:00:00.000+0000', '#EXTINF:1.000000,', `seg${n}.ts`);
  if (ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

describe('the playlist text', () => {
  it('names the last segment by its media sequence number, none before the first segment', () => {
    expect(lastMediaSequence(playlist(40, 6))).toBe(45);
    expect(lastMediaSequence(playlist(0, 1))).toBe(0);
    expect(lastMediaSequence(playlist(0, 0))).toBeNull();
  });

  it('offers blocking reload right after the target duration, once', () => {
    const offered = withBlockingReload(playlist(3, 2));
    expect(offered.split('\n').slice(2, 4)).toEqual(['#EXT-X-TARGETDURATION:1', '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES']);
    expect(withBlockingReload(offered)).toBe(offered);
  });

  it('holds a request for three target durations', () => {
    expect(holdMsOf(playlist(0, 2), 1)).toBe(3_000);
    expect(holdMsOf(playlist(0, 2).replace('TARGETDURATION:1', 'TARGETDURATION:2'), 1)).toBe(6_000);
  });
});

describe('requests waiting for a segment', () => {
  let dir: string;
  let file: string;
  let reads: number;
  const read = async (name: string) => {
    reads += 1;
    return fs.readFile(name).catch(() => null);
  };
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'blocking-playlist-'));
    file = path.join(dir, 'index.m3u8');
    reads = 0;
    await fs.writeFile(file, playlist(10, 5)); // segments 10-14
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('answers at once when the segment is listed already', async () => {
    const answer = await new PlaylistWaits(read, 1).until(file, 14);
    expect(answer).toEqual({ playlist: Buffer.from(playlist(10, 5)) });
  });

  it('holds the next segment until ffmpeg lists it, then answers every waiter with one read per poll', async () => {
    const waits = new PlaylistWaits(read, 1);
    const started = Date.now();
    const answers = Promise.all(Array.from({ length: 50 }, () => waits.until(file, 15)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(waits.size).toBe(50);
    const readsWhileHeld = reads;
    // 50 first reads, then one per 40 ms poll for the file, not one per waiter.
    expect(readsWhileHeld).toBeLessThan(50 + 15);
    await fs.writeFile(file, playlist(11, 5)); // segment 15 listed
    for (const answer of await answers) expect(lastMediaSequence((answer as { playlist: Buffer }).playlist.toString())).toBe(15);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(waits.size).toBe(0);
  });

  it('refuses a segment more than two ahead, without holding; two ahead is held', async () => {
    let now = 0;
    const waits = new PlaylistWaits(read, 1, () => now);
    expect(await waits.until(file, 17)).toEqual({ tooFarAhead: true, last: 14 });
    expect(waits.size).toBe(0);
    const twoAhead = waits.until(file, 16);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(waits.size).toBe(1);
    now = 3_001;
    expect(await twoAhead).not.toHaveProperty('tooFarAhead');
  });

  it('after the hold, answers with the playlist as it is', async () => {
    let now = 0;
    const waits = new PlaylistWaits(read, 1, () => now);
    const answer = waits.until(file, 15);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(waits.size).toBe(1);
    now = 3_001;
    expect(await answer).toEqual({ playlist: Buffer.from(playlist(10, 5)) });
  });

  it('answers at once when the stream has ended (ENDLIST), and null once its folder is gone', async () => {
    const waits = new PlaylistWaits(read, 1);
    const held = waits.until(file, 15);
    await fs.rm(file);
    expect(await held).toBeNull();
    await fs.writeFile(file, playlist(10, 5, true));
    expect(await waits.until(file, 15)).toEqual({ playlist: Buffer.from(playlist(10, 5, true)) });
  });
});

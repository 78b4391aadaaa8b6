import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureDemoClip } from './demoClip';

/**
 * The encode's watchdog, with a stand-in for ffmpeg (a shell script): a niced encode on busy
 * cores is slow, and only an encode that stops reporting progress is stopped. The real encode is
 * tested in demoStreams.test.ts.
 */
const silent = pino({ level: 'silent' });
const spec = { roomId: 3, title: '西甲 德比夜', category: 'FOOTBALL', toneHz: 440 };

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-clip-watchdog-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** A fake ffmpeg: runs `body`, then writes its last argument (the output file) and exits 0. */
async function fakeFfmpeg(body: string): Promise<string> {
  const file = path.join(dir, 'fake-ffmpeg.sh');
  await fs.writeFile(file, `#!/bin/sh\nfor last; do :; done\n${body}\necho clip > "$last"\n`, { mode: 0o755 });
  return file;
}

describe('the demo clip encode watchdog', () => {
  it('lets a slow encode that keeps reporting progress finish, however long it takes past the stall limit', async () => {
    // 1.5 s of work, a progress line every 100 ms, against a 400 ms stall limit.
    const ffmpegPath = await fakeFfmpeg('i=0; while [ $i -lt 15 ]; do echo "out_time_ms=$i"; echo progress=continue; sleep 0.1; i=$((i+1)); done');
    const clip = await ensureDemoClip({ ffmpegPath, dir: path.join(dir, 'clips'), spec, fontFile: null, log: silent, stallMs: 400 });
    expect(clip.encoded).toBe(true);
    expect(await fs.readFile(clip.path, 'utf8')).toBe('clip\n');
  });

  it('stops an encode that reports no progress for the stall limit, says why, and leaves no clip', async () => {
    const ffmpegPath = await fakeFfmpeg('echo progress=continue; sleep 30');
    const started = Date.now();
    const encode = ensureDemoClip({ ffmpegPath, dir: path.join(dir, 'clips'), spec, fontFile: null, log: silent, stallMs: 400 });
    await expect(encode).rejects.toThrow(/stopped \(no progress for 400 ms\)/);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await fs.readdir(path.join(dir, 'clips'))).filter((name) => name.endsWith('.mp4') && !name.includes('partial'))).toEqual([]);
  });

  it('passes ffmpeg its progress option, so a real encode reports progress on stdout', async () => {
    const argsFile = path.join(dir, 'args.txt');
    const ffmpegPath = await fakeFfmpeg(`echo "$@" > ${argsFile}`);
    await ensureDemoClip({ ffmpegPath, dir: path.join(dir, 'clips'), spec, fontFile: null, log: silent, stallMs: 400 });
    expect(await fs.readFile(argsFile, 'utf8')).toContain('-progress pipe:1');
  });
});

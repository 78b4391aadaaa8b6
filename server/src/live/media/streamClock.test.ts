import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../../testing/testApp';
import { RESYNC_LATE_MS, STREAM_CLOCK_TAG, StreamClock, clockScriptTag, mediaTagTimestamp } from './streamClock';
import { initialProgramDate } from './hlsPackager';
import { shiftProgramDates } from './playbackRoutes';
import { createUser, ffmpegInstalledFor, mediaTestConfig, waitFor } from './testing/mediaTestKit';

describe('StreamClock', () => {
  it('maps timestamps to the wall time they arrived, whatever the first timestamp', () => {
    const clock = new StreamClock();
    expect(clock.wallOf(100_000)).toBeNull();
    clock.observe(100_000, 1_700_000_000_000);
    expect(clock.wallOf(100_040)).toBe(1_700_000_000_040);
  });

  it('keeps the earliest arrival: late (jittered) tags do not move it, an earlier one does', () => {
    const clock = new StreamClock();
    clock.observe(0, 10_000);
    clock.observe(40, 10_300); // 260 ms late
    expect(clock.wallOf(40)).toBe(10_040);
    clock.observe(80, 10_050); // earlier than estimated
    expect(clock.wallOf(80)).toBe(10_050);
  });

  it('starts again when the timeline moves: a resumed publish (gap) or a restart at 0', () => {
    const clock = new StreamClock();
    clock.observe(5_000, 20_000);
    // NMS resumes the timeline right after 5 s, but the encoder was away for 4 s.
    clock.observe(5_040, 24_040);
    expect(clock.wallOf(5_040)).toBe(24_040);
    // A new publish restarting at 0.
    clock.observe(0, 30_000);
    expect(clock.wallOf(1_000)).toBe(31_000);
    expect(RESYNC_LATE_MS).toBeGreaterThan(0);
  });
});

describe('clock script tag', () => {
  it('is an FLV script tag at the media timestamp (extended byte included) with ts and wallMs', () => {
    const tag = clockScriptTag(0x1234_5678, 1_764_000_000_123);
    expect(tag.readUInt8(0)).toBe(18);
    const size = tag.readUIntBE(1, 3);
    expect(tag.length).toBe(11 + size + 4);
    expect(tag.readUInt32BE(11 + size)).toBe(11 + size);
    expect((tag.readUInt8(7) * 0x1000000 + tag.readUIntBE(4, 3)) >>> 0).toBe(0x1234_5678);
    expect(decodeClockTag(tag)).toEqual({ ts: 0x1234_5678, wallMs: 1_764_000_000_123 });
    expect(mediaTagTimestamp(tag)).toBeNull();
  });
});

describe('shiftProgramDates', () => {
  it('moves every EXT-X-PROGRAM-DATE-TIME and leaves the rest', () => {
    const playlist = '#EXTM3U\n#EXTINF:1.000000,\n#EXT-X-PROGRAM-DATE-TIME:2026-11-25T05:33:43.550+0000\nseg1.ts\n';
    expect(shiftProgramDates(playlist, -1_250)).toBe('#EXTM3U\n#EXTINF:1.000000,\n#EXT-X-PROGRAM-DATE-TIME:2026-11-25T05:33:42.300Z\nseg1.ts\n');
    expect(shiftProgramDates(playlist, 0)).toBe(playlist);
  });
});

describe('initialProgramDate', () => {
  const entry = (seconds: number, date: string, name: string) => `#EXTINF:${seconds.toFixed(6)},\n#EXT-X-PROGRAM-DATE-TIME:${date}\n${name}\n`;
  it('is the first date of media sequence 0', () => {
    const playlist = `#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:0\n${entry(1, '2026-11-25T05:33:42.550+0000', 'seg0.ts')}`;
    expect(initialProgramDate(playlist)).toBe(Date.parse('2026-11-25T05:33:42.550Z'));
  });

  it('counts back over segments already gone at the listed ones mean length (a burst at the start)', () => {
    const playlist = `#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:3\n${entry(1, '2026-11-25T05:33:45.550+0000', 'seg3.ts')}${entry(1, '2026-11-25T05:33:46.550+0000', 'seg4.ts')}`;
    expect(initialProgramDate(playlist)).toBe(Date.parse('2026-11-25T05:33:42.550Z'));
    expect(initialProgramDate('#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:0\n')).toBeNull();
  });
});

/** Reads the clock tag written by clockScriptTag: name string, then an object of numbers. */
function decodeClockTag(tag: Buffer): Record<string, number> | null {
  let at = 11;
  if (tag.readUInt8(at) !== 2) return null;
  const nameLength = tag.readUInt16BE(at + 1);
  if (tag.toString('utf8', at + 3, at + 3 + nameLength) !== STREAM_CLOCK_TAG) return null;
  at += 3 + nameLength + 1; // object marker
  const fields: Record<string, number> = {};
  for (;;) {
    const keyLength = tag.readUInt16BE(at);
    if (keyLength === 0) return fields;
    const key = tag.toString('utf8', at + 2, at + 2 + keyLength);
    fields[key] = tag.readDoubleBE(at + 3 + keyLength);
    at += 3 + keyLength + 8;
  }
}

interface ArrivedTag {
  type: number;
  ts: number;
  arrivedAt: number;
  clock: Record<string, number> | null;
}

/** Reads a viewer's HTTP-FLV for `ms`, tag by tag, with each tag's arrival time. */
function readTags(url: string, ms: number): Promise<ArrivedTag[]> {
  return new Promise((resolve, reject) => {
    const tags: ArrivedTag[] = [];
    let pending = Buffer.alloc(0);
    let headerSkipped = false;
    const request = http.get(url, { agent: false }, (response) => {
      response.on('data', (chunk: Buffer) => {
        const arrivedAt = Date.now();
        pending = Buffer.concat([pending, chunk]);
        if (!headerSkipped) {
          if (pending.length < 13) return;
          pending = pending.subarray(13);
          headerSkipped = true;
        }
        while (pending.length >= 11) {
          const size = pending.readUIntBE(1, 3);
          if (pending.length < 11 + size + 4) break;
          const tag = pending.subarray(0, 11 + size + 4);
          const type = tag.readUInt8(0) & 0x1f;
          tags.push({ type, ts: (tag.readUInt8(7) * 0x1000000 + tag.readUIntBE(4, 3)) >>> 0, arrivedAt, clock: type === 18 ? decodeClockTag(tag) : null });
          pending = pending.subarray(11 + size + 4);
        }
      });
    });
    request.on('error', reject);
    setTimeout(() => {
      request.destroy();
      resolve(tags);
    }, ms);
  });
}

const ffmpegInstalled = ffmpegInstalledFor('the stream clock test needs it to push a stream');

describe.skipIf(!ffmpegInstalled)('the stream clock on a viewer FLV (real ingest, real ffmpeg)', () => {
  describeEachDatabase('onStreamClock tags', (target) => {
    const ctx = useTestApp(target, { app: { media: mediaTestConfig() } });
    let baseUrl: string;
    let push: ChildProcess | null = null;

    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    });
    afterAll(() => {
      push?.kill('SIGKILL');
    });

    it('carry the wall time the ingest got each timestamp, for a stream starting at 100 s', async () => {
      const anchor = await createUser(ctx.db, { anchor: true, room: '时钟测试' });
      const { push_url, flv } = (await ctx.app.inject({ url: '/api/Live/getLiveUrl', headers: { token: anchor.token } })).json().data as { push_url: string; flv: string };
      push = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-re', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25', '-t', '30',
        '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-output_ts_offset', '100', '-f', 'flv', push_url], { stdio: 'ignore' });
      await waitFor(async () => (await ctx.db.selectFrom('live_room').select('stream_status').where('id', '=', anchor.roomId as number).executeTakeFirstOrThrow()).stream_status === 'live', 'the room to go live');

      const tags = await readTags(`${baseUrl}${flv}`, 3_500);
      const clocks = tags.flatMap((tag, index) => (tag.clock === null ? [] : [{ ts: tag.clock.ts ?? -1, wallMs: tag.clock.wallMs ?? -1, index, arrivedAt: tag.arrivedAt }]));
      // About one a second of stream time (3.5 s read + the replayed GOP).
      expect(clocks.length).toBeGreaterThanOrEqual(3);
      for (const clock of clocks) {
        const next = tags[clock.index + 1];
        // The tag names the timestamp of the media tag right after it, on the stream's own timeline.
        expect(next?.ts).toBe(clock.ts);
        expect(clock.ts).toBeGreaterThanOrEqual(100_000);
      }
      // Live tags: received by the ingest moments before they reached this viewer.
      const live = clocks.slice(1);
      for (const clock of live) {
        const lag = clock.arrivedAt - clock.wallMs;
        expect(lag).toBeGreaterThanOrEqual(-50);
        expect(lag).toBeLessThan(1_000);
      }
      // Wall time advances with the timestamps.
      const first = live[0];
      const last = live[live.length - 1];
      if (first === undefined || last === undefined) throw new Error('no live clock tags');
      expect(Math.abs(last.wallMs - first.wallMs - (last.ts - first.ts))).toBeLessThan(300);

      // HLS: the program date times are moved onto the same clock. The newest segment ended at
      // most a segment and a keyframe ago; ffmpeg's own dates would run ahead of the wall clock.
      const playlistUrl = `${baseUrl}/live/room${anchor.roomId}/index.m3u8`;
      const playlist = await waitFor(async () => {
        const response = await fetch(playlistUrl);
        const text = response.ok ? await response.text() : '';
        return text.includes('#EXT-X-PROGRAM-DATE-TIME') && Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1]) >= 2 ? text : null;
      }, 'a playlist with dates', 20_000);
      const fetchedAt = Date.now();
      const entries = [...playlist.matchAll(/#EXTINF:([0-9.]+),\n#EXT-X-PROGRAM-DATE-TIME:(.+)\n/g)];
      const newest = entries[entries.length - 1];
      if (newest === undefined) throw new Error(`no dated segments in ${playlist}`);
      const endedAt = Date.parse(newest[2] as string) + Number(newest[1]) * 1_000;
      expect(endedAt).toBeLessThanOrEqual(fetchedAt + 100);
      expect(endedAt).toBeGreaterThan(fetchedAt - 2_500);
    });
  });
});

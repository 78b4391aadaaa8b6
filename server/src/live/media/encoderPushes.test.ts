import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../../testing/testApp';
import { type FlvStart, readFlvFor } from './testing/flvTags';
import { gstInstalledFor, killGstPushes, pushWithGstreamer } from './testing/gstPush';
import { type EncoderTracks, createUser, ffmpegInstalledFor, killPushes, mediaTestConfig, pushEncoderCase, waitFor } from './testing/mediaTestKit';

const run = promisify(execFile);
const ffmpegInstalled = ffmpegInstalledFor('the encoder push tests need it to push streams');
const gstInstalled = ffmpegInstalled && gstInstalledFor('the GStreamer (rtmp2sink) push cases need them');

interface EncoderCase {
  name: string;
  audio: boolean;
  video: boolean;
  /** The first media timestamp the encoder sends (ms). */
  firstTimestampMs: number;
  push: (url: string) => void;
}

const ffmpegCase = (tracks: EncoderTracks, audio: boolean, video: boolean, firstTimestampMs = 0): EncoderCase => ({
  name: `ffmpeg ${tracks}`,
  audio,
  video,
  firstTimestampMs,
  push: (url) => void pushEncoderCase(url, tracks, 30),
});

const CASES: EncoderCase[] = [
  ffmpegCase('audio+video', true, true),
  ffmpegCase('video-only', false, true),
  ffmpegCase('audio-only', true, false),
  ffmpegCase('ts-offset-100s', true, true, 100_000),
];
const GST_CASES: EncoderCase[] = [
  { name: 'gst rtmp2sink with audio', audio: true, video: true, firstTimestampMs: 0, push: (url) => void pushWithGstreamer(url, { audio: true }) },
  { name: 'gst rtmp2sink without audio', audio: false, video: true, firstTimestampMs: 0, push: (url) => void pushWithGstreamer(url, { audio: false }) },
];

/** Seconds of a stream (by its media timestamps) spanned by `tags` of one type. */
function spanSeconds(flv: FlvStart, type: number): number {
  const stamps = flv.tags.filter((tag) => tag.type === type && !tag.sequenceHeader).map((tag) => tag.timestamp);
  return stamps.length < 2 ? 0 : (Math.max(...stamps) - Math.min(...stamps)) / 1000;
}

describe.skipIf(!ffmpegInstalled)('what encoders send: each shape of push plays over HTTP-FLV and HLS', () => {
  describeEachDatabase('encoder pushes', (target) => {
    const ctx = useTestApp(target, { app: { media: mediaTestConfig() } });
    let baseUrl: string;

    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    });
    afterEach(async () => {
      await killPushes();
      await killGstPushes();
    });
    afterAll(async () => {
      await killPushes();
      await killGstPushes();
    });

    /** A fresh room, its signed push address pushed by `encoder`; answers when the room is live. */
    async function goLive(encoder: EncoderCase): Promise<{ roomId: number; flv: string; hls: string }> {
      const anchor = await createUser(ctx.db, { anchor: true, room: encoder.name });
      const roomId = anchor.roomId as number;
      const { push_url, flv, hls } = (await ctx.app.inject({ url: '/api/Live/getLiveUrl', headers: { token: anchor.token } })).json().data as Record<string, string>;
      const wentLive = new Promise<void>((resolve) => {
        const onLive = (event: { roomId: number }) => {
          if (event.roomId !== roomId) return;
          ctx.app.streamEvents.off('live', onLive);
          resolve();
        };
        ctx.app.streamEvents.on('live', onLive);
      });
      encoder.push(push_url as string);
      await wentLive;
      return { roomId, flv: `${baseUrl}${flv}`, hls: `${baseUrl}${hls}` };
    }

    async function endPush(roomId: number): Promise<void> {
      const wentOffline = new Promise<void>((resolve) => {
        const onOffline = (event: { roomId: number }) => {
          if (event.roomId !== roomId) return;
          ctx.app.streamEvents.off('offline', onOffline);
          resolve();
        };
        ctx.app.streamEvents.on('offline', onOffline);
      });
      await killPushes();
      await killGstPushes();
      await wentOffline;
    }

    async function expectPlays(encoder: EncoderCase): Promise<void> {
      const { roomId, flv, hls } = await goLive(encoder);

      // HTTP-FLV: the header announces the tracks the stream has (mpegts.js waits for every
      // announced track before it shows anything), and media of each flows in real time.
      const first = await readFlvFor(flv, 2_500);
      expect(first.status, `${encoder.name}: /live/room${roomId}.flv answers while live`).toBe(200);
      expect({ hasAudio: first.hasAudio, hasVideo: first.hasVideo }).toEqual({ hasAudio: encoder.audio, hasVideo: encoder.video });
      const types = new Set(first.tags.map((tag) => tag.type));
      expect(types.has(8)).toBe(encoder.audio);
      expect(types.has(9)).toBe(encoder.video);
      if (encoder.video) {
        expect(first.tags.find((tag) => tag.type === 9)?.sequenceHeader, 'the AVC configuration comes first').toBe(true);
        expect(first.tags.find((tag) => tag.type === 9 && !tag.sequenceHeader)?.keyframe, 'the picture starts on a keyframe').toBe(true);
        expect(spanSeconds(first, 9)).toBeGreaterThan(1);
      }
      if (encoder.audio) expect(spanSeconds(first, 8)).toBeGreaterThan(1);
      const media = first.tags.filter((tag) => (tag.type === 8 || tag.type === 9) && !tag.sequenceHeader);
      // An AAC encoder's priming starts its track a few ms early.
      expect(Math.min(...media.map((tag) => tag.timestamp))).toBeGreaterThanOrEqual(encoder.firstTimestampMs - 100);

      // HLS (ffmpeg -c copy): a playlist ffprobe reads over HTTP, with the same tracks, and a segment that decodes.
      const playlist = await waitFor(async () => {
        const answer = await fetch(hls);
        const body = await answer.text();
        return answer.status === 200 && (body.match(/#EXTINF/g) ?? []).length >= 2 ? { answer, body } : null;
      }, `${encoder.name}: an HLS playlist with two segments`, 20_000);
      expect(playlist.answer.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
      expect(playlist.answer.headers.get('cache-control')).toBe('no-cache');
      const probe = JSON.parse((await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name', '-of', 'json', hls], { timeout: 20_000 })).stdout) as {
        streams: { codec_type: string; codec_name: string }[];
      };
      const probed = probe.streams.map((stream) => `${stream.codec_type}:${stream.codec_name}`).sort();
      expect(probed).toEqual([...(encoder.audio ? ['audio:aac'] : []), ...(encoder.video ? ['video:h264'] : [])]);
      // The newest segment of the playlist as it is now (4 are kept: one listed a while ago may be
      // gone on a loaded machine), kept in a file so ffprobe reads the bytes that were served.
      const latest = await (await fetch(hls)).text();
      const segment = latest.split('\n').filter((line) => line.endsWith('.ts')).at(-1) as string;
      const segmentUrl = `${hls.slice(0, hls.lastIndexOf('/'))}/${segment}`;
      const segmentAnswer = await fetch(segmentUrl);
      expect(segmentAnswer.headers.get('content-type')).toBe('video/mp2t');
      expect(segmentAnswer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable'); // its name carries the publish (origin/httpCaching.ts)
      const segmentFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'segment-')), segment);
      await writeFile(segmentFile, Buffer.from(await segmentAnswer.arrayBuffer()));
      // Every frame of a segment decodes (ffprobe decodes them to count them; a decode error is printed).
      const decoded = await run('ffprobe', ['-v', 'error', '-count_frames', '-show_entries', 'stream=codec_type,nb_read_frames', '-of', 'json', segmentFile], { timeout: 20_000 });
      await rm(path.dirname(segmentFile), { recursive: true, force: true });
      expect(decoded.stderr).toBe('');
      const frames = (JSON.parse(decoded.stdout) as { streams: { codec_type: string; nb_read_frames: string }[] }).streams;
      for (const stream of frames) expect(Number(stream.nb_read_frames), `${stream.codec_type} frames of ${segment}`).toBeGreaterThan(0);
      expect(frames.map((stream) => stream.codec_type).sort()).toEqual([...(encoder.audio ? ['audio'] : []), ...(encoder.video ? ['video'] : [])]);

      await endPush(roomId);
    }

    for (const encoder of CASES) it(`${encoder.name} plays`, () => expectPlays(encoder), 60_000);
    for (const encoder of GST_CASES) it.skipIf(!gstInstalled)(`${encoder.name} plays`, () => expectPlays(encoder), 60_000);
  });
});

import { type ChildProcess, spawn } from 'node:child_process';
import { ResponseCode } from '@sports/shared/server';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errors } from '../../../infra/http/errorCatalogue';
import { describeEachDatabase, useTestApp } from '../../../testing/testApp';
import { createUser, exitOf, ffmpegInstalledFor, mediaTestConfig, waitFor } from '../testing/mediaTestKit';
import { type StreamHealth, StreamHealthSchema } from './streamHealthSchema';

const ffmpegInstalled = ffmpegInstalledFor('the stream health tests need it to push a known stream');

const pushes = new Set<ChildProcess>();

/** A known push: 640x360 at 25 fps, H.264 at ~500 kbit/s with a keyframe every `gop` frames, AAC at 64 kbit/s. */
function pushKnownStream(url: string, gop: number, seconds = 40): ChildProcess {
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-re'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-b:v', '500k', '-maxrate', '500k', '-bufsize', '500k'],
    ...['-g', String(gop), '-keyint_min', String(gop), '-sc_threshold', '0', '-c:a', 'aac', '-b:a', '64k', '-f', 'flv', url],
  ];
  const child = spawn('ffmpeg', args, { stdio: 'ignore' });
  pushes.add(child);
  child.once('exit', () => pushes.delete(child));
  return child;
}

describe.skipIf(!ffmpegInstalled)('stream health of a real ffmpeg push', () => {
  describeEachDatabase('GET api/Live/streamHealth', (target) => {
    // A reconnect grace, so that an encoder coming back within it is the same broadcast.
    const media = mediaTestConfig();
    media.embedded = { ...media.embedded, reconnectGraceSeconds: 15 };
    const ctx = useTestApp(target, { app: { media } });
    let anchor: { userId: number; token: string; roomId: number };
    let admin: { userId: number; token: string };
    let member: { token: string };
    let otherAnchor: { token: string };

    beforeAll(async () => {
      anchor = (await createUser(ctx.db, { anchor: true, room: '推流状态测试' })) as typeof anchor;
      admin = await createUser(ctx.db, { anchor: false });
      member = await createUser(ctx.db, { anchor: false });
      otherAnchor = await createUser(ctx.db, { anchor: true, room: '别人的直播间' });
      await ctx.db.insertInto('live_room_admin').values({ room_id: anchor.roomId, user_id: admin.userId }).execute();
    });
    afterAll(async () => {
      const running = [...pushes];
      for (const child of running) child.kill('SIGKILL');
      await Promise.all(running.map(exitOf));
    });

    const health = async (token: string | null, roomId: number = anchor.roomId) =>
      (await ctx.app.inject({ url: `/api/Live/streamHealth?room_id=${roomId}`, headers: token === null ? {} : { token } })).json();
    const figures = async (): Promise<StreamHealth> => {
      const body = await health(anchor.token);
      expect(body.code, body.msg).toBe(200);
      expect([...Value.Errors(StreamHealthSchema, body.data)]).toEqual([]);
      return body.data as StreamHealth;
    };
    const pushUrl = async () => (await ctx.app.inject({ url: '/api/Live/getLiveUrl', headers: { token: anchor.token } })).json().data.push_url as string;

    it('is for the owner and the room admins only', async () => {
      expect((await health(null)).code).toBe(ResponseCode.LoginRequired);
      expect(await health(member.token)).toMatchObject({ code: ResponseCode.Error, msg: errors.LIVE_STREAM_HEALTH_FORBIDDEN.message, reason: 'LIVE_STREAM_HEALTH_FORBIDDEN' });
      expect(await health(otherAnchor.token)).toMatchObject({ reason: 'LIVE_STREAM_HEALTH_FORBIDDEN' });
      expect(await health(admin.token)).toMatchObject({ code: 200, data: { room_id: anchor.roomId, live: false } });
      expect(await health(anchor.token, 999_999)).toMatchObject({ reason: 'LIVE_ROOM_NOT_FOUND' });
      expect((await ctx.app.inject({ url: '/api/Live/streamHealth?room_id=abc', headers: { token: anchor.token } })).json().code).toBe(ResponseCode.Error);
    });

    it('nothing published: not live, no figures', async () => {
      expect(await figures()).toMatchObject({ live: false, width: null, fps: null, video_kbps: 0, reconnects: 0, publishes_today: 0, warnings: [] });
    });

    let first: ChildProcess;
    it('a 640x360 25 fps push with 2 s keyframes: its resolution, frame rate, bitrates and codecs, no warnings', async () => {
      first = pushKnownStream(await pushUrl(), 50);
      // Three whole seconds of bitrate and a second keyframe.
      const steady = await waitFor(async () => {
        const now = await figures();
        return now.live && now.keyframe_interval_s !== null && now.publishing_since !== null && Date.now() - Date.parse(now.publishing_since) > 4_500 ? now : null;
      }, 'two keyframes and three whole seconds of the push', 20_000);
      expect(steady).toMatchObject({ live: true, video_codec: 'H.264', audio_codec: 'AAC', width: 640, height: 360, reconnects: 0, publishes_today: 1, warnings: [] });
      expect(steady.fps).toBeCloseTo(25, 0);
      expect(steady.keyframe_interval_s).toBe(2);
      expect(steady.video_kbps).toBeGreaterThan(150);
      expect(steady.video_kbps).toBeLessThan(1_200);
      expect(steady.audio_kbps).toBeGreaterThan(30);
      expect(steady.audio_kbps).toBeLessThan(120);
      expect(steady.since_last_frame_ms).toBeLessThan(1_000);
    });

    it('the encoder drops and comes back within the grace with -g 250: a reconnect, a 10 s keyframe interval and its warning', async () => {
      first.kill('SIGKILL');
      await exitOf(first);
      // The dropped encoder: frames stop coming, the console says so.
      const stalled = await waitFor(async () => {
        const now = await figures();
        return now.warnings.includes('input_stalled') ? now : null;
      }, 'the stalled input', 10_000);
      expect(stalled.live).toBe(true);
      pushKnownStream(await pushUrl(), 250);
      const reconnected = await waitFor(async () => {
        const now = await figures();
        return now.reconnects === 1 && now.width !== null ? now : null;
      }, 'the second publish', 10_000);
      expect(reconnected).toMatchObject({ live: true, publishes_today: 2, width: 640, height: 360 });
      const longGop = await waitFor(async () => {
        const now = await figures();
        return now.keyframe_interval_s !== null && now.keyframe_interval_s >= 10 ? now : null;
      }, 'a whole 10 s GOP', 20_000);
      expect(longGop.keyframe_interval_s).toBe(10);
      expect(longGop.warnings).toContain('keyframe_interval_long');
      expect(longGop.warnings).not.toContain('input_stalled');
    });
  });
});

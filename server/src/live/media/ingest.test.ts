import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { describeEachDatabase, useTestApp } from '../../testing/testApp';
import { lastMediaSequence } from './blockingPlaylist';
import { MEDIA_SECRET_FILE } from './mediaPlugin';
import { createUser, ffmpegInstalledFor, exitOf, killPushes, mediaTestConfig, pushTestStream, readFlvStart, waitFor } from './testing/mediaTestKit';
import { pushSignature } from './pushSignature';

const ffmpegInstalled = ffmpegInstalledFor('the RTMP ingest tests need it to push a stream');

describe.skipIf(!ffmpegInstalled)('embedded RTMP ingest with a real ffmpeg push', () => {
  describeEachDatabase('push, play, stop', (target) => {
    const ctx = useTestApp(target, { app: { media: mediaTestConfig() } });
    let baseUrl: string;
    let anchor: { token: string; roomId: number };

    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
      const created = await createUser(ctx.db, { anchor: true, room: '周末英超直播' });
      anchor = { token: created.token, roomId: created.roomId as number };
    });
    afterAll(killPushes);

    const liveUrl = async (token: string, reset = false) =>
      (await ctx.app.inject({ url: `/api/Live/getLiveUrl${reset ? '?reset=1' : ''}`, headers: { token } })).json();
    const room = () => ctx.db.selectFrom('live_room').selectAll().where('id', '=', anchor.roomId).executeTakeFirstOrThrow();
    const broadcasts = () => ctx.db.selectFrom('broadcast').selectAll().where('room_id', '=', anchor.roomId).orderBy('id').execute();
    const secret = async () => (await fs.readFile(path.join(ctx.dataDir, MEDIA_SECRET_FILE), 'utf8')).trim();
    const pushServer = async () => (await liveUrl(anchor.token)).data.push_server as string;

    /** A push that must be refused: ffmpeg fails, and the room never goes live. */
    async function expectRefused(url: string): Promise<void> {
      const code = await exitOf(pushTestStream(url, 20));
      expect(code).not.toBe(0);
      expect((await room()).stream_status).toBe('offline');
    }

    it('refuses a push without a signature', async () => {
      await expectRefused(`${await pushServer()}/room${anchor.roomId}`);
    });

    it('refuses a wrong signature', async () => {
      const { push_url } = (await liveUrl(anchor.token)).data as { push_url: string };
      await expectRefused(push_url.replace(/-([0-9a-f])/, (_, hex: string) => `-${hex === 'a' ? 'b' : 'a'}`));
    });

    it('refuses an expired key', async () => {
      const expired = pushSignature(await secret(), `room${anchor.roomId}`, Math.floor(Date.now() / 1000) - 60, (await room()).stream_key_version);
      await expectRefused(`${await pushServer()}/room${anchor.roomId}?sign=${expired}`);
    });

    it('refuses a room that does not exist and a stream that is not a room', async () => {
      const expiresAt = Math.floor(Date.now() / 1000) + 600;
      await expectRefused(`${await pushServer()}/room999999?sign=${pushSignature(await secret(), 'room999999', expiresAt, 1)}`);
      await expectRefused(`${await pushServer()}/obs?sign=${pushSignature(await secret(), 'obs', expiresAt, 1)}`);
    });

    it('refuses an address handed out before the key was reset', async () => {
      const before = (await liveUrl(anchor.token)).data.push_url as string;
      const after = (await liveUrl(anchor.token, true)).data;
      expect(after.push_url).not.toBe(before);
      await expectRefused(before);
      expect(await broadcasts()).toEqual([]);
    });

    it('a signed push goes live: room, broadcast, HTTP-FLV and HLS on the site', async () => {
      const { push_url, flv, hls } = (await liveUrl(anchor.token)).data as { push_url: string; flv: string; hls: string };
      expect(flv).toBe(`/live/room${anchor.roomId}.flv`);
      expect(hls).toBe(`/live/room${anchor.roomId}/index.m3u8`);
      const wentLive = new Promise<{ roomId: number }>((resolve) => ctx.app.streamEvents.once('live', resolve));
      pushTestStream(push_url);

      expect(await wentLive).toMatchObject({ roomId: anchor.roomId });
      const live = await room();
      expect(live.stream_status).toBe('live');
      expect(live.stream_started_at).toBeInstanceOf(Date);
      const [open] = await broadcasts();
      expect(open).toMatchObject({ title: '周末英超直播', ended_at: null, duration_seconds: null });

      // A viewer: the bytes of an FLV stream, from the site's own origin (held open while HLS is checked).
      const viewer = readFlvStart(`${baseUrl}${flv}`, 64 * 1024);
      await waitFor(async () => ctx.app.streamViewers(anchor.roomId) === 1, 'the FLV viewer counted');

      const playlist = await waitFor(async () => {
        const answer = await ctx.app.inject(hls);
        return answer.statusCode === 200 && answer.body.includes('#EXTINF') ? answer : null;
      }, 'the HLS playlist');
      expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      const segment = playlist.body.split('\n').find((line) => line.endsWith('.ts')) as string;
      const segmentAnswer = await ctx.app.inject(`/live/room${anchor.roomId}/${segment}`);
      expect(segmentAnswer.statusCode).toBe(200);
      expect(segmentAnswer.headers['content-type']).toBe('video/mp2t');
      expect(segmentAnswer.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
      const flvStart = await viewer;
      expect(flvStart.status).toBe(200);
      expect(flvStart.contentType).toBe('video/x-flv');
      expect(flvStart.head.subarray(0, 3).toString('latin1')).toBe('FLV');
      expect(flvStart.head.length).toBeGreaterThanOrEqual(64 * 1024);
    });

    it('a blocking playlist request (_HLS_msn, LL-HLS) is held until ffmpeg lists that segment; further ahead is a 400', async () => {
      const hls = `/live/room${anchor.roomId}/index.m3u8`;
      const now = await ctx.app.inject(hls);
      expect(now.body).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES');
      const last = lastMediaSequence(now.body) as number;
      expect(last).toBeGreaterThanOrEqual(0);
      const asked = Date.now();
      const held = await fetch(`${baseUrl}${hls}?_HLS_msn=${last + 1}`);
      const heldMs = Date.now() - asked;
      expect(held.status).toBe(200);
      expect(lastMediaSequence(await held.text())).toBeGreaterThanOrEqual(last + 1);
      // Answered when the 1 s segment was listed: not at once (it was not there), never after the 3 s hold.
      expect(heldMs).toBeGreaterThan(20);
      expect(heldMs).toBeLessThan(3_000);
      const tooFar = await ctx.app.inject(`${hls}?_HLS_msn=${last + 10}`);
      expect(tooFar.statusCode).toBe(400);
      expect(tooFar.json()).toMatchObject({ msg: '请求的分片尚未生成' });
      expect((await ctx.app.inject(`${hls}?_HLS_msn=-1`)).statusCode).toBe(400);
      expect((await ctx.app.inject(`${hls}?_HLS_msn=abc`)).statusCode).toBe(400);
    });

    it('refuses a second publisher while the stream is live', async () => {
      const { push_url } = (await liveUrl(anchor.token)).data as { push_url: string };
      const code = await exitOf(pushTestStream(push_url, 20));
      expect(code).not.toBe(0);
      expect((await room()).stream_status).toBe('live');
      expect(await broadcasts()).toHaveLength(1);
    });

    it('serves only room streams and HLS file names (no traversal)', async () => {
      for (const url of ['/live/obs.flv', '/live/room0.flv', `/live/room${anchor.roomId}/..%2F..%2Fmedia-secret`, `/live/room${anchor.roomId}/seg1.ts.tmp`, '/live/..%2Fmedia-secret/index.m3u8']) {
        const answer = await ctx.app.inject(url);
        expect(answer.statusCode, url).toBe(404);
      }
      expect((await ctx.app.inject('/live/room999999.flv')).json().msg).toBe('直播未开始');
    });

    it('stop: the room goes offline, the broadcast ends with duration and peak, HLS files go', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      const wentOffline = new Promise<{ roomId: number }>((resolve) => ctx.app.streamEvents.once('offline', resolve));
      await killPushes();
      expect(await wentOffline).toMatchObject({ roomId: anchor.roomId });
      const offline = await room();
      expect(offline.stream_status).toBe('offline');
      expect(offline.stream_started_at).toBeNull();
      const [ended] = await broadcasts();
      expect(ended?.ended_at).toBeInstanceOf(Date);
      expect(ended?.duration_seconds).toBeGreaterThanOrEqual(1);
      expect(ended?.peak_viewers).toBeGreaterThanOrEqual(1);
      await waitFor(async () => (await fs.stat(path.join(ctx.dataDir, 'hls', `room${anchor.roomId}`)).catch(() => null)) === null, 'HLS files removed');
      expect((await ctx.app.inject(`/live/room${anchor.roomId}/index.m3u8`)).statusCode).toBe(404);
      expect((await ctx.app.inject(`/live/room${anchor.roomId}.flv`)).statusCode).toBe(404);
    });

    it('a restarted server closes broadcasts a crash left open', async () => {
      const other = await createUser(ctx.db, { anchor: true, room: '崩溃前的直播' });
      const startedAt = new Date(Date.now() - 90_000);
      await ctx.db.updateTable('live_room').set({ stream_status: 'live', stream_started_at: startedAt }).where('id', '=', other.roomId as number).execute();
      await ctx.db.insertInto('broadcast').values({ room_id: other.roomId as number, anchor_id: other.userId, title: '崩溃前的直播', started_at: startedAt, peak_viewers: 7 }).execute();

      const restarted = await buildApp({ db: ctx.db, siteRoot: ctx.site.root, logLevel: 'silent', dataDir: ctx.dataDir, media: mediaTestConfig() });
      try {
        await restarted.ready();
        const closed = await ctx.db.selectFrom('broadcast').selectAll().where('room_id', '=', other.roomId as number).executeTakeFirstOrThrow();
        expect(closed.ended_at).toBeInstanceOf(Date);
        expect(closed.duration_seconds).toBeGreaterThanOrEqual(90);
        expect(closed.peak_viewers).toBe(7);
        const roomAfter = await ctx.db.selectFrom('live_room').select(['stream_status']).where('id', '=', other.roomId as number).executeTakeFirstOrThrow();
        expect(roomAfter.stream_status).toBe('offline');
      } finally {
        await restarted.close();
      }
    });
  });
});

import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../../testing/testApp';
import { createUser, ffmpegInstalledFor, killPushes, mediaTestConfig, pushTestStream, waitFor } from '../media/testing/mediaTestKit';
import type { Thumbnailer } from './thumbnailer';

const ffmpegInstalled = ffmpegInstalledFor('the live thumbnail tests decode frames of a pushed stream');

/** Width and height of an image, as ffprobe reads it (the JPEG must decode). */
async function imageSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'thumb-'));
  try {
    const file = path.join(dir, 'frame.jpg');
    await fs.writeFile(file, bytes);
    const out = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'json', file], { encoding: 'utf8' });
    const [stream] = (JSON.parse(out) as { streams: { width: number; height: number }[] }).streams;
    if (stream === undefined) throw new Error(`ffprobe found no video stream in the thumbnail: ${out}`);
    return { width: stream.width, height: stream.height };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

describe.skipIf(!ffmpegInstalled)('live thumbnails of a real ffmpeg push', () => {
  describeEachDatabase('frames, cache headers, placeholders', (target) => {
    const ctx = useTestApp(target, { app: { media: { ...mediaTestConfig(), demoStreams: 0 } } });
    let anchor: { token: string; roomId: number };

    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      expect((ctx.app.server.address() as AddressInfo).port).toBeGreaterThan(0);
      const created = await createUser(ctx.db, { anchor: true, room: '缩略图测试' });
      anchor = { token: created.token, roomId: created.roomId as number };
      await ctx.db.updateTable('live_room').set({ type: 2 }).where('id', '=', anchor.roomId).execute();
    });
    afterAll(killPushes);

    const thumbnails = () => ctx.app.thumbnails as Thumbnailer;
    const thumbPath = () => `/live/thumb/room${anchor.roomId}.jpg`;
    const card = async () => {
      const page = (await ctx.app.inject('/api/Live_streaming/getLiveList?type=2')).json().data as { list: { room_id: number; thumb: string }[] };
      return page.list.find((room) => room.room_id === anchor.roomId);
    };

    it('serves the placeholder of the room category while it is offline, and the card points at it', async () => {
      expect(ctx.app.thumbnails).not.toBeNull();
      expect((await card())?.thumb).toBe('/live/thumb/basketball.svg');
      const answer = await ctx.app.inject(thumbPath());
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toContain('image/svg+xml');
      expect(answer.body).toContain('篮球');
      // Revalidated on every use: the frame replaces it as soon as there is one.
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect((await ctx.app.inject({ url: thumbPath(), headers: { 'if-none-match': String(answer.headers.etag) } })).statusCode).toBe(304);
    });

    it('decodes a card-sized JPEG from the live stream, serves it with cache headers and 304s', async () => {
      const { push_url } = (await ctx.app.inject({ url: '/api/Live/getLiveUrl', headers: { token: anchor.token } })).json().data as { push_url: string };
      const wentLive = new Promise<void>((resolve) => ctx.app.streamEvents.once('live', () => resolve()));
      pushTestStream(push_url);
      await wentLive;
      const frame = await waitFor(async () => thumbnails().frameOf(anchor.roomId), 'the first frame', 20_000);
      expect(thumbnails().refreshing()).toContain(anchor.roomId);

      const answer = await ctx.app.inject(thumbPath());
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('image/jpeg');
      expect(answer.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
      expect(await imageSize(answer.rawPayload)).toEqual({ width: 320, height: 180 });
      expect(answer.headers['cache-control']).toBe('public, max-age=15');
      expect(answer.headers.etag).toBe(frame.etag);
      expect(answer.headers['last-modified']).toBe(frame.capturedAt.toUTCString());

      const byTag = await ctx.app.inject({ url: thumbPath(), headers: { 'if-none-match': frame.etag } });
      expect(byTag.statusCode).toBe(304);
      expect(byTag.rawPayload.length).toBe(0);
      const byDate = await ctx.app.inject({ url: thumbPath(), headers: { 'if-modified-since': frame.capturedAt.toUTCString() } });
      expect(byDate.statusCode).toBe(304);
      const stale = await ctx.app.inject({ url: thumbPath(), headers: { 'if-none-match': '"another"' } });
      expect(stale.statusCode).toBe(200);
      const older = await ctx.app.inject({ url: thumbPath(), headers: { 'if-modified-since': new Date(frame.capturedAt.getTime() - 60_000).toUTCString() } });
      expect(older.statusCode).toBe(200);

      const thumb = (await card())?.thumb ?? '';
      expect(thumb).toMatch(new RegExp(`^/live/thumb/room${anchor.roomId}\\.jpg\\?v=[0-9a-z]+\\.[0-9a-z]+$`));
    });

    it('a refresh decodes a newer frame: new ETag, and the old one no longer answers 304', async () => {
      const before = thumbnails().frameOf(anchor.roomId);
      expect(before).toBeDefined();
      // The packager cuts 1 s segments: wait for a newer one (the test pattern moves).
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      const after = await thumbnails().refresh(anchor.roomId);
      expect(after).not.toBeNull();
      expect(after?.etag).not.toBe(before?.etag);
      expect(after?.capturedAt.getTime()).toBeGreaterThan(before?.capturedAt.getTime() ?? 0);
      expect((await ctx.app.inject({ url: thumbPath(), headers: { 'if-none-match': before?.etag } })).statusCode).toBe(200);
    });

    it('going offline stops the refreshes and frees the frame: the placeholder is back', async () => {
      const wentOffline = new Promise<void>((resolve) => ctx.app.streamEvents.once('offline', () => resolve()));
      await killPushes();
      await wentOffline;
      expect(thumbnails().frameOf(anchor.roomId)).toBeUndefined();
      expect(thumbnails().refreshing()).not.toContain(anchor.roomId);
      const answer = await ctx.app.inject(thumbPath());
      expect(answer.headers['content-type']).toContain('image/svg+xml');
      expect((await card())?.thumb).toBe('/live/thumb/basketball.svg');
    });

    it('draws one placeholder per category, cacheable for a day', async () => {
      const labels = { football: '足球', basketball: '篮球', esports: '电竞', general: '综合' };
      const etags = new Set<string>();
      for (const [category, label] of Object.entries(labels)) {
        const answer = await ctx.app.inject(`/live/thumb/${category}.svg`);
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['content-type']).toContain('image/svg+xml');
        expect(answer.headers['cache-control']).toBe('public, max-age=86400');
        expect(answer.body).toContain(label);
        expect(answer.body).not.toContain('<script');
        const etag = String(answer.headers.etag);
        etags.add(etag);
        expect((await ctx.app.inject({ url: `/live/thumb/${category}.svg`, headers: { 'if-none-match': `W/${etag}` } })).statusCode).toBe(304);
      }
      expect(etags.size).toBe(4);
    });

    it('answers 404 for names that are not a room frame or a placeholder, and rooms that do not exist', async () => {
      for (const name of ['room0.jpg', 'room1.png', 'hockey.svg', 'room1.jpg.svg', '..%2Fmedia-secret', 'room99999999999.jpg']) {
        const answer = await ctx.app.inject(`/live/thumb/${name}`);
        expect(answer.statusCode, name).toBe(404);
      }
    });
  });
});

import { type ChildProcess, execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { RoomDvrSchema, ReplayInfoSchema, ReplayPageSchema } from '@sports/shared/server';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errors } from '../../../infra/http/errorCatalogue';
import { describeEachDatabase, useTestApp } from '../../../testing/testApp';
import { createMatch } from '../../testing/roomsTestKit';
import { createUser, ffmpegInstalledFor, exitOf, killPushes, mediaTestConfig, pushTestStream, readFlvStart, waitFor } from '../testing/mediaTestKit';

const ffmpegInstalled = ffmpegInstalledFor('the archive tests push a real stream with it');

/** The value of a series in Prometheus text, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
const run = promisify(execFile);

/**
 * The media archive with a real ffmpeg push into the embedded ingest (archive/README.md): each
 * finished HLS segment kept with its wall time, the DVR window of the live room, the replay ready
 * within 60 s of the end and playable as VOD, the replay API with its authorization.
 */
describe.skipIf(!ffmpegInstalled)('media archive: recording, DVR and replays of a real push', () => {
  describeEachDatabase('archive', (target) => {
    const ctx = useTestApp(target, { app: { media: mediaTestConfig() } });
    let baseUrl: string;
    let anchor: { userId: number; token: string; roomId: number };
    let viewer: { userId: number; token: string };
    let matchId: number;
    let broadcastId: number;
    let pushStartedAt: number;
    let push: ChildProcess;

    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
      const created = await createUser(ctx.db, { anchor: true, room: '英超回放测试' });
      anchor = { userId: created.userId, token: created.token, roomId: created.roomId as number };
      const other = await createUser(ctx.db, { anchor: false });
      viewer = { userId: other.userId, token: other.token };
      matchId = await createMatch(ctx.db, new Date(Date.now() - 30 * 60_000), 'live');
      await ctx.db.updateTable('live_room').set({ match_id: matchId }).where('id', '=', anchor.roomId).execute();
    });
    afterAll(killPushes);

    const get = async (url: string, token?: string) => (await ctx.app.inject({ url, headers: token === undefined ? {} : { token } })).json();
    const post = async (url: string, payload: object, token: string) => (await ctx.app.inject({ method: 'POST', url, payload, headers: { token } })).json();
    const segments = () => ctx.db.selectFrom('broadcast_segment').selectAll().where('broadcast_id', '=', broadcastId).orderBy('seq').execute();

    it('keeps the push segment by segment, with increasing wall times, and the room match on the broadcast', async () => {
      const { push_url } = (await get('/api/Live/getLiveUrl', anchor.token)).data as { push_url: string };
      pushStartedAt = Date.now();
      push = pushTestStream(push_url, 14);
      const open = await waitFor(() => ctx.db.selectFrom('broadcast').selectAll().where('room_id', '=', anchor.roomId).executeTakeFirst(), 'the broadcast row');
      broadcastId = Number(open.id);
      expect(open.match_id).toBe(matchId);
      const kept = await waitFor(async () => {
        const rows = await segments();
        return rows.length >= 5 ? rows : null;
      }, 'five archived segments', 30_000);
      for (const [index, segment] of kept.entries()) {
        expect(segment.storage_key).toBe(`broadcasts/${broadcastId}/${segment.seq}.ts`);
        expect(segment.bytes).toBeGreaterThan(188);
        expect(segment.duration_ms).toBeGreaterThan(500);
        expect(segment.duration_ms).toBeLessThan(2_500);
        // Wall time: around when the push ran (not ffmpeg's start, not the epoch).
        expect(segment.started_at.getTime()).toBeGreaterThan(pushStartedAt - 2_000);
        expect(segment.started_at.getTime()).toBeLessThan(Date.now());
        const previous = kept[index - 1];
        if (previous !== undefined) {
          expect(segment.seq).toBeGreaterThan(previous.seq);
          const step = segment.started_at.getTime() - previous.started_at.getTime();
          expect(step).toBeGreaterThan(0);
          // Consecutive segments follow each other (about one segment length apart).
          if (segment.seq === previous.seq + 1) expect(Math.abs(step - previous.duration_ms)).toBeLessThan(600);
        }
        const file = await fs.readFile(ctx.app.mediaArchive.storage.localPath(segment.storage_key));
        expect(file[0]).toBe(0x47);
        expect(file.length).toBe(segment.bytes);
      }
      expect(ctx.app.mediaArchive.stats.segmentsArchived).toBeGreaterThanOrEqual(5);
      expect(ctx.app.mediaArchive.storage.bytesUsed()).toBeGreaterThan(0);
      const metrics = (await ctx.app.inject('/metrics')).body;
      expect(sample(metrics, 'sports_media_segments_archived_total')).toBeGreaterThanOrEqual(5);
      expect(sample(metrics, 'sports_media_bytes_stored')).toBeGreaterThan(0);
    });

    it('serves the DVR window of the live room, and room info carries it with the match events as markers', async () => {
      await ctx.db
        .insertInto('match_event')
        .values({ match_id: matchId, external_key: `test-goal-${broadcastId}`, kind: 'goal', side: 'home', detail: null, period: 2, minute: 67, extra_minute: null, clock_seconds: null, player_zh: null, player_in_zh: null, points: null, home_score: 2, away_score: 1, occurred_at: new Date(Date.now() - 1_000) })
        .execute();
      const answer = await ctx.app.inject(`/live/room${anchor.roomId}/dvr.m3u8`);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      const playlist = answer.body;
      expect(playlist).toContain('#EXT-X-PROGRAM-DATE-TIME:');
      expect(playlist).not.toContain('#EXT-X-ENDLIST');
      const uris = playlist.split('\n').filter((line) => line.startsWith('/replay/'));
      expect(uris.length).toBeGreaterThanOrEqual(5);
      expect(uris.length).toBe((await segments()).length);
      // Sent gzipped to a player that takes it (a 2 h window is hundreds of KB).
      const gzipped = await ctx.app.inject({ url: `/live/room${anchor.roomId}/dvr.m3u8`, headers: { 'accept-encoding': 'gzip' } });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toContain('#EXT-X-PROGRAM-DATE-TIME:');
      const segment = await ctx.app.inject(uris[0] as string);
      expect(segment.statusCode).toBe(200);
      expect(segment.headers['content-type']).toBe('video/mp2t');
      expect(segment.rawPayload[0]).toBe(0x47);

      const info = (await get(`/api/Live_streaming/getRoomInfo?room_id=${anchor.roomId}`)).data;
      expect(Value.Check(RoomDvrSchema, info.dvr)).toBe(true);
      expect(info.dvr.playlist_url).toBe(`/live/room${anchor.roomId}/dvr.m3u8`);
      const first = (await segments())[0];
      expect(info.dvr.window_start_at).toBe(first?.started_at.toISOString());
      expect(info.dvr.markers).toEqual([expect.objectContaining({ kind: 'goal', label: "67' 进球 主队 2-1", clip_id: null })]);
      expect(info.dvr.markers[0].at_ms).toBeGreaterThan(0);
      // The room's feed-to-stream offset moves the markers as it moves the clips.
      expect(await post('/api/Live/setClipOffset', { room_id: anchor.roomId, clip_offset_seconds: -2 }, anchor.token)).toMatchObject({ code: 200 });
      const shifted = (await get(`/api/Live_streaming/getRoomInfo?room_id=${anchor.roomId}`)).data.dvr;
      expect(shifted.window_start_at).toBe(info.dvr.window_start_at);
      expect(shifted.markers[0].at_ms - info.dvr.markers[0].at_ms).toBe(-2_000);
      await ctx.db.updateTable('live_room').set({ clip_offset_seconds: 0 }).where('id', '=', anchor.roomId).execute();

      // Only archive names are served: no traversal, no other room's files.
      for (const url of ['/live/obs/dvr.m3u8', '/replay/0/index.m3u8', `/replay/${broadcastId}/..%2F..%2Fmedia-secret`, `/replay/${broadcastId}/999999.ts`, `/replay/${broadcastId}/0.ts.tmp`]) {
        expect((await ctx.app.inject(url)).statusCode, url).toBe(404);
      }
      // Not ready while on air.
      expect(await get(`/api/Live/replayInfo?id=${broadcastId}`)).toMatchObject({ code: 1, reason: errors.REPLAY_NOT_READY.reason });
    });

    it('the replay is ready within 60 s of the end, and plays as VOD to its end', async () => {
      const wentOffline = new Promise<void>((resolve) => ctx.app.streamEvents.once('offline', () => resolve()));
      expect(await exitOf(push)).toBe(0);
      await wentOffline;
      const endedAt = Date.now();
      const ready = await waitFor(async () => {
        const row = await ctx.db.selectFrom('broadcast').selectAll().where('id', '=', broadcastId).executeTakeFirstOrThrow();
        return row.replay_status === 'ready' ? row : null;
      }, 'the replay ready', 60_000);
      const availableAfterMs = Date.now() - endedAt;
      console.info(`replay available ${availableAfterMs} ms after the broadcast ended`);
      expect(availableAfterMs).toBeLessThan(60_000);
      const kept = await segments();
      expect(Number(ready.replay_bytes)).toBe(kept.reduce((sum, segment) => sum + segment.bytes, 0));
      expect(Number(ready.replay_duration_ms)).toBe(kept.reduce((sum, segment) => sum + segment.duration_ms, 0));
      // About the 14 s pushed (the last partial segment included).
      expect(Number(ready.replay_duration_ms)).toBeGreaterThan(10_000);

      const playlist = await ctx.app.inject(`/replay/${broadcastId}/index.m3u8`);
      expect(playlist.statusCode).toBe(200);
      expect(playlist.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist.body.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
      const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', `${baseUrl}/replay/${broadcastId}/index.m3u8`]);
      const seconds = Number(stdout.trim());
      expect(seconds).toBeGreaterThan(10);
      expect(Math.abs(seconds * 1000 - Number(ready.replay_duration_ms))).toBeLessThan(2_000);
      const thumb = await ctx.app.inject(`/replay/${broadcastId}/thumb.jpg`);
      expect(thumb.statusCode).toBe(200);
      expect(thumb.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

      // The room, no longer live, links this replay under its notice (the player's 看上一场回放).
      const info = (await get(`/api/Live_streaming/getRoomInfo?room_id=${anchor.roomId}`)).data;
      expect(info.room_state).not.toBe('live');
      expect(info.last_replay).toEqual({ replay_id: broadcastId, title: ready.title, duration_ms: Number(ready.replay_duration_ms) });
    });

    it('lists and describes replays; only the anchor hides and deletes, and a delete removes the files', async () => {
      const page = await get(`/api/Live/replayList?room_id=${anchor.roomId}`);
      expect(Value.Check(ReplayPageSchema, page.data)).toBe(true);
      expect(page.data.list).toEqual([expect.objectContaining({ id: broadcastId, status: 'ready', match_id: matchId, can_edit: 0, thumb_url: `/replay/${broadcastId}/thumb.jpg` })]);
      expect((await get(`/api/Live/replayList?anchor_id=${anchor.userId}`, anchor.token)).data.list[0]).toMatchObject({ id: broadcastId, can_edit: 1 });
      expect((await get(`/api/Live/replayList?match_id=${matchId}`)).data.list).toHaveLength(1);
      expect(await get('/api/Live/replayList')).toMatchObject({ code: 1, reason: errors.REPLAY_LIST_SELECTOR.reason });
      expect(await get(`/api/Live/replayList?room_id=${anchor.roomId}&limit=51`)).toMatchObject({ code: 1 });
      expect(await get(`/api/Live/replayList?room_id=${anchor.roomId}&cursor=abc`)).toMatchObject({ code: 1, reason: errors.REPLAY_BAD_CURSOR.reason });

      const info = await get(`/api/Live/replayInfo?id=${broadcastId}`);
      expect(Value.Check(ReplayInfoSchema, info.data)).toBe(true);
      expect(info.data.playlist_url).toBe(`/replay/${broadcastId}/index.m3u8`);
      expect(info.data.markers).toEqual([expect.objectContaining({ kind: 'goal', label: "67' 进球 主队 2-1" })]);
      expect(info.data.markers[0].at_ms).toBeLessThan(info.data.replay.duration_ms);

      // Somebody else may not hide or delete it; a guest must log in.
      expect(await post('/api/Live/replayUpdate', { id: broadcastId, hidden: 1 }, viewer.token)).toMatchObject({ code: 1, reason: errors.REPLAY_NOT_OWNER.reason });
      expect(await post('/api/Live/replayDelete', { id: broadcastId }, viewer.token)).toMatchObject({ code: 1, reason: errors.REPLAY_NOT_OWNER.reason });
      expect((await ctx.app.inject({ method: 'POST', url: '/api/Live/replayDelete', payload: { id: broadcastId } })).json().code).toBe(700);
      expect(await post('/api/Live/replayUpdate', { id: broadcastId, hidden: 2 }, anchor.token)).toMatchObject({ code: 1 });

      // Hidden: gone for everyone but its anchor (list, info, files).
      expect((await post('/api/Live/replayUpdate', { id: broadcastId, hidden: 1 }, anchor.token)).data).toMatchObject({ id: broadcastId, status: 'hidden', can_edit: 1 });
      expect((await get(`/api/Live/replayList?room_id=${anchor.roomId}`, viewer.token)).data.list).toEqual([]);
      expect(await get(`/api/Live/replayInfo?id=${broadcastId}`)).toMatchObject({ code: 1, reason: errors.REPLAY_NOT_FOUND.reason });
      expect((await ctx.app.inject(`/replay/${broadcastId}/index.m3u8`)).statusCode).toBe(404);
      expect((await get(`/api/Live/replayList?room_id=${anchor.roomId}`, anchor.token)).data.list[0]).toMatchObject({ status: 'hidden' });
      expect((await ctx.app.inject({ url: `/replay/${broadcastId}/index.m3u8`, headers: { token: anchor.token } })).statusCode).toBe(200);
      expect((await post('/api/Live/replayUpdate', { id: broadcastId, hidden: 0 }, anchor.token)).data.status).toBe('ready');

      const bytesBefore = ctx.app.mediaArchive.storage.bytesUsed();
      const firstKey = (await segments())[0]?.storage_key as string;
      expect(await post('/api/Live/replayDelete', { id: broadcastId }, anchor.token)).toMatchObject({ code: 200, data: null });
      expect(await segments()).toEqual([]);
      expect(await ctx.app.mediaArchive.storage.stat(firstKey)).toBeNull();
      expect(ctx.app.mediaArchive.storage.bytesUsed()).toBeLessThan(bytesBefore);
      expect((await ctx.db.selectFrom('broadcast').select(['replay_status', 'replay_bytes']).where('id', '=', broadcastId).executeTakeFirstOrThrow())).toEqual({ replay_status: 'deleted', replay_bytes: 0 });
      expect((await get(`/api/Live/replayList?room_id=${anchor.roomId}`, anchor.token)).data.list).toEqual([]);
      expect(await get(`/api/Live/replayInfo?id=${broadcastId}`, anchor.token)).toMatchObject({ code: 1, reason: errors.REPLAY_NOT_FOUND.reason });
      expect((await ctx.app.inject(`/replay/${broadcastId}/0.ts`)).statusCode).toBe(404);
      expect(await post('/api/Live/replayDelete', { id: broadcastId }, anchor.token)).toMatchObject({ code: 1, reason: errors.REPLAY_NOT_FOUND.reason });
    });
  });
});

describe.skipIf(!ffmpegInstalled)('media archive: a full storage', () => {
  describeEachDatabase('quota', (target) => {
    const media = mediaTestConfig();
    media.archive = { ...media.archive, quotaBytes: 1_000 };
    const ctx = useTestApp(target, { app: { media } });
    let baseUrl: string;
    afterAll(killPushes);
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    });

    it('fails the recording visibly (replay failed with the reason, counted) while the live HLS and FLV go on', async () => {
      const anchor = await createUser(ctx.db, { anchor: true, room: '磁盘满了' });
      const roomId = anchor.roomId as number;
      const { push_url } = (await ctx.app.inject({ url: '/api/Live/getLiveUrl', headers: { token: anchor.token } })).json().data as { push_url: string };
      pushTestStream(push_url, 30);
      const failed = await waitFor(async () => {
        const row = await ctx.db.selectFrom('broadcast').selectAll().where('room_id', '=', roomId).executeTakeFirst();
        return row?.replay_status === 'failed' ? row : null;
      }, 'the recording failed', 30_000);
      expect(failed.replay_failure).toBe('存储空间已满（超出配额），录像未能保存');
      expect(ctx.app.mediaArchive.stats.failures.quota).toBe(1);
      expect(ctx.app.mediaArchive.storage.bytesUsed()).toBeLessThanOrEqual(1_000);
      // Ops see it: the failure counter and the quota on /metrics.
      const metrics = (await ctx.app.inject('/metrics')).body;
      expect(sample(metrics, 'sports_media_archive_failures_total{reason="quota"}')).toBe(1);
      expect(sample(metrics, 'sports_media_quota_bytes')).toBe(1_000);
      // The anchor reads why; others see nothing; no DVR window is offered.
      const own = (await ctx.app.inject({ url: `/api/Live/replayList?room_id=${roomId}`, headers: { token: anchor.token } })).json().data.list;
      expect(own).toEqual([expect.objectContaining({ status: 'failed', failure: '存储空间已满（超出配额），录像未能保存' })]);
      expect((await ctx.app.inject(`/api/Live/replayList?room_id=${roomId}`)).json().data.list).toEqual([]);
      expect((await ctx.app.inject(`/api/Live_streaming/getRoomInfo?room_id=${roomId}`)).json().data.dvr).toBeNull();

      // The live video goes on: fresh HLS segments keep coming, FLV plays.
      const mediaSequence = async () => {
        const answer = await ctx.app.inject(`/live/room${roomId}/index.m3u8`);
        return answer.statusCode === 200 ? Number(/#EXT-X-MEDIA-SEQUENCE:([0-9]+)/.exec(answer.body)?.[1] ?? -1) : null;
      };
      const before = await waitFor(mediaSequence, 'the live playlist');
      await waitFor(async () => ((await mediaSequence()) ?? -1) >= before + 2, 'the live playlist moving on', 15_000);
      const flv = await readFlvStart(`${baseUrl}/live/room${roomId}.flv`, 32 * 1024);
      expect(flv.status).toBe(200);
      expect(flv.head.length).toBeGreaterThanOrEqual(32 * 1024);
      expect(ctx.app.mediaArchive.stats.failures.quota).toBe(1);
      await killPushes();
    });
  });
});

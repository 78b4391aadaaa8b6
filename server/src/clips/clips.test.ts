import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ClipData } from '@sports/shared/server';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { buildApp } from '../app';
import { errors } from '../infra/http/errorCatalogue';
import type { App } from '../infra/http/types';
import { matchMarkers } from '../live/media/archive/markers';
import { caller, createUser } from '../live/testing/roomsTestKit';
import { createLiveHistory } from '../scores/liveHistory';
import { LiveDataHub } from '../scores/liveData/liveDataHub';
import { memorySeqBlocks } from '../scores/liveData/seqAllocator';
import { TestSocket } from '../testing/testSocket';
import { embeddedTarget } from '../testing/dbTargets';
import { useTestApp } from '../testing/testApp';
import { clipFailures } from './clipService';
import { type ClipStorage, mediaClipStorage } from './clipStorage';
import { defaultClipsConfig } from './clipsConfig';
import { addMatchEvent, createArchivedRoom, firstFrameSecond, probeDurationMs, segmentTemplate, topLevelBoxes } from './testing/clipFixtures';

/**
 * Clips end to end on the real app, embedded PostgreSQL and real ffmpeg: segments made by libx264
 * are archived as the recorder would (files under DATA_DIR/media, rows by recordSegment); match
 * events are stored as the feed stores them; the feed watcher claims and the service cuts.
 */

/** The clips' storage with a switch that makes the disk full (ffmpeg writes to /dev/full and gets ENOSPC). */
function switchableStorage(app: () => App): ClipStorage & { full: boolean } {
  let inner: ClipStorage | null = null;
  const local = () => (inner ??= mediaClipStorage(app().mediaArchive.storage));
  return {
    full: false,
    segmentFile: (key) => local().segmentFile(key),
    async stagingFile(name) {
      if (this.full && name.endsWith('.mp4')) {
        const link = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'clip-full-')), name);
        await fs.symlink('/dev/full', link);
        return link;
      }
      return local().stagingFile(name);
    },
    put: (key, file) => local().put(key, file),
    stat: (key) => local().stat(key),
    remove: (key) => local().remove(key),
    freeBytes: () => local().freeBytes(),
  };
}

describe('clips [embedded PostgreSQL, ffmpeg]', () => {
  let dataDir = '';
  const config = { ...defaultClipsConfig(), personPerUserPerHour: 2, personPerRoomPerMinute: 3, minFreeMb: 0 };
  const storage = switchableStorage(() => ctx.app);
  const ctx = useTestApp(embeddedTarget(), { app: { clips: config, clipOverrides: { storage, archiveWait: { pollMs: 100, graceMs: 300 }, watchIntervalMs: 3_600_000 } } });
  const api = caller(() => ctx.app);
  const chatCards: { ownerId: number; text: string; clipId: number }[] = [];

  beforeAll(async () => {
    dataDir = ctx.dataDir;
    await segmentTemplate();
    // This node numbers the live-data streams (as the feed's node does): clip frames go out.
    await ctx.app.liveDataHub.enablePublishing(memorySeqBlocks);
    const hub = ctx.app.chatHub;
    const announce = hub.announceClip.bind(hub);
    hub.announceClip = (ownerId, text, card) => {
      chatCards.push({ ownerId, text, clipId: card.clipId });
      announce(ownerId, text, card);
    };
  }, 120_000);

  const clipRow = (id: number) => ctx.db.selectFrom('clip').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const clipFile = (id: number, ext: 'mp4' | 'jpg') => path.join(dataDir, 'media', 'clips', `${id}.${ext}`);

  async function claimAndCut(): Promise<number[]> {
    const claimed = await ctx.app.clips.watcher.tick();
    await ctx.app.clips.service.settle();
    return claimed;
  }

  it('a goal in a match shown by a live room becomes a ready clip: faststart MP4 of ~30 s from t−20 s, a thumbnail, a chat card and a clip frame', { timeout: 60_000 }, async () => {
    const baseMs = Date.now() - 70_000;
    const room = await createArchivedRoom(ctx.db, dataDir, { baseMs });
    const goalAt = baseMs + 35_000;
    const eventId = await addMatchEvent(ctx.db, room.matchId, { kind: 'goal', occurredAtMs: goalAt, minute: 67, home: 2, away: 1 });
    const [clipId] = await claimAndCut();
    expect(clipId).toBeDefined();
    const clip = await clipRow(clipId as number);
    expect(clip).toMatchObject({ status: 'ready', kind: 'goal', event_id: eventId, room_id: room.roomId, anchor_id: room.anchor.id, match_id: room.matchId, failure: null });
    expect(clip.title).toBe("进球！主队 2-1 客队 67'");
    const video = clipFile(clip.id, 'mp4');
    expect(await topLevelBoxes(video)).toEqual(expect.arrayContaining(['ftyp', 'moov', 'mdat']));
    const boxes = await topLevelBoxes(video);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    const duration = await probeDurationMs(video);
    expect(duration).toBeGreaterThanOrEqual(29_000);
    expect(duration).toBeLessThanOrEqual(31_500);
    // The first frame is the keyframe opening the segment holding t−20 s: within one keyframe interval (1 s).
    const firstSecond = await firstFrameSecond(video);
    const firstFrameAtMs = baseMs + firstSecond * 1_000;
    expect(goalAt - 20_000 - firstFrameAtMs).toBeGreaterThanOrEqual(0);
    expect(goalAt - 20_000 - firstFrameAtMs).toBeLessThan(1_000);
    expect((await fs.stat(clipFile(clip.id, 'jpg'))).size).toBeGreaterThan(0);

    const info = await api.get('/api/Clip/info', { id: clip.id });
    expect(info.data).toMatchObject({ id: clip.id, status: 'ready', video_url: `/media/clips/${clip.id}.mp4`, thumb_url: `/media/clips/${clip.id}.jpg`, minute: "67'", can_edit: 0 });
    expect(chatCards).toContainEqual({ ownerId: room.anchor.id, text: `进球回放：${clip.title}`, clipId: clip.id });
    const frame = ctx.app.liveDataHub.recentMessages().find((message) => message.stream === 'clip' && (message.data as ClipData).clip_id === clip.id);
    expect(frame?.data).toMatchObject({ clip_id: clip.id, event_id: eventId, match_id: room.matchId, kind: 'goal', home_score: 2, away_score: 1, video_url: `/media/clips/${clip.id}.mp4` });
    // A reconnecting client beyond the ring gets it from the database, as goals.
    const history = createLiveHistory(ctx.db);
    expect(await history.events.clip?.lastSeq()).toBe(frame?.seq);
    expect((await history.events.clip?.between(0, frame?.seq ?? 0, 10))?.map((entry) => entry.data.clip_id)).toContain(clip.id);

    // Beyond the ring (another node, a restart): a client resuming the clip stream is sent it from the database, as goals are.
    const restarted = new LiveDataHub({ history, ringSize: 1, log: pino({ level: 'silent' }) });
    await restarted.start();
    expect(restarted.currentSeq('clip')).toBe(frame?.seq);
    const sockets = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    sockets.on('connection', (socket) => restarted.accept(socket));
    await new Promise((resolve) => sockets.once('listening', resolve));
    try {
      const client = await TestSocket.open(`ws://127.0.0.1:${(sockets.address() as AddressInfo).port}`);
      client.send({ type: 'register', info: 'web' });
      client.send({ type: 'resume', stream: 'clip', lastSeq: (frame?.seq ?? 1) - 1 });
      client.send({ type: 'classify', classify_type: 0 });
      const received: { type: string; stream?: string; mode?: string; data?: { clip_id?: number } }[] = [];
      while (!received.some((entry) => entry.type === 'synced' && entry.stream === 'clip')) received.push((await client.next()) as (typeof received)[number]);
      expect(received.find((entry) => entry.type === 'clip')?.data).toMatchObject({ clip_id: clip.id, event_id: eventId, video_url: `/media/clips/${clip.id}.mp4` });
      expect(received.at(-1)).toMatchObject({ type: 'synced', stream: 'clip', mode: 'replay' });
      client.close();
    } finally {
      await restarted.closeAll(100);
      sockets.close();
    }

    // The player seeks: range requests.
    const part = await ctx.app.inject({ url: `/media/clips/${clip.id}.mp4`, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect(part.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const whole = await ctx.app.inject({ url: `/media/clips/${clip.id}.jpg` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/jpeg');
    // The same event again (a second tick, a restart) claims nothing.
    expect(await claimAndCut()).toEqual([]);
  });

  it("the anchor's offset applies to later clips (±60 s, checked)", { timeout: 120_000 }, async () => {
    const baseMs = Date.now() - 70_000;
    const room = await createArchivedRoom(ctx.db, dataDir, { baseMs });
    const before = await addMatchEvent(ctx.db, room.matchId, { kind: 'goal', occurredAtMs: baseMs + 30_000 });
    await claimAndCut();
    expect((await api.post('/api/Live/setClipOffset', { clip_offset_seconds: 61 }, room.anchor)).code).toBe(1);
    const set = await api.post('/api/Live/setClipOffset', { room_id: room.roomId, clip_offset_seconds: 8 }, room.anchor);
    expect(set.data).toEqual({ room_id: room.roomId, clip_offset_seconds: 8 });
    const stranger = await createUser(ctx.db);
    expect((await api.post('/api/Live/setClipOffset', { room_id: room.roomId, clip_offset_seconds: 3 }, stranger)).msg).toBe(errors.LIVE_NOT_OWNER.message);
    expect((await api.post('/api/Live/setClipOffset', { clip_offset_seconds: 3 }, stranger)).msg).toBe(errors.LIVE_NO_ROOM.message);
    expect((await api.get('/api/Live/getRoomList', {}, room.anchor)).data[0]).toMatchObject({ room_id: room.roomId, clip_offset_seconds: 8 });
    const after = await addMatchEvent(ctx.db, room.matchId, { kind: 'goal', occurredAtMs: baseMs + 30_000, home: 2 });
    await claimAndCut();
    const rows = await ctx.db.selectFrom('clip').selectAll().where('event_id', 'in', [before, after]).orderBy('id').execute();
    expect(rows.map((row) => row.happened_at.getTime() - (baseMs + 30_000))).toEqual([0, 8_000]);
    expect(rows.map((row) => row.status)).toEqual(['ready', 'ready']);
    expect(await firstFrameSecond(clipFile(rows[1]?.id ?? 0, 'mp4'))).toBe(18);
  });

  it('one event, two app instances on one database racing: one clip', { timeout: 90_000 }, async () => {
    const second: App = await buildApp({ db: ctx.db, siteRoot: ctx.site.root, logLevel: 'silent', dataDir, clips: config, clipOverrides: { archiveWait: { pollMs: 100, graceMs: 300 }, watchIntervalMs: 3_600_000 } });
    await second.ready();
    try {
      // After the second node's start (a starting node closes broadcasts no push of its own holds).
      const baseMs = Date.now() - 70_000;
      const room = await createArchivedRoom(ctx.db, dataDir, { baseMs });
      const eventIds = [
        await addMatchEvent(ctx.db, room.matchId, { kind: 'goal', occurredAtMs: baseMs + 30_000, detail: 'penalty' }),
        await addMatchEvent(ctx.db, room.matchId, { kind: 'red', occurredAtMs: baseMs + 40_000, side: 'away', player: '张三' }),
      ];
      const claims = await Promise.all([ctx.app.clips.watcher.tick(), second.clips.watcher.tick(), ctx.app.clips.watcher.tick(), second.clips.watcher.tick()]);
      await Promise.all([ctx.app.clips.service.settle(), second.clips.service.settle()]);
      expect(claims.flat()).toHaveLength(2);
      const rows = await ctx.db.selectFrom('clip').select(['event_id', 'kind', 'title', 'status']).where('event_id', 'in', eventIds).orderBy('event_id').execute();
      expect(rows).toEqual([
        { event_id: eventIds[0], kind: 'penalty', title: "点球！主队 1-0 客队 67'", status: 'ready' },
        { event_id: eventIds[1], kind: 'red_card', title: "红牌！客队 张三 67'", status: 'ready' },
      ]);
    } finally {
      await second.close();
    }
  });

  it('an event before the room showed its match, or before its broadcast began, makes no clip (no picture of it)', { timeout: 60_000 }, async () => {
    const baseMs = Date.now() - 70_000;
    const room = await createArchivedRoom(ctx.db, dataDir, { baseMs });
    // The room moves on to this match 30 s into the broadcast (the demo rooms do, the anchor can).
    const other = await createArchivedRoom(ctx.db, dataDir, { baseMs });
    await ctx.db.updateTable('live_room').set({ match_id: other.matchId }).where('id', '=', room.roomId).execute();
    const since = await ctx.db.selectFrom('live_room').select('match_since').where('id', '=', room.roomId).executeTakeFirstOrThrow();
    expect(since.match_since?.getTime()).toBeGreaterThan(baseMs + 60_000);
    const before = await addMatchEvent(ctx.db, other.matchId, { kind: 'goal', occurredAtMs: baseMs + 20_000, side: 'home', minute: 30, home: 1, away: 0 });
    await ctx.db.updateTable('live_room').set({ match_since: new Date(baseMs + 30_000) }).where('id', '=', room.roomId).execute();
    const after = await addMatchEvent(ctx.db, other.matchId, { kind: 'goal', occurredAtMs: baseMs + 40_000, side: 'home', minute: 31, home: 2, away: 0 });
    const beforeAir = await addMatchEvent(ctx.db, other.matchId, { kind: 'goal', occurredAtMs: baseMs - 60_000, side: 'away', minute: 29, home: 0, away: 0 });
    await claimAndCut();
    const clipped = await ctx.db.selectFrom('clip').select(['event_id', 'room_id']).where('event_id', 'in', [before, after, beforeAir]).execute();
    // The goal after the switch is clipped (by either room showing the match); the one before is
    // clipped only by the room that showed it then (`other`), never by `room`.
    expect(clipped.find((row) => row.event_id === after)).toBeTruthy();
    expect(clipped.filter((row) => row.room_id === room.roomId && row.event_id !== after)).toEqual([]);
    expect(clipped.find((row) => row.event_id === beforeAir)).toBeUndefined();
  });

  it('basketball: the end of a quarter (its last 24 s) and lead changes in the last 2 minutes only', { timeout: 60_000 }, async () => {
    const baseMs = Date.now() - 70_000;
    const room = await createArchivedRoom(ctx.db, dataDir, { baseMs });
    await ctx.db.updateTable('match').set({ sport: 'basketball' }).where('id', '=', room.matchId).execute();
    const quarter = await addMatchEvent(ctx.db, room.matchId, { kind: 'period_end', occurredAtMs: baseMs + 50_000, period: 1, clockSeconds: 0, home: 25, away: 22 });
    const lateLead = await addMatchEvent(ctx.db, room.matchId, { kind: 'score', occurredAtMs: baseMs + 40_000, period: 4, clockSeconds: 72, side: 'home', points: 3, home: 98, away: 97 });
    await addMatchEvent(ctx.db, room.matchId, { kind: 'score', occurredAtMs: baseMs + 41_000, period: 4, clockSeconds: 70, side: 'home', points: 2, home: 100, away: 97 });
    await addMatchEvent(ctx.db, room.matchId, { kind: 'score', occurredAtMs: baseMs + 42_000, period: 3, clockSeconds: 60, side: 'away', points: 3, home: 60, away: 61 });
    await claimAndCut();
    const rows = await ctx.db.selectFrom('clip').select(['event_id', 'kind', 'title', 'from_at', 'to_at']).where('match_id', '=', room.matchId).orderBy('event_id').execute();
    expect(rows.map((row) => [row.event_id, row.kind])).toEqual([
      [quarter, 'quarter_end'],
      [lateLead, 'lead_change'],
    ]);
    expect(rows[0]?.title).toBe('第1节结束 主队 25-22 客队');
    expect((rows[0]?.to_at.getTime() ?? 0) - (rows[0]?.from_at.getTime() ?? 0)).toBe(24_000);
    expect(rows[1]?.title).toBe('反超！主队 98-97 客队 第4节 01:12');
    // The seek bar's markers follow the same rule (scores/leadChanges.ts), each with its clip.
    const clipIds = new Map(rows.map((row) => [Number(row.event_id), 0]));
    const clipOf = async (eventIds: number[]) => new Map(eventIds.filter((id) => clipIds.has(id)).map((id) => [id, id * 10]));
    const markers = await matchMarkers(ctx.db, room.matchId, baseMs, baseMs + 60_000, clipOf);
    expect(markers.map(({ at_ms, kind, label, clip_id }) => ({ at_ms, kind, label, clip_id }))).toEqual([
      { at_ms: 40_000, kind: 'lead_change', label: '第4节 01:12 反超 主队 98-97', clip_id: lateLead * 10 },
      { at_ms: 50_000, kind: 'quarter_end', label: '第1节结束 25-22', clip_id: quarter * 10 },
    ]);
  });

  it('a span partly gone from the buffer makes a clip of what is kept, and says so; nothing kept fails with a clear message', { timeout: 60_000 }, async () => {
    const baseMs = Date.now() - 70_000;
    // Segments before second 20 have left the buffer.
    const room = await createArchivedRoom(ctx.db, dataDir, { baseMs, from: 20 });
    await addMatchEvent(ctx.db, room.matchId, { kind: 'goal', occurredAtMs: baseMs + 30_000 });
    const [partialId] = await claimAndCut();
    const partial = await clipRow(partialId as number);
    expect(partial.status).toBe('ready');
    expect(partial.title).toMatch(/（不完整）$/);
    expect(partial.failure).toBe(clipFailures.partial(10));
    expect(await firstFrameSecond(clipFile(partial.id, 'mp4'))).toBe(20);
    expect(Math.abs(partial.duration_ms - 20_000)).toBeLessThan(1_500);

    const gone = await createArchivedRoom(ctx.db, dataDir, { baseMs, from: 50 });
    await addMatchEvent(ctx.db, gone.matchId, { kind: 'goal', occurredAtMs: baseMs + 20_000 });
    const [goneId] = await claimAndCut();
    expect(await clipRow(goneId as number)).toMatchObject({ status: 'failed', failure: clipFailures.nothingKept, video_key: null });
    expect((await api.get('/api/Clip/info', { id: goneId as number })).data).toMatchObject({ status: 'failed', failure: clipFailures.nothingKept, video_url: null });
  });

  it('a broken segment is skipped', { timeout: 60_000 }, async () => {
    const baseMs = Date.now() - 70_000;
    const room = await createArchivedRoom(ctx.db, dataDir, { baseMs });
    await fs.writeFile(path.join(dataDir, 'media', 'broadcasts', String(room.broadcastId), 'seg025.ts'), Buffer.alloc(4_000, 7));
    await addMatchEvent(ctx.db, room.matchId, { kind: 'goal', occurredAtMs: baseMs + 30_000 });
    const [clipId] = await claimAndCut();
    const clip = await clipRow(clipId as number);
    expect(clip.status).toBe('ready');
    expect(Math.abs(clip.duration_ms - 29_000)).toBeLessThan(1_500);
    expect(clip.failure).toBe(clipFailures.partial(1));
  });

  it('a full disk fails the clip visibly (status, message, metric) and nothing else breaks', { timeout: 60_000 }, async () => {
    const baseMs = Date.now() - 70_000;
    const room = await createArchivedRoom(ctx.db, dataDir, { baseMs });
    const failuresBefore = await failureCount('disk_full');
    storage.full = true;
    try {
      await addMatchEvent(ctx.db, room.matchId, { kind: 'goal', occurredAtMs: baseMs + 30_000 });
      const [fullId] = await claimAndCut();
      expect(await clipRow(fullId as number)).toMatchObject({ status: 'failed', failure: clipFailures.diskFull, video_key: null });
    } finally {
      storage.full = false;
    }
    expect(await failureCount('disk_full')).toBe(failuresBefore + 1);
    const metrics = await ctx.app.inject({ url: '/metrics' });
    expect(metrics.body).toMatch(/sports_clip_failures_total\{reason="disk_full"\} [1-9]/);
    // The room, the API and the next clip go on.
    await addMatchEvent(ctx.db, room.matchId, { kind: 'goal', occurredAtMs: baseMs + 40_000, home: 2 });
    const [nextId] = await claimAndCut();
    expect((await clipRow(nextId as number)).status).toBe('ready');
    expect((await api.get('/api/Live_streaming/getRoomInfo', { room_id: room.roomId })).code).toBe(200);
  });

  async function failureCount(reason: string): Promise<number> {
    const metric = await ctx.app.clips.metrics.failures.get();
    return metric.values.find((value) => value.labels.reason === reason)?.value ?? 0;
  }

  it('剪辑: a viewer clips the last 30 s of a live room, answered at once, limited per user and per room; a room not live is refused', { timeout: 90_000 }, async () => {
    const room = await createArchivedRoom(ctx.db, dataDir, { baseMs: Date.now() - 40_000 });
    const viewer = await createUser(ctx.db, { nickname: '剪辑观众' });
    const first = await api.post('/api/Clip/create', { room_id: room.roomId, title: '  好球  ' }, viewer);
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({ status: 'cutting', kind: 'person', title: '好球', creator: { user_id: viewer.id, user_nickname: '剪辑观众' }, can_edit: 1, video_url: null });
    await ctx.app.clips.service.settle();
    const ready = (await api.get('/api/Clip/info', { id: first.data.id })).data;
    expect(ready).toMatchObject({ status: 'ready', video_url: `/media/clips/${first.data.id}.mp4` });
    expect(ready.duration_ms).toBeGreaterThanOrEqual(29_000);
    expect(chatCards.some((card) => card.clipId === first.data.id && card.text === '精彩片段：好球')).toBe(true);

    expect((await api.post('/api/Clip/create', { room_id: room.roomId }, viewer)).code).toBe(200);
    const third = await api.post('/api/Clip/create', { room_id: room.roomId }, viewer);
    expect(third.status).toBe(429);
    expect(third.msg).toMatch(/^剪辑过于频繁/);
    expect((await api.post('/api/Clip/create', { room_id: room.roomId }, await createUser(ctx.db))).code).toBe(200);
    const busy = await api.post('/api/Clip/create', { room_id: room.roomId }, await createUser(ctx.db));
    expect(busy.msg).toBe(errors.CLIP_ROOM_BUSY.message);
    expect((await api.post('/api/Clip/create', { room_id: room.roomId, title: 'x'.repeat(41) }, await createUser(ctx.db))).msg).toBe(errors.CLIP_TITLE_TOO_LONG.message);

    const offline = await createArchivedRoom(ctx.db, dataDir, { baseMs: Date.now() - 40_000, live: false, to: 1 });
    expect((await api.post('/api/Clip/create', { room_id: offline.roomId }, viewer)).msg).toBe(errors.CLIP_ROOM_NOT_LIVE.message);
    expect((await api.post('/api/Clip/create', { room_id: 99_999_999 }, viewer)).msg).toBe(errors.LIVE_ROOM_NOT_FOUND.message);
    expect((await api.post('/api/Clip/create', { room_id: room.roomId })).code).toBe(700);
    await ctx.app.clips.service.settle();
  });

  it('only its creator or the room’s anchor renames or deletes a clip; a deleted clip’s files answer 404', { timeout: 60_000 }, async () => {
    const room = await createArchivedRoom(ctx.db, dataDir, { baseMs: Date.now() - 40_000 });
    const creator = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    const created = await api.post('/api/Clip/create', { room_id: room.roomId }, creator);
    await ctx.app.clips.service.settle();
    const id = created.data.id as number;
    const refused = await api.post('/api/Clip/update', { id, title: '我的' }, other);
    expect(refused).toMatchObject({ status: 403, msg: errors.CLIP_FORBIDDEN.message });
    expect((await api.post('/api/Clip/update', { id, title: '   ' }, creator)).msg).toBe(errors.CLIP_TITLE_EMPTY.message);
    expect((await api.post('/api/Clip/update', { id, title: '绝杀' }, creator)).data).toMatchObject({ id, title: '绝杀', can_edit: 1 });
    expect((await api.post('/api/Clip/update', { id, title: '主播改名' }, room.anchor)).data).toMatchObject({ title: '主播改名', can_edit: 1 });
    expect((await api.post('/api/Clip/delete', { id }, other)).status).toBe(403);
    expect((await ctx.app.inject({ url: `/media/clips/${id}.mp4` })).statusCode).toBe(200);
    expect((await api.post('/api/Clip/delete', { id }, room.anchor)).code).toBe(200);
    expect((await api.get('/api/Clip/info', { id })).msg).toBe(errors.CLIP_NOT_FOUND.message);
    const gone = await ctx.app.inject({ url: `/media/clips/${id}.mp4`, headers: { range: 'bytes=0-' } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 1, msg: errors.CLIP_FILE_NOT_FOUND.message });
    await expect(fs.stat(clipFile(id, 'mp4'))).rejects.toThrow();
    expect((await api.post('/api/Clip/delete', { id }, creator)).msg).toBe(errors.CLIP_NOT_FOUND.message);
    expect((await ctx.app.inject({ url: '/media/clips/..%2F..%2Fsecret.mp4' })).statusCode).toBe(404);
  });

  it('lists page by keyset, newest first, ready and shown clips only; ops hide through the moderation queue and members report clips', async () => {
    const room = await createArchivedRoom(ctx.db, dataDir, { baseMs: Date.now() - 40_000, to: 1 });
    const now = new Date();
    const ids: number[] = [];
    for (let index = 0; index < 7; index += 1) {
      const row = await ctx.db
        .insertInto('clip')
        .values({
          room_id: room.roomId,
          anchor_id: room.anchor.id,
          match_id: room.matchId,
          kind: index % 2 === 0 ? 'goal' : 'red_card',
          title: `片段${index}`,
          status: index === 6 ? 'failed' : 'ready',
          happened_at: now,
          from_at: new Date(now.getTime() - 20_000),
          to_at: now,
          video_key: `clips/none-${index}.mp4`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await api.get('/api/Clip/list', { match_id: room.matchId, limit: 2, ...(cursor === null ? {} : { cursor }) });
      expect(page.code).toBe(200);
      seen.push(...page.data.list.map((clip: { id: number }) => clip.id));
      cursor = page.data.next_cursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(seen).toEqual(ids.slice(0, 6).reverse());
    expect(pages).toBe(3);
    const goals = await api.get('/api/Clip/list', { room_id: room.roomId, kinds: 'goal,penalty' });
    expect(goals.data.list.map((clip: { id: number }) => clip.id)).toEqual([ids[4], ids[2], ids[0]]);
    expect((await api.get('/api/Clip/list', { latest: 1, limit: 1 })).data.list[0].id).toBe(ids[5]);
    expect((await api.get('/api/Clip/list', {})).msg).toBe(errors.CLIP_LIST_SELECTOR.message);
    expect((await api.get('/api/Clip/list', { latest: 1, kinds: 'goal,nope' })).msg).toBe(errors.CLIP_BAD_KINDS.message);
    expect((await api.get('/api/Clip/list', { latest: 1, limit: 51 })).code).toBe(1);

    // Documented with the other routes (/api/docs), the files too.
    const docs = (await ctx.app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
    for (const [route, method] of [['/api/Clip/list', 'get'], ['/api/Clip/info', 'get'], ['/api/Clip/create', 'post'], ['/api/Clip/update', 'post'], ['/api/Clip/delete', 'post'], ['/api/Live/setClipOffset', 'post']] as const) {
      expect(docs.paths[route]?.[method], route).toBeDefined();
    }
    expect(docs.paths['/media/clips/{file}']?.get).toBeDefined();

    const reporter = await createUser(ctx.db);
    const report = await api.post('/api/moderation/report', { kind: 'clip', target_id: String(ids[5]), reason: 'spam' }, reporter);
    expect(report.code).toBe(200);
    await ctx.app.moderation.target('clip')?.hide(String(ids[5]));
    expect((await api.get('/api/Clip/list', { match_id: room.matchId, limit: 1 })).data.list[0].id).toBe(ids[4]);
    expect((await api.get('/api/Clip/info', { id: ids[5] as number })).msg).toBe(errors.CLIP_NOT_FOUND.message);
    expect((await api.get('/api/Clip/info', { id: ids[5] as number }, room.anchor)).data).toMatchObject({ id: ids[5], video_url: null });
  });

  it('retention: files of clips past CLIP_RETENTION_DAYS go (goal clips are kept GOAL_CLIP_RETENTION_DAYS); clips left cutting are failed', async () => {
    const room = await createArchivedRoom(ctx.db, dataDir, { baseMs: Date.now() - 40_000, to: 1 });
    const day = 86_400_000;
    const insert = async (kind: 'goal' | 'person', ageDays: number, status: 'ready' | 'cutting' = 'ready') => {
      const at = new Date(Date.now() - ageDays * day);
      const row = await ctx.db
        .insertInto('clip')
        .values({ room_id: room.roomId, anchor_id: room.anchor.id, kind, title: 't', status, happened_at: at, from_at: new Date(at.getTime() - 30_000), to_at: at, created_at: at, video_key: `clips/r${ageDays}${kind}.mp4` })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const oldPerson = await insert('person', 31);
    const oldGoal = await insert('goal', 31);
    const ancientGoal = await insert('goal', 366);
    const fresh = await insert('person', 1);
    const stuck = await insert('person', 0.01, 'cutting');
    await ctx.app.clips.sweep();
    const rows = await ctx.db.selectFrom('clip').select(['id', 'deleted_at', 'status', 'failure']).where('id', 'in', [oldPerson, oldGoal, ancientGoal, fresh, stuck]).orderBy('id').execute();
    expect(rows.map((row) => row.deleted_at !== null)).toEqual([true, false, true, false, false]);
    expect(rows[4]).toMatchObject({ status: 'failed', failure: clipFailures.interrupted });
  });
});

afterAll(async () => undefined);

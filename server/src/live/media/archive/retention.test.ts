import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../../../testing/testApp';
import { createUser } from '../testing/mediaTestKit';
import { mediaTestConfig } from '../testing/mediaTestKit';
import { recordSegment } from './segmentIndex';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The retention sweep (retention.ts) on a real database and the local storage: replays past
 * REPLAY_RETENTION_DAYS go, then, over MEDIA_QUOTA_BYTES, the oldest replays first, until the
 * storage is under its quota; a broadcast on air is never touched.
 */
describeEachDatabase('archive retention', (target) => {
  const media = mediaTestConfig();
  media.archive = { ...media.archive, quotaBytes: 2_500, replayRetentionDays: 30 };
  const ctx = useTestApp(target, { app: { media } });
  let scratch: string;
  let source: string;
  beforeAll(async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'retention-'));
    source = path.join(scratch, 'segment.ts');
    await fs.writeFile(source, Buffer.alloc(1_000, 0x47));
  });
  afterAll(() => fs.rm(scratch, { recursive: true, force: true }));

  /** A broadcast that ended `endedAgoMs` ago (null: on air) with one kept 1000-byte segment. */
  async function broadcastWithSegment(roomId: number, anchorId: number, endedAgoMs: number | null): Promise<number> {
    const now = Date.now();
    const startedAt = new Date(now - (endedAgoMs ?? 0) - HOUR);
    const row = await ctx.db
      .insertInto('broadcast')
      .values({ room_id: roomId, anchor_id: anchorId, title: '回放', started_at: startedAt, ended_at: endedAgoMs === null ? null : new Date(now - endedAgoMs), replay_status: endedAgoMs === null ? 'recording' : 'ready', replay_bytes: 1_000, replay_duration_ms: 1_000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    const key = `broadcasts/${id}/0.ts`;
    // Written as ffmpeg writes a file (then committed): the quota is what the sweep restores, not what this test meets.
    const storage = ctx.app.mediaArchive.storage;
    await fs.mkdir(path.dirname(storage.localPath(key)), { recursive: true });
    await fs.copyFile(source, storage.localPath(key));
    const { bytes } = (await storage.commit(key)) as { bytes: number };
    await recordSegment(ctx.db, { broadcastId: id, seq: 0, startedAtMs: startedAt.getTime(), durationMs: 1_000, bytes, storageKey: key });
    return id;
  }
  const state = async (id: number) => {
    const row = await ctx.db.selectFrom('broadcast').select(['replay_status', 'replay_bytes']).where('id', '=', id).executeTakeFirstOrThrow();
    const segments = await ctx.db.selectFrom('broadcast_segment').select('seq').where('broadcast_id', '=', id).execute();
    const file = await ctx.app.mediaArchive.storage.stat(`broadcasts/${id}/0.ts`);
    return { status: row.replay_status, bytes: Number(row.replay_bytes), segments: segments.length, file: file !== null };
  };

  it('removes expired replays, then the oldest first until under the quota, never the one on air', async () => {
    const anchor = await createUser(ctx.db, { anchor: true, room: '保留策略' });
    const roomId = anchor.roomId as number;
    const onAir = await broadcastWithSegment(roomId, anchor.userId, null);
    const expired = await broadcastWithSegment(roomId, anchor.userId, 40 * DAY);
    const oldest = await broadcastWithSegment(roomId, anchor.userId, 3 * HOUR);
    const older = await broadcastWithSegment(roomId, anchor.userId, 2 * HOUR);
    const newest = await broadcastWithSegment(roomId, anchor.userId, 1 * HOUR);
    expect(ctx.app.mediaArchive.storage.bytesUsed()).toBe(5_000);

    const result = await ctx.app.mediaArchive.sweep();
    expect(result.expired).toEqual([expired]);
    expect(result.overQuota).toEqual([oldest, older]);
    expect(result.freedBytes).toBe(3_000);
    expect(ctx.app.mediaArchive.storage.bytesUsed()).toBe(2_000);
    for (const id of [expired, oldest, older]) expect(await state(id)).toEqual({ status: 'expired', bytes: 0, segments: 0, file: false });
    expect(await state(newest)).toEqual({ status: 'ready', bytes: 1_000, segments: 1, file: true });
    expect(await state(onAir)).toEqual({ status: 'recording', bytes: 1_000, segments: 1, file: true });
    // Expired replays are listed no more.
    const list = (await ctx.app.inject(`/api/Live/replayList?room_id=${roomId}`)).json().data.list as Array<{ id: number }>;
    expect(list.map((replay) => replay.id)).toEqual([newest, onAir]);

    // Under the quota: a second sweep removes nothing.
    expect(await ctx.app.mediaArchive.sweep()).toMatchObject({ expired: [], overQuota: [], freedBytes: 0 });
  });

  it('with no ended replay left, a broadcast on air keeps its DVR window and loses its oldest segments', async () => {
    const anchor = await createUser(ctx.db, { anchor: true, room: '全天直播' });
    const storage = ctx.app.mediaArchive.storage;
    const started = Date.now() - 5 * HOUR;
    const row = await ctx.db
      .insertInto('broadcast')
      .values({ room_id: anchor.roomId as number, anchor_id: anchor.userId, title: '全天', started_at: new Date(started), replay_bytes: 4_000, replay_duration_ms: 4_000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    // Three segments hours old (outside the 2 h DVR window), one of now.
    for (const [seq, at] of [started, started + HOUR, started + 2 * HOUR, Date.now() - 1_000].entries()) {
      const key = `broadcasts/${id}/${seq}.ts`;
      await fs.mkdir(path.dirname(storage.localPath(key)), { recursive: true });
      await fs.copyFile(source, storage.localPath(key));
      await storage.commit(key);
      await recordSegment(ctx.db, { broadcastId: id, seq, startedAtMs: at, durationMs: 1_000, bytes: 1_000, storageKey: key });
    }
    expect(storage.bytesUsed()).toBe(6_000);
    const result = await ctx.app.mediaArchive.sweep();
    // The last ended replay goes first (oldest replays first), then the live one's oldest segments, down to 95 % of the quota.
    expect(result.overQuota).toHaveLength(1);
    expect(result.trimmedSegments).toBe(3);
    expect(storage.bytesUsed()).toBe(2_000);
    const left = await ctx.db.selectFrom('broadcast_segment').select('seq').where('broadcast_id', '=', id).execute();
    expect(left.map((segment) => segment.seq)).toEqual([3]);
    const kept = await ctx.db.selectFrom('broadcast').select(['replay_status', 'replay_bytes', 'replay_duration_ms']).where('id', '=', id).executeTakeFirstOrThrow();
    expect({ ...kept, replay_bytes: Number(kept.replay_bytes), replay_duration_ms: Number(kept.replay_duration_ms) }).toEqual({ replay_status: 'recording', replay_bytes: 1_000, replay_duration_ms: 1_000 });
    // The DVR window (the room live) still has the recent segment.
    await ctx.db.updateTable('live_room').set({ stream_status: 'live' }).where('id', '=', anchor.roomId as number).execute();
    const dvr = await ctx.app.inject(`/live/room${anchor.roomId}/dvr.m3u8`);
    expect(dvr.body.split('\n').filter((line) => line.startsWith('/replay/'))).toEqual([`/replay/${id}/3.ts`]);
  });
});

describe('local media storage', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-storage-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('hard-links on the same disk, counts bytes, refuses over the quota, deletes keys and prefixes, refuses unsafe keys', async () => {
    const { LocalDiskStorage, MediaStorageFullError } = await import('../../../media/index');
    const source = path.join(dir, 'source.ts');
    await fs.writeFile(source, Buffer.alloc(600, 1));
    const storage = await LocalDiskStorage.open(path.join(dir, 'media'), 1_000);
    expect(await storage.put('broadcasts/1/0.ts', source)).toEqual({ bytes: 600 });
    expect((await fs.stat(storage.localPath('broadcasts/1/0.ts'))).ino).toBe((await fs.stat(source)).ino);
    expect(storage.bytesUsed()).toBe(600);
    await expect(storage.put('broadcasts/1/1.ts', source)).rejects.toBeInstanceOf(MediaStorageFullError);
    expect(await storage.stat('broadcasts/1/1.ts')).toBeNull();
    // Opening again counts what is there.
    expect((await LocalDiskStorage.open(path.join(dir, 'media'), null)).bytesUsed()).toBe(600);
    expect(await storage.deletePrefix('broadcasts/1/')).toBe(600);
    expect(storage.bytesUsed()).toBe(0);
    expect(await storage.delete('broadcasts/1/0.ts')).toBe(0);
    for (const key of ['../secret', '/etc/passwd', 'a/../../b', 'a//b', '', 'a/.']) expect(() => storage.localPath(key), key).toThrow();
    await expect(storage.deletePrefix('../')).rejects.toThrow();
  });
});

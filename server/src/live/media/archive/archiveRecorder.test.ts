import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../../../testing/testApp';
import { createUser, mediaTestConfig } from '../testing/mediaTestKit';
import { ArchiveRecorder } from './archiveRecorder';
import { ArchiveStats } from './archiveStats';

/** One MPEG-TS packet's worth of bytes starting with the sync byte, `packets` times. */
const tsBytes = (packets: number) => Buffer.alloc(188 * packets, 0x47);

/**
 * The recorder over a hand-written HLS folder (what ffmpeg writes): listed segments kept in
 * order with their corrected wall times, a broken one skipped and counted, nothing read twice,
 * and nothing kept before the broadcast row exists.
 */
describeEachDatabase('archive recorder', (target) => {
  const ctx = useTestApp(target, { app: { media: mediaTestConfig() } });
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'recorder-hls-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('keeps listed segments with their wall times, skips a broken one, reads each once', async () => {
    const anchor = await createUser(ctx.db, { anchor: true, room: '录制测试' });
    const roomId = anchor.roomId as number;
    const broadcast = await ctx.db.insertInto('broadcast').values({ room_id: roomId, anchor_id: anchor.userId, title: '录制', started_at: new Date() }).returning('id').executeTakeFirstOrThrow();
    let broadcastId: number | null = null;
    let knownSince = 0;
    const stats = new ArchiveStats();
    const recorder = new ArchiveRecorder({ db: ctx.db, storage: ctx.app.mediaArchive.storage, log: pino({ level: 'silent' }), stats, ffmpegPath: null, broadcastIdOf: () => (broadcastId === null ? null : { id: broadcastId, sinceMs: knownSince }), harvestEveryMs: 60_000 });
    const t0 = Date.parse('2026-12-06T08:00:00.000Z');
    await fs.writeFile(path.join(dir, 'seg0.ts'), tsBytes(3));
    await fs.writeFile(path.join(dir, 'seg1.ts'), Buffer.from('not a transport stream, clearly'.repeat(10)));
    await fs.writeFile(path.join(dir, 'seg2.ts'), tsBytes(4));
    const playlist = (segments: number[]) =>
      ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:1', `#EXT-X-MEDIA-SEQUENCE:${segments[0]}`]
        .concat(segments.flatMap((n) => [`#EXT-X-PROGRAM-DATE-TIME:${new Date(t0 + n * 1_000).toISOString()}`, '#EXTINF:1.000000,', `seg${n}.ts`]))
        .join('\n');
    await fs.writeFile(path.join(dir, 'index.m3u8'), playlist([0, 1, 2]));
    recorder.started(`room${roomId}`, dir, () => 250);

    // No broadcast row yet: nothing is kept, nothing is lost.
    await recorder.flush(`room${roomId}`);
    expect(await ctx.db.selectFrom('broadcast_segment').selectAll().where('broadcast_id', '=', Number(broadcast.id)).execute()).toEqual([]);

    // A previous broadcast's id (known before this ffmpeg started, its end still queued) is not taken.
    broadcastId = 999_999;
    knownSince = Date.now() - 60_000;
    await recorder.flush(`room${roomId}`);
    expect(await ctx.db.selectFrom('broadcast_segment').select('seq').where('broadcast_id', '=', Number(broadcast.id)).execute()).toEqual([]);

    broadcastId = Number(broadcast.id);
    knownSince = Date.now();
    await recorder.flush(`room${roomId}`);
    const kept = await ctx.db.selectFrom('broadcast_segment').selectAll().where('broadcast_id', '=', broadcastId).orderBy('seq').execute();
    expect(kept.map((row) => ({ seq: row.seq, at: row.started_at.getTime(), bytes: row.bytes, key: row.storage_key }))).toEqual([
      { seq: 0, at: t0 + 250, bytes: 188 * 3, key: `broadcasts/${broadcastId}/0.ts` },
      { seq: 2, at: t0 + 2_000 + 250, bytes: 188 * 4, key: `broadcasts/${broadcastId}/2.ts` },
    ]);
    expect(stats).toMatchObject({ segmentsArchived: 2, failures: { broken_segment: 1, quota: 0 } });

    // ffmpeg moves on (seg0 deleted, seg3 listed): only the new one is read.
    await fs.rm(path.join(dir, 'seg0.ts'));
    await fs.writeFile(path.join(dir, 'seg3.ts'), tsBytes(2));
    await fs.writeFile(path.join(dir, 'index.m3u8'), playlist([1, 2, 3]));
    expect(await recorder.stopped(`room${roomId}`)).toBe(broadcastId);
    const after = await ctx.db.selectFrom('broadcast_segment').select('seq').where('broadcast_id', '=', broadcastId).orderBy('seq').execute();
    expect(after.map((row) => row.seq)).toEqual([0, 2, 3]);
    // The kept file outlives ffmpeg's delete (a hard link).
    expect(await ctx.app.mediaArchive.storage.stat(`broadcasts/${broadcastId}/0.ts`)).toEqual({ bytes: 188 * 3 });
    const row = await ctx.db.selectFrom('broadcast').select(['replay_bytes', 'replay_duration_ms']).where('id', '=', broadcastId).executeTakeFirstOrThrow();
    expect({ bytes: Number(row.replay_bytes), ms: Number(row.replay_duration_ms) }).toEqual({ bytes: 188 * 9, ms: 3_000 });
    expect(recorder.active).toBe(0);
  });
});

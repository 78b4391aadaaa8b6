import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema';
import { recordSegment } from '../../live/index';
import { createMatch, createUser, type TestUser } from '../../live/testing/roomsTestKit';

const exec = promisify(execFile);

/** Segments of the test stream: 1 s each, a keyframe at each start (25 fps, GOP 25), AAC audio. */
export const SEGMENT_MS = 1_000;
export const SEGMENT_COUNT = 60;

let template: Promise<string> | null = null;

/**
 * 60 one-second MPEG-TS segments made once per process by a real encoder (libx264 + AAC, as the
 * ingest's HLS is): second i is a flat grey of luma 16 + 3i, so a frame's grey says which second
 * (which segment) it came from: ffprobe reads it back from a clip's first frame.
 */
export function segmentTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'clip-segments-'));
    await exec('ffmpeg', [
      '-hide_banner', '-loglevel', 'error',
      '-f', 'lavfi', '-i', "color=c=black:s=160x90:r=25,geq=lum='16+3*floor(T)':cb=128:cr=128",
      '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100',
      '-t', String(SEGMENT_COUNT), '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-keyint_min', '25', '-sc_threshold', '0', '-pix_fmt', 'yuv420p',
      '-c:a', 'aac', '-b:a', '32k', '-f', 'segment', '-segment_time', '1', '-segment_format', 'mpegts', '-reset_timestamps', '0',
      path.join(dir, 'seg%03d.ts'),
    ]);
    return dir;
  })();
  return template;
}

export interface ArchivedRoom {
  anchor: TestUser;
  roomId: number;
  matchId: number;
  broadcastId: number;
  /** Wall time of segment 0's first frame. */
  baseMs: number;
}

/**
 * A live room showing a football match, its broadcast on air, and segments [from, to) of the
 * template archived as the recorder would: files under DATA_DIR/media/broadcasts/<id>/ and rows
 * in broadcast_segment (recordSegment), segment i starting at baseMs + i s.
 */
export async function createArchivedRoom(db: Kysely<Database>, dataDir: string, options: { baseMs: number; from?: number; to?: number; live?: boolean; matchId?: number }): Promise<ArchivedRoom> {
  const anchor = await createUser(db, { anchor: true });
  const matchId = options.matchId ?? (await createMatch(db, new Date(options.baseMs - 3_600_000), 'live'));
  const now = new Date();
  const room = await db
    .insertInto('live_room')
    .values({ owner_id: anchor.id, title: '测试直播间', type: 1, match_id: matchId, match_since: new Date(options.baseMs - 1_000), stream_status: options.live === false ? 'offline' : 'live', is_open: true, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const broadcast = await db
    .insertInto('broadcast')
    .values({ room_id: room.id, anchor_id: anchor.id, title: '测试直播间', started_at: new Date(options.baseMs - 1_000), match_id: matchId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const source = await segmentTemplate();
  const folder = path.join(dataDir, 'media', 'broadcasts', String(broadcast.id));
  await fs.mkdir(folder, { recursive: true });
  for (let index = options.from ?? 0; index < (options.to ?? SEGMENT_COUNT); index += 1) {
    const name = `seg${String(index).padStart(3, '0')}.ts`;
    await fs.copyFile(path.join(source, name), path.join(folder, name));
    const { size } = await fs.stat(path.join(folder, name));
    await recordSegment(db, { broadcastId: broadcast.id, seq: index, startedAtMs: options.baseMs + index * SEGMENT_MS, durationMs: SEGMENT_MS, bytes: size, storageKey: `broadcasts/${broadcast.id}/${name}` });
  }
  return { anchor, roomId: room.id, matchId, broadcastId: broadcast.id, baseMs: options.baseMs };
}

let eventCounter = 0;

/** A match event as the feed store writes it (match_event). */
export async function addMatchEvent(
  db: Kysely<Database>,
  matchId: number,
  event: { kind: 'goal' | 'red' | 'score' | 'period_end' | 'yellow'; occurredAtMs: number; side?: 'home' | 'away'; detail?: string; minute?: number; home?: number; away?: number; period?: number; clockSeconds?: number; points?: number; player?: string },
): Promise<number> {
  eventCounter += 1;
  const row = await db
    .insertInto('match_event')
    .values({
      external_key: `clip-test:${process.pid}:${eventCounter}:${matchId}`,
      match_id: matchId,
      kind: event.kind,
      side: event.side ?? 'home',
      detail: event.detail ?? null,
      period: event.period ?? null,
      minute: event.minute ?? 67,
      extra_minute: null,
      clock_seconds: event.clockSeconds ?? null,
      player_zh: event.player ?? null,
      player_in_zh: null,
      points: event.points ?? null,
      home_score: event.home ?? 1,
      away_score: event.away ?? 0,
      occurred_at: new Date(event.occurredAtMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Which template second a video's first frame shows (its grey level), read with ffprobe. */
export async function firstFrameSecond(file: string): Promise<number> {
  const { stdout } = await exec('ffprobe', ['-v', 'error', '-f', 'lavfi', `movie=${file},signalstats`, '-show_entries', 'frame_tags=lavfi.signalstats.YAVG', '-read_intervals', '%+#1', '-of', 'csv=p=0']);
  const luma = Number(stdout.trim().split('\n')[0]);
  return Math.round((luma - 16) / 3);
}

export async function probeDurationMs(file: string): Promise<number> {
  const { stdout } = await exec('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Math.round(Number(stdout.trim()) * 1000);
}

/** The MP4's top-level boxes in order (ftyp, moov, mdat… : faststart puts moov before mdat). */
export async function topLevelBoxes(file: string): Promise<string[]> {
  const data = await fs.readFile(file);
  const boxes: string[] = [];
  let offset = 0;
  while (offset + 8 <= data.length) {
    let size = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    if (size === 1) size = Number(data.readBigUInt64BE(offset + 8));
    if (size === 0) size = data.length - offset;
    boxes.push(type);
    if (size < 8) break;
    offset += size;
  }
  return boxes;
}

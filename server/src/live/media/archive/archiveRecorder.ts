import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../infra/db/schema';
import { type MediaStorage, MediaStorageFullError } from '../../../media/index';
import { grabFrame } from '../../thumbnails/frameGrabber';
import type { ArchiveStats } from './archiveStats';
import { listedSegments } from './hlsSegments';
import { recordSegment } from './segmentIndex';
import { roomIdOfStream } from '../playbackUrls';
import { markRecordingFailed } from './replayStates';

/** How often a recording stream's playlist is read (ffmpeg keeps a finished segment listed for seconds). */
export const HARVEST_EVERY_MS = 300;
const PLAYLIST = 'index.m3u8';
const MPEG_TS_SYNC = 0x47;

export interface ArchiveRecorderOptions {
  db: Kysely<Database>;
  storage: MediaStorage;
  log: FastifyBaseLogger;
  stats: ArchiveStats;
  /** ffmpeg, for the replay's first picture; null: no thumbnails. */
  ffmpegPath: string | null;
  /** The open broadcast of a room and since when it is known (StreamLifecycle), null until its row is written. */
  broadcastIdOf: (roomId: number) => { id: number; sinceMs: number } | null;
  harvestEveryMs?: number;
  /** Called once when the quota refuses a segment (the retention sweep): the put is tried again after. */
  makeRoom?: (needBytes: number) => Promise<void>;
}

/** One stream being recorded: its HLS folder and how far it has been read. */
interface Recording {
  roomId: number;
  dir: string;
  /** When ffmpeg started: a broadcast known before then is a previous one (its end still queued). */
  startedAtMs: number;
  /** ms to add to ffmpeg's program date times (HlsPackager's stream clock correction). */
  dateShiftMs: () => number;
  broadcastId: number | null;
  /** The broadcast's seq of ffmpeg's segment 0 (more than 0 when a broadcast spans two ffmpeg runs). */
  seqBase: number | null;
  /** The highest ffmpeg segment number handled (kept or skipped). */
  lastNumber: number;
  /** Where the last kept segment ends (wall time, ms): the next one starts no earlier. */
  keptUntilMs: number | null;
  /** The storage refused (full): nothing more is kept of this broadcast. */
  failed: boolean;
  hasThumb: boolean;
  timer: NodeJS.Timeout;
  /** The harvest running now (one at a time per stream). */
  running: Promise<void> | null;
}

/**
 * The archive recorder (archive/README.md): as the HLS packager's ffmpeg finishes each segment,
 * the segment is linked into the media storage as `broadcasts/<broadcastId>/<seq>.ts` (a hard
 * link: no copy, and it outlives ffmpeg's `delete_segments`) and indexed (segmentIndex.ts) with
 * its wall time: ffmpeg's program date time corrected by the stream clock. A segment that is
 * empty or not MPEG-TS is skipped (logged); a full storage stops the broadcast's recording and
 * marks its replay failed (logged, counted), while the live stream goes on untouched.
 */
export class ArchiveRecorder {
  private readonly recordings = new Map<string, Recording>();

  constructor(private readonly options: ArchiveRecorderOptions) {}

  /**
   * The packager started ffmpeg for `stream` writing into `dir`, for a publish that began at
   * `sinceMs` (taken before its broadcast row is written: a broadcast known earlier is a previous one).
   */
  started(stream: string, dir: string, dateShiftMs: () => number, sinceMs = Date.now()): void {
    this.forget(stream);
    const roomId = roomIdOfStream(stream);
    if (roomId === null) return;
    const recording: Recording = {
      roomId,
      dir,
      startedAtMs: sinceMs,
      dateShiftMs,
      broadcastId: null,
      seqBase: null,
      lastNumber: -1,
      keptUntilMs: null,
      failed: false,
      hasThumb: false,
      timer: setInterval(() => void this.harvest(recording), this.options.harvestEveryMs ?? HARVEST_EVERY_MS).unref(),
      running: null,
    };
    this.recordings.set(stream, recording);
  }

  /**
   * ffmpeg has exited (its last segment written) and its folder is about to be removed: the
   * playlist is read one last time. Answers the broadcast recorded, null when none was known.
   */
  async stopped(stream: string): Promise<number | null> {
    const recording = this.recordings.get(stream);
    if (recording === undefined) return null;
    clearInterval(recording.timer);
    await this.harvest(recording);
    this.recordings.delete(stream);
    return recording.broadcastId;
  }

  /** Rooms recording now (tests, ops). */
  get active(): number {
    return this.recordings.size;
  }

  /** Waits for a harvest in flight, then reads the playlist again (tests: everything listed is kept). */
  async flush(stream: string): Promise<void> {
    const recording = this.recordings.get(stream);
    if (recording !== undefined) await this.harvest(recording);
  }

  private forget(stream: string): void {
    const recording = this.recordings.get(stream);
    if (recording === undefined) return;
    clearInterval(recording.timer);
    this.recordings.delete(stream);
  }

  private harvest(recording: Recording): Promise<void> {
    if (recording.running !== null) return recording.running.then(() => this.harvest(recording));
    const run = this.harvestOnce(recording)
      .catch((error: unknown) => {
        this.options.stats.failures.error += 1;
        this.options.log.error({ err: error, roomId: recording.roomId, broadcastId: recording.broadcastId }, 'archive: could not keep segments');
      })
      .finally(() => {
        recording.running = null;
      });
    recording.running = run;
    return run;
  }

  private async harvestOnce(recording: Recording): Promise<void> {
    if (recording.failed) return;
    const playlist = await fs.readFile(path.join(recording.dir, PLAYLIST), 'utf8').catch(() => null);
    if (playlist === null) return;
    const fresh = listedSegments(playlist).filter((segment) => segment.number > recording.lastNumber);
    if (fresh.length === 0) return;
    if (recording.broadcastId === null) {
      const open = this.options.broadcastIdOf(recording.roomId);
      if (open !== null && open.sinceMs >= recording.startedAtMs) recording.broadcastId = open.id;
    }
    const broadcastId = recording.broadcastId;
    // The broadcast row is not written yet (a moment after the push starts): the segments stay listed for seconds.
    if (broadcastId === null) return;
    recording.seqBase ??= await nextSeq(this.options.db, broadcastId);
    for (const segment of fresh) {
      recording.lastNumber = segment.number;
      const source = path.join(recording.dir, segment.file);
      const problem = segment.programDateMs === null ? 'no program date time' : await brokenSegment(source);
      if (problem !== null || segment.programDateMs === null) {
        this.options.stats.failures.broken_segment += 1;
        this.options.log.warn({ roomId: recording.roomId, broadcastId, file: segment.file, problem }, 'archive: segment skipped');
        continue;
      }
      const seq = recording.seqBase + segment.number;
      const key = `broadcasts/${broadcastId}/${seq}.ts`;
      let bytes: number;
      try {
        bytes = (await this.putMakingRoom(key, source)).bytes;
      } catch (error) {
        if (error instanceof MediaStorageFullError) {
          recording.failed = true;
          this.options.stats.failures[error.reason] += 1;
          this.options.log.error(
            { roomId: recording.roomId, broadcastId, reason: error.reason, bytesUsed: this.options.storage.bytesUsed(), quotaBytes: this.options.storage.quotaBytes },
            'archive: media storage full, this broadcast is no longer recorded (the live stream goes on); free space or raise MEDIA_QUOTA_BYTES',
          );
          await markRecordingFailed(this.options.db, broadcastId, error.message);
          return;
        }
        // ffmpeg deleted it before it was read (the server was too busy for seconds): skipped.
        this.options.stats.failures.broken_segment += 1;
        this.options.log.warn({ err: error, roomId: recording.roomId, broadcastId, file: segment.file }, 'archive: segment could not be kept, skipped');
        continue;
      }
      const durationMs = Math.min(60_000, Math.max(1, segment.durationMs));
      // The stream clock's correction is read off the newest frame, whose arrival jitters on a busy
      // machine (seen: −585 ms between two 1 s segments): a segment never starts before the
      // previous one ends, so the DVR and replay timelines only go forward.
      const startedAtMs = Math.max(segment.programDateMs + recording.dateShiftMs(), recording.keptUntilMs ?? Number.NEGATIVE_INFINITY);
      recording.keptUntilMs = startedAtMs + durationMs;
      await recordSegment(this.options.db, { broadcastId, seq, startedAtMs, durationMs, bytes, storageKey: key });
      await this.options.db
        .updateTable('broadcast')
        .set({ replay_bytes: sql<number>`replay_bytes + ${bytes}`, replay_duration_ms: sql<number>`replay_duration_ms + ${durationMs}` })
        .where('id', '=', broadcastId)
        .execute();
      this.options.stats.segmentsArchived += 1;
      if (!recording.hasThumb) {
        recording.hasThumb = true;
        await this.keepThumbnail(broadcastId, key);
      }
    }
  }

  /** A put; over the quota, once more after the sweep made room (when it could). */
  private async putMakingRoom(key: string, source: string): Promise<{ bytes: number }> {
    try {
      return await this.options.storage.put(key, source);
    } catch (error) {
      if (!(error instanceof MediaStorageFullError) || error.reason !== 'quota' || this.options.makeRoom === undefined) throw error;
      const needBytes = (await fs.stat(source)).size;
      await this.options.makeRoom(needBytes).catch((sweepError: unknown) => this.options.log.error({ err: sweepError }, 'archive: the sweep could not make room'));
      return this.options.storage.put(key, source);
    }
  }

  /** The replay's first picture, from its first kept segment (none for a stream without video). */
  private async keepThumbnail(broadcastId: number, segmentKey: string): Promise<void> {
    if (this.options.ffmpegPath === null) return;
    const key = `broadcasts/${broadcastId}/thumb.jpg`;
    try {
      const jpeg = await grabFrame(this.options.ffmpegPath, this.options.storage.localPath(segmentKey));
      this.options.storage.reserve(jpeg.length);
      await fs.writeFile(this.options.storage.localPath(key), jpeg);
      await this.options.storage.commit(key);
      await this.options.db.updateTable('broadcast').set({ replay_thumb_key: key }).where('id', '=', broadcastId).execute();
    } catch (error) {
      this.options.log.info({ err: error, broadcastId }, 'archive: no first picture for the replay');
    }
  }
}

/** Why a finished segment cannot be kept (empty, unreadable, not MPEG-TS); null when it is fine. */
async function brokenSegment(file: string): Promise<string | null> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(file, 'r');
    const { size } = await handle.stat();
    if (size < 188) return `too short (${size} bytes)`;
    const head = Buffer.alloc(1);
    await handle.read(head, 0, 1, 0);
    return head[0] === MPEG_TS_SYNC ? null : 'not MPEG-TS';
  } catch (error) {
    return `unreadable (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
  } finally {
    await handle?.close();
  }
}

/** The seq the broadcast's next recording run starts at: after what is kept already. */
async function nextSeq(db: Kysely<Database>, broadcastId: number): Promise<number> {
  const row = await db.selectFrom('broadcast_segment').select((eb) => eb.fn.max('seq').as('last')).where('broadcast_id', '=', broadcastId).executeTakeFirst();
  const last = row?.last;
  return last === null || last === undefined ? 0 : Number(last) + 1;
}

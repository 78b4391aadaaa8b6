import path from 'node:path';
import type { RoomDvr } from '@sports/shared/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../infra/db/schema';
import { LocalDiskStorage, type MediaStorage } from '../../../media/index';
import type { ArchiveConfig } from '../mediaConfig';
import { ArchiveRecorder } from './archiveRecorder';
import { ArchiveStats } from './archiveStats';
import { roomDvr } from './dvr';
import type { ClipOfEvents } from './markers';
import { MomentCache } from './momentCache';
import { settleEndedRecordings } from './replayStates';
import { type SweepResult, sweepArchive } from './retention';

/** DATA_DIR's folder of the local media storage (unless MEDIA_STORAGE_DIR). */
export const MEDIA_STORAGE_DIR = 'media';

/**
 * The media archive of this node (archive/README.md), decorated as `app.mediaArchive`: the media
 * storage (clips keep their files there too, under the same quota), the recorder (embedded ingest
 * with ffmpeg only), the DVR window, the retention sweep and the figures /metrics shows.
 */
export class MediaArchive {
  readonly stats = new ArchiveStats();
  recorder: ArchiveRecorder | null = null;
  /** The clip of each feed event, for the markers' clip_id: set by the clips module (null: none). */
  clipOfEvents: ClipOfEvents | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private sweeping: Promise<SweepResult> | null = null;
  private readonly viewerDvrs = new MomentCache<number, RoomDvr | null>(1_000);

  private constructor(
    readonly storage: MediaStorage,
    readonly config: ArchiveConfig,
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  static async open(db: Kysely<Database>, dataDir: string, config: ArchiveConfig, log: FastifyBaseLogger): Promise<MediaArchive> {
    const storage = await LocalDiskStorage.open(path.resolve(config.storageDir ?? path.join(dataDir, MEDIA_STORAGE_DIR)), config.quotaBytes);
    return new MediaArchive(storage, config, db, log);
  }

  /** Starts recording (the HLS packager tells it each stream's segments). */
  useRecorder(options: { ffmpegPath: string | null; broadcastIdOf: (roomId: number) => { id: number; sinceMs: number } | null }): ArchiveRecorder {
    // A full quota: the sweep frees what the policy allows (expired, oldest replays) before the recording gives up.
    const makeRoom = async (needBytes: number) => {
      await this.sweeping?.catch(() => undefined);
      await this.sweep(Date.now(), needBytes);
    };
    this.recorder = new ArchiveRecorder({ db: this.db, storage: this.storage, log: this.log, stats: this.stats, makeRoom, ...options });
    return this.recorder;
  }

  get dvrWindowMs(): number {
    return this.config.dvrWindowMinutes * 60_000;
  }

  roomDvr(roomId: number, nowMs = Date.now()): Promise<RoomDvr | null> {
    return roomDvr(this.db, roomId, this.dvrWindowMs, nowMs, this.clipOfEvents);
  }

  /** Room info's `dvr` as every viewer gets it: read at most once a second per room (three queries), however many viewers open the room. */
  roomDvrForViewers(roomId: number): Promise<RoomDvr | null> {
    return this.viewerDvrs.get(roomId, () => this.roomDvr(roomId));
  }

  /** The room's DVR window changed in a way its viewers should see at once (the anchor moved the clip offset). */
  forgetRoomDvr(roomId: number): void {
    this.viewerDvrs.forget(roomId);
  }

  /** Ended broadcasts' recordings become replays (ready or failed): at once when a stream ends. */
  async settle(): Promise<number> {
    const settled = await settleEndedRecordings(this.db);
    if (settled.length > 0) this.log.info({ settled }, 'archive: replays settled');
    return settled.length;
  }

  /** The retention sweep (one at a time). */
  sweep(nowMs = Date.now(), needBytes = 0): Promise<SweepResult> {
    this.sweeping ??= sweepArchive(this.db, this.storage, { retentionDays: this.config.replayRetentionDays, dvrWindowMs: this.dvrWindowMs, nowMs, log: this.log, needBytes }).finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  startSweeping(): void {
    this.stopSweeping();
    this.sweeper = setInterval(() => {
      this.sweep().catch((error: unknown) => this.log.error({ err: error }, 'archive: retention sweep failed'));
    }, this.config.sweepSeconds * 1000).unref();
  }

  stopSweeping(): void {
    if (this.sweeper !== null) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  /** Waits for a sweep in flight (close). */
  async idle(): Promise<void> {
    await this.sweeping?.catch(() => undefined);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The media archive (live/media/archive): storage, DVR, replays, retention. */
    mediaArchive: MediaArchive;
  }
}

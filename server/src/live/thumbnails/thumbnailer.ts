import { createHash } from 'node:crypto';
import pLimit, { type LimitFunction } from 'p-limit';
import { THUMB_REFRESH_MS } from './thumbnailUrls';

/** A room's latest frame as the image route serves it. */
export interface RoomFrame {
  jpeg: Buffer;
  etag: string;
  capturedAt: Date;
}

/** What the thumbnailer listens to: the media plugin's StreamEvents (live/media/streamEvents.ts). */
export interface LiveStreamEvents {
  on(event: 'live', listener: (event: { roomId: number }) => void): unknown;
  on(event: 'offline', listener: (event: { roomId: number }) => void): unknown;
  off(event: 'live', listener: (event: { roomId: number }) => void): unknown;
  off(event: 'offline', listener: (event: { roomId: number }) => void): unknown;
}

export interface ThumbnailerOptions {
  events: LiveStreamEvents;
  /** Decodes the room's current picture into a JPEG; rejects when there is none yet. */
  grab: (roomId: number) => Promise<Buffer>;
  /** Decodes running at once, across all rooms (each is one ffmpeg on one core). */
  concurrency: number;
  /** Between two decodes of a live room. */
  refreshMs?: number;
  /** After a failed decode (the first segment is not written yet, a stream without video). */
  retryMs?: number;
  /** After going live, before the first decode (the packager's first segment). */
  firstDelayMs?: number;
  log?: { warn: (details: object, message: string) => void };
}

/**
 * Live thumbnails: while a room is live, one frame of its stream is decoded every `refreshMs`
 * (sooner after a failure), at most `concurrency` decodes at once across all rooms (a p-limit
 * queue: the CPU stays bounded however many rooms are live), kept in memory (a 320x180 JPEG is
 * ~10-20 KB a room). A room that goes offline stops being refreshed and its frame is dropped.
 */
export class Thumbnailer {
  private readonly frames = new Map<number, RoomFrame>();
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private readonly limit: LimitFunction;
  private readonly refreshMs: number;
  private readonly retryMs: number;
  private readonly firstDelayMs: number;
  private stopped = false;

  private readonly onLive = ({ roomId }: { roomId: number }) => this.schedule(roomId, this.firstDelayMs);
  private readonly onOffline = ({ roomId }: { roomId: number }) => this.forget(roomId);

  constructor(private readonly options: ThumbnailerOptions) {
    this.limit = pLimit(options.concurrency);
    this.refreshMs = options.refreshMs ?? THUMB_REFRESH_MS;
    this.retryMs = options.retryMs ?? 3_000;
    this.firstDelayMs = options.firstDelayMs ?? 2_000;
    options.events.on('live', this.onLive);
    options.events.on('offline', this.onOffline);
  }

  /** The room's latest frame; undefined when it is not live or none was decoded yet. */
  frameOf(roomId: number): RoomFrame | undefined {
    return this.frames.get(roomId);
  }

  /** Rooms being refreshed now. */
  refreshing(): number[] {
    return [...this.timers.keys()];
  }

  /** Decodes the room's frame now (queued behind running decodes); resolves with it, or null on failure. */
  async refresh(roomId: number): Promise<RoomFrame | null> {
    try {
      const jpeg = await this.limit(() => this.options.grab(roomId));
      // Went offline (or stopped) while decoding: the frame is not kept.
      if (this.stopped || !this.timers.has(roomId)) return null;
      const frame = { jpeg, etag: `"${createHash('sha1').update(jpeg).digest('base64url')}"`, capturedAt: new Date() };
      this.frames.set(roomId, frame);
      return frame;
    } catch (error) {
      this.options.log?.warn({ err: error, roomId }, 'live thumbnail not decoded');
      return null;
    }
  }

  /** Stops every refresh and drops every frame (the app closes). */
  stop(): void {
    this.stopped = true;
    this.options.events.off('live', this.onLive);
    this.options.events.off('offline', this.onOffline);
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.frames.clear();
    this.limit.clearQueue();
  }

  private schedule(roomId: number, delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timers.get(roomId));
    const timer = setTimeout(() => {
      void this.refresh(roomId).then((frame) => {
        // Still the room's timer (it did not go offline, or live again, meanwhile): the next round.
        if (this.timers.get(roomId) === timer) this.schedule(roomId, frame === null ? this.retryMs : this.refreshMs);
      });
    }, delayMs);
    timer.unref();
    this.timers.set(roomId, timer);
  }

  private forget(roomId: number): void {
    clearTimeout(this.timers.get(roomId));
    this.timers.delete(roomId);
    this.frames.delete(roomId);
  }
}

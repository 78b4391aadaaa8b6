import { type ChildProcessByStdio, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { firstMediaSequence } from './blockingPlaylist';
import { stopFfmpeg } from './ffmpeg';
import { FlvSink } from './flvSink';
import type { NmsBroadcast } from './nms';
import { StreamClocks, mediaTagTimestamp } from './streamClock';

export const HLS_PLAYLIST = 'index.m3u8';
/** Segment files ffmpeg writes (`-hls_segment_filename`); the routes serve only names like these. */
export const HLS_SEGMENT_PATTERN = /^seg[0-9]{1,9}\.ts$/;

export interface HlsPackagerOptions {
  ffmpegPath: string;
  /** DATA_DIR/hls: one folder per stream, removed when the stream ends. */
  rootDir: string;
  segmentSeconds: number;
  listSize: number;
  log: FastifyBaseLogger;
  /** The archive recorder (archive/archiveRecorder.ts): told when ffmpeg starts, and before a stream's folder is removed. */
  recorder?: HlsSegmentRecorder;
}

/** Who keeps the segments ffmpeg finishes (the archive), with their corrected wall times. */
export interface HlsSegmentRecorder {
  /** `sinceMs`: when the publish asked for HLS (before its broadcast row could be written). */
  started(stream: string, dir: string, dateShiftMs: () => number, sinceMs: number): void;
  /** ffmpeg has exited: the last read of its playlist before the folder goes. */
  stopped(stream: string): Promise<unknown>;
}

interface Packaging {
  child: ChildProcessByStdio<Writable, null, Readable>;
  sink: FlvSink;
  broadcast: NmsBroadcast;
  releaseClock: () => void;
  /** Program date time of the wall-clock correction (see dateShiftMs). */
  timeline: HlsTimeline;
}

/** What the program date times are counted from: ffmpeg's start, and the frames fed to it. */
interface HlsTimeline {
  wallOf: (ts: number) => number | null;
  firstTs: number | null;
  lastTs: number | null;
  /** The first playlist's first EXT-X-PROGRAM-DATE-TIME (ffmpeg's clock when it began). */
  initialDateMs: number | null;
}

const PROGRAM_DATE_TIME = /^#EXT-X-PROGRAM-DATE-TIME:(.+)$/m;
const SEGMENT_LENGTH = /^#EXTINF:([0-9.]+),/gm;

/** ffmpeg's program date time of media sequence 0, from one of its playlists; null if it has none. */
export function initialProgramDate(playlist: string): number | null {
  const date = PROGRAM_DATE_TIME.exec(playlist)?.[1];
  const first = date === undefined ? Number.NaN : Date.parse(date);
  if (Number.isNaN(first)) return null;
  const sequence = firstMediaSequence(playlist);
  const lengths = [...playlist.matchAll(SEGMENT_LENGTH)].map((match) => Number(match[1]));
  const mean = lengths.length === 0 ? 0 : lengths.reduce((sum, value) => sum + value, 0) / lengths.length;
  return Math.round(first - sequence * mean * 1000);
}
const FIRST_PLAYLIST_WAIT_MS = 30_000;

/**
 * HLS from the ingest: one ffmpeg per published stream reads the FLV the viewers get (an internal
 * player of the broadcast writing to its stdin, so no second RTMP connection) and remuxes it with
 * `-c copy` into short MPEG-TS segments, deleting old ones.
 */
export class HlsPackager {
  private readonly running = new Map<string, Packaging>();
  private readonly clocks = new StreamClocks();

  constructor(private readonly options: HlsPackagerOptions) {}

  dirOf(stream: string): string {
    return path.join(this.options.rootDir, stream);
  }

  async start(stream: string, broadcast: NmsBroadcast): Promise<void> {
    // Taken before any await: the publish's broadcast row is written after this (archive recorder).
    const requestedAtMs = Date.now();
    await this.stop(stream);
    const dir = this.dirOf(stream);
    await fs.rm(dir, { recursive: true, force: true });
    await fs.mkdir(dir, { recursive: true });
    const child = spawn(this.options.ffmpegPath, this.args(dir), { stdio: ['pipe', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-2_000);
    });
    // ffmpeg gone (crashed, killed): writes to its stdin fail with EPIPE; the exit is logged below.
    child.stdin.on('error', () => undefined);
    child.once('error', (error) => this.options.log.error({ err: error, stream }, 'HLS: ffmpeg did not start'));
    const clock = this.clocks.acquire(broadcast);
    const timeline: HlsTimeline = { wallOf: (ts) => clock.clock.wallOf(ts), firstTs: null, lastTs: null, initialDateMs: null };
    const sink = new FlvSink({
      write: (chunk) => {
        const ts = mediaTagTimestamp(chunk);
        if (ts !== null) {
          timeline.firstTs ??= ts;
          timeline.lastTs = ts;
        }
        return child.stdin.write(chunk);
      },
      end: () => child.stdin.end(),
      get writableLength() {
        return child.stdin.writableLength;
      },
      get destroyed() {
        return child.stdin.destroyed;
      },
    });
    const packaging: Packaging = { child, sink, broadcast, releaseClock: clock.release, timeline };
    child.once('exit', (code, signal) => {
      if (this.running.get(stream) === packaging && code !== 0) this.options.log.warn({ stream, code, signal, errors }, 'HLS: ffmpeg stopped');
      broadcast.donePlay(sink);
    });
    this.running.set(stream, packaging);
    this.options.recorder?.started(stream, dir, () => shiftOf(timeline), requestedAtMs);
    const refused = broadcast.postPlay(sink);
    if (refused !== null) this.options.log.warn({ stream, refused }, 'HLS: could not attach to the stream');
    void this.readInitialDate(stream, packaging);
  }

  /**
   * ffmpeg's EXT-X-PROGRAM-DATE-TIME is its own clock when it began plus the media time since:
   * late by the GOP cache's age and ffmpeg's start, and blind to an encoder's gap. The ms to add
   * to every date so it is the wall time the ingest received that frame (streamClock.ts), from
   * the newest frame fed: date(ts) = initial + (ts − firstTs), so shift = wall(ts) − date(ts).
   */
  dateShiftMs(stream: string): number {
    const timeline = this.running.get(stream)?.timeline;
    return timeline === undefined ? 0 : shiftOf(timeline);
  }

  /**
   * Waits for ffmpeg's first playlist and keeps its initial program date time: the first date of
   * media sequence 0. When the encoder's first seconds came in a burst (a slow connect), ffmpeg
   * may have listed several segments before the first read: the date is then counted back over
   * the earlier segments at the listed segments' mean length (the source's keyframe interval).
   */
  private async readInitialDate(stream: string, packaging: Packaging): Promise<void> {
    const deadline = Date.now() + FIRST_PLAYLIST_WAIT_MS;
    while (this.running.get(stream) === packaging && Date.now() < deadline) {
      const playlist = await fs.readFile(path.join(this.dirOf(stream), HLS_PLAYLIST), 'utf8').catch(() => null);
      const initial = playlist === null ? null : initialProgramDate(playlist);
      if (initial !== null) {
        packaging.timeline.initialDateMs = initial;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Stops the stream's ffmpeg and removes its files (once the archive has kept the last segments). */
  async stop(stream: string): Promise<void> {
    const packaging = this.running.get(stream);
    if (packaging !== undefined) {
      this.running.delete(stream);
      packaging.broadcast.donePlay(packaging.sink);
      await stopFfmpeg(packaging.child);
      await this.options.recorder?.stopped(stream).catch((error: unknown) => this.options.log.error({ err: error, stream }, 'archive: last segments not kept'));
      packaging.releaseClock();
    }
    await fs.rm(this.dirOf(stream), { recursive: true, force: true });
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.running.keys()].map((stream) => this.stop(stream)));
  }

  private args(dir: string): string[] {
    const { segmentSeconds, listSize } = this.options;
    return [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
      // The sink's FLV starts with the metadata and codec headers: 1 s of probing finds the tracks.
      // ffmpeg's default (5 s) held a stream with one track (video or audio only) that long
      // before its first segment (measured: 5.1 s → 1.1 s; audio+video: 1.8 s → 1.1 s).
      ...['-analyzeduration', '1000000', '-f', 'flv', '-i', 'pipe:0', '-c', 'copy'],
      ...['-f', 'hls', '-hls_time', String(segmentSeconds), '-hls_list_size', String(listSize)],
      // temp_file: a segment or playlist is renamed into place when complete, never served half-written.
      // program_date_time: each segment's wall time (corrected by dateShiftMs when served).
      ...['-hls_flags', 'delete_segments+temp_file+omit_endlist+program_date_time'],
      ...['-hls_segment_filename', path.join(dir, 'seg%d.ts'), path.join(dir, HLS_PLAYLIST)],
    ];
  }
}

/** The timeline's correction (see HlsPackager.dateShiftMs); 0 until both clocks are known. */
function shiftOf(timeline: HlsTimeline): number {
  if (timeline.initialDateMs === null || timeline.firstTs === null || timeline.lastTs === null) return 0;
  const wall = timeline.wallOf(timeline.lastTs);
  return wall === null ? 0 : Math.round(wall - (timeline.initialDateMs + timeline.lastTs - timeline.firstTs));
}

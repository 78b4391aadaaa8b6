import { type ChildProcessByStdio, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { stopFfmpeg } from './ffmpeg';
import { FlvSink } from './flvSink';
import type { NmsBroadcast } from './nms';

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
}

interface Packaging {
  child: ChildProcessByStdio<Writable, null, Readable>;
  sink: FlvSink;
  broadcast: NmsBroadcast;
}

/**
 * HLS from the ingest: one ffmpeg per published stream reads the FLV the viewers get (an internal
 * player of the broadcast writing to its stdin, so no second RTMP connection) and remuxes it with
 * `-c copy` into short MPEG-TS segments, deleting old ones.
 */
export class HlsPackager {
  private readonly running = new Map<string, Packaging>();

  constructor(private readonly options: HlsPackagerOptions) {}

  dirOf(stream: string): string {
    return path.join(this.options.rootDir, stream);
  }

  async start(stream: string, broadcast: NmsBroadcast): Promise<void> {
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
    const sink = new FlvSink(child.stdin);
    const packaging: Packaging = { child, sink, broadcast };
    child.once('exit', (code, signal) => {
      if (this.running.get(stream) === packaging && code !== 0) this.options.log.warn({ stream, code, signal, errors }, 'HLS: ffmpeg stopped');
      broadcast.donePlay(sink);
    });
    this.running.set(stream, packaging);
    const refused = broadcast.postPlay(sink);
    if (refused !== null) this.options.log.warn({ stream, refused }, 'HLS: could not attach to the stream');
  }

  /** Stops the stream's ffmpeg and removes its files. */
  async stop(stream: string): Promise<void> {
    const packaging = this.running.get(stream);
    if (packaging !== undefined) {
      this.running.delete(stream);
      packaging.broadcast.donePlay(packaging.sink);
      await stopFfmpeg(packaging.child);
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
      ...['-f', 'flv', '-i', 'pipe:0', '-c', 'copy'],
      ...['-f', 'hls', '-hls_time', String(segmentSeconds), '-hls_list_size', String(listSize)],
      // temp_file: a segment or playlist is renamed into place when complete, never served half-written.
      ...['-hls_flags', 'delete_segments+temp_file+omit_endlist'],
      ...['-hls_segment_filename', path.join(dir, 'seg%d.ts'), path.join(dir, HLS_PLAYLIST)],
    ];
  }
}

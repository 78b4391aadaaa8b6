import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import type { ArchivedSegment } from '../live/index';
import type { ClipStorage } from './clipStorage';
import { isContinuousTimeline } from './tsTimeline';

/**
 * The cutter: the archived segments overlapping a span, joined by stream copy into one faststart
 * MP4 (no re-encode: `-c copy`, on segment boundaries, so the clip starts on a keyframe; segments
 * of one packager run as one byte stream, others by the concat demuxer: tsTimeline.ts), plus one
 * JPEG thumbnail (one frame decoded). A segment whose file is gone or is not MPEG-TS is skipped;
 * a span partly gone makes a clip of what is kept and says how much is missing; nothing kept, a
 * full disk or an ffmpeg failure is an outcome, never a throw.
 */
export interface CutRequest {
  segments: readonly ArchivedSegment[];
  /** The span asked for (epoch ms). */
  fromMs: number;
  toMs: number;
  /** Where the thumbnail is taken (epoch ms): the moment itself. */
  thumbAtMs: number;
  /** Names the staging files (the clip's id). */
  name: string;
}

export type CutOutcome =
  | {
      kind: 'cut';
      videoFile: string;
      thumbFile: string | null;
      durationMs: number;
      /** Wall time of the clip's first frame (its first kept segment's start). */
      firstMs: number;
      endMs: number;
      /** Segments skipped (file gone or broken). */
      skipped: number;
      /** Of the span asked for, how much was not kept (ms). */
      missingMs: number;
    }
  | { kind: 'nothing'; skipped: number }
  | { kind: 'disk_full'; detail: string }
  | { kind: 'error'; detail: string };

export interface CutterOptions {
  ffmpegPath: string;
  ffprobePath: string;
  storage: ClipStorage;
  /** Refuse to cut with less than this free (bytes): a full disk fails the clip, not the stream. */
  minFreeBytes: number;
}

const MPEG_TS_PACKET = 188;
const RUN_TIMEOUT_MS = 60_000;
const STDERR_KEPT = 4_000;

export class ClipCutter {
  constructor(private readonly options: CutterOptions) {}

  async cut(request: CutRequest): Promise<CutOutcome> {
    const { storage } = this.options;
    const usable: { segment: ArchivedSegment; file: string }[] = [];
    let skipped = 0;
    for (const segment of request.segments) {
      if (segment.startedAtMs + segment.durationMs <= request.fromMs || segment.startedAtMs >= request.toMs) continue;
      const file = await storage.segmentFile(segment.storageKey);
      if (file === null || !(await looksPlayable(file))) {
        skipped += 1;
        continue;
      }
      usable.push({ segment, file });
    }
    if (usable.length === 0) return { kind: 'nothing', skipped };

    const free = await storage.freeBytes();
    const estimate = usable.reduce((sum, { segment }) => sum + segment.bytes, 0);
    if (free !== null && free < this.options.minFreeBytes + estimate) return { kind: 'disk_full', detail: `${free} bytes free, ${estimate} needed` };

    let outcome = await this.join(request, usable);
    if (outcome.kind === 'short') {
      // ffmpeg's concat stops at a segment it cannot read: find the broken ones and join the rest.
      await removeFiles(outcome.videoFile, outcome.thumbFile);
      const readable = [];
      for (const entry of usable) if (await this.probes(entry.file)) readable.push(entry);
      skipped += usable.length - readable.length;
      if (readable.length === 0) return { kind: 'nothing', skipped };
      outcome = await this.join(request, readable);
      if (outcome.kind === 'short') outcome = { ...outcome, kind: 'joined' };
    }
    if (outcome.kind === 'disk_full' || outcome.kind === 'error') return { kind: outcome.kind, detail: outcome.detail };
    const { videoFile, thumbFile, kept } = outcome;

    const firstMs = kept[0]?.segment.startedAtMs ?? request.fromMs;
    const last = kept[kept.length - 1]?.segment;
    const endMs = last === undefined ? firstMs : last.startedAtMs + last.durationMs;
    let covered = 0;
    for (const { segment } of kept) covered += Math.max(0, Math.min(segment.startedAtMs + segment.durationMs, request.toMs) - Math.max(segment.startedAtMs, request.fromMs));
    const missingMs = Math.max(0, request.toMs - request.fromMs - covered);
    const durationMs = kept.reduce((sum, { segment }) => sum + segment.durationMs, 0);
    return { kind: 'cut', videoFile, thumbFile, durationMs, firstMs, endMs, skipped, missingMs };
  }

  /**
   * One ffmpeg run: the stream-copy join into a faststart MP4 and, from a second input (the kept
   * segment holding the moment, which opens on a keyframe), the JPEG thumbnail: one frame decoded.
   * `short` when the MP4 came out much smaller than its segments (concat stopped at a broken one).
   */
  private async join(
    request: CutRequest,
    entries: { segment: ArchivedSegment; file: string }[],
  ): Promise<
    | { kind: 'joined' | 'short'; videoFile: string; thumbFile: string | null; kept: { segment: ArchivedSegment; file: string }[] }
    | { kind: 'disk_full'; detail: string }
    | { kind: 'error'; detail: string }
  > {
    const { storage } = this.options;
    const list = await storage.stagingFile(`${request.name}.ffconcat`);
    const videoFile = await storage.stagingFile(`${request.name}.mp4`);
    const thumbFile = await storage.stagingFile(`${request.name}.jpg`);
    try {
      await fs.writeFile(list, `ffconcat version 1.0\n${entries.map(({ file }) => `file '${file.replaceAll("'", "'\\''")}'\n`).join('')}`);
    } catch (error) {
      const detail = String(error);
      return /ENOSPC/.test(detail) ? { kind: 'disk_full', detail } : { kind: 'error', detail };
    }
    const holding = [...entries].reverse().find(({ segment }) => segment.startedAtMs <= request.thumbAtMs) ?? entries[0];
    const video = ['-map', '0:v?', '-map', '0:a?', '-c', 'copy', '-bsf:a', 'aac_adtstoasc', '-movflags', '+faststart', '-f', 'mp4', '-y', videoFile];
    // One packager run: the segments as one byte stream (one probe, tsTimeline.ts); else the concat demuxer rebases each.
    const oneRun = entries.every(({ file }) => !file.includes('|')) && (await isContinuousTimeline(entries.map(({ segment, file }) => ({ file, durationMs: segment.durationMs }))));
    const input = ['-hide_banner', '-loglevel', 'error', ...(oneRun ? ['-i', `concat:${entries.map(({ file }) => file).join('|')}`] : ['-f', 'concat', '-safe', '0', '-i', list])];
    let withThumb = holding !== undefined;
    let joined = await run(this.options.ffmpegPath, withThumb ? [...input, '-i', holding?.file ?? '', ...video, '-map', '1:v:0', '-frames:v', '1', '-q:v', '4', '-f', 'image2', '-y', thumbFile] : [...input, ...video]);
    if (joined.code !== 0 && withThumb && !isDiskFull(joined.stderr)) {
      // No picture to take a thumbnail of (an audio-only stream): the clip without one.
      withThumb = false;
      joined = await run(this.options.ffmpegPath, [...input, ...video]);
    }
    await fs.rm(list, { force: true });
    if (joined.code !== 0) {
      await removeFiles(videoFile, thumbFile);
      return isDiskFull(joined.stderr) ? { kind: 'disk_full', detail: joined.stderr } : { kind: 'error', detail: joined.stderr || `ffmpeg exited ${joined.code}` };
    }
    if (!withThumb) await fs.rm(thumbFile, { force: true });
    const bytes = await fs.stat(videoFile).then((stat) => stat.size, () => 0);
    const expected = entries.reduce((sum, { segment }) => sum + segment.bytes, 0);
    // MP4 is a little smaller than MPEG-TS (no 188-byte packet headers, no PES): far smaller means segments were dropped.
    return { kind: bytes < expected * 0.6 - 64 * 1024 ? 'short' : 'joined', videoFile, thumbFile: withThumb ? thumbFile : null, kept: entries };
  }

  private async probes(file: string): Promise<boolean> {
    const probe = await run(this.options.ffprobePath, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file]);
    return probe.code === 0 && Number(probe.stdout.trim()) > 0;
  }
}

async function removeFiles(...files: (string | null)[]): Promise<void> {
  for (const file of files) if (file !== null) await fs.rm(file, { force: true }).catch(() => undefined);
}

/** MPEG-TS starts every 188-byte packet with 0x47; other formats (fMP4 parts) are left to ffmpeg. */
async function looksPlayable(file: string): Promise<boolean> {
  let handle: fs.FileHandle | null = null;
  try {
    handle = await fs.open(file, 'r');
    const buffer = Buffer.alloc(MPEG_TS_PACKET * 3);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead === 0) return false;
    if (!file.endsWith('.ts')) return true;
    if (bytesRead < MPEG_TS_PACKET) return false;
    for (let offset = 0; offset + MPEG_TS_PACKET <= bytesRead; offset += MPEG_TS_PACKET) if (buffer[offset] !== 0x47) return false;
    return true;
  } catch {
    return false;
  } finally {
    await handle?.close();
  }
}

function isDiskFull(stderr: string): boolean {
  return /No space left on device|ENOSPC|Disk quota exceeded/i.test(stderr);
}

function run(command: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let child;
    try {
      child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      resolve({ code: -1, stdout: '', stderr: String(error) });
      return;
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < STDERR_KEPT) stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < STDERR_KEPT) stderr += chunk.toString();
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: -1, stdout, stderr: stderr + String(error) });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr: stderr.trim() });
    });
  });
}

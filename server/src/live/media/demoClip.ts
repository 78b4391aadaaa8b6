import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { stopFfmpeg } from './ffmpeg';

/**
 * A demo room's clip (issue 15): encoded ONCE into DATA_DIR/demo-clips, then looped into the
 * ingest with stream copy by demoStreams.ts. 16 s of a moving test picture with the room's name,
 * its category, a running clock and a beeping tone; H.264 main (no B-frames) + AAC 48 kHz, a
 * keyframe every second (1 s is what a viewer waits to start), about 600 kbit/s.
 *
 * Looping with `-stream_loop -1 -c copy` keeps timestamps monotonic only when no stream starts
 * below zero or ends after the clip's length: hence no B-frames (video starts at 0) and audio
 * cut 50 ms short of the video (AAC's priming frame would otherwise overlap the next loop).
 */

export const DEMO_CLIP_SECONDS = 16;
const FPS = 25;
const AUDIO_SECONDS = DEMO_CLIP_SECONDS - 0.05;
/** Bump when the recipe below changes: every cached clip is then encoded again. */
const RECIPE_VERSION = 1;
/**
 * An encode of 16 s takes about 1.2 s of one core on an idle machine, but it runs niced
 * (ENCODE_NICE), so on cores the site or CI keeps busy it may take minutes of wall time: slow,
 * not stuck. It is stopped only when ffmpeg reports no progress for this long (its -progress
 * lines come every half second of work)...
 */
export const ENCODE_STALL_MS = 60_000;
/** ...or, whatever its progress, after this long. */
const ENCODE_LIMIT_MS = 20 * 60_000;
/**
 * Below the site (0) but not starved: at 19 an encode on two saturated cores got about 1 % of a
 * core and took longer than the old two-minute limit, so the demo rooms never went live.
 */
const ENCODE_NICE = 10;
const MAX_TITLE_CHARS = 40;
/** Font paths go into an ffmpeg filter graph: only plain paths, nothing to escape. */
const PLAIN_PATH = /^[\w/.+-]+$/;

export interface DemoClipSpec {
  roomId: number;
  /** The room's title (drawn when a font with Chinese glyphs is found). */
  title: string;
  /** An ASCII label of the room's category, e.g. FOOTBALL. */
  category: string;
  /** The tone's pitch; rooms differ so one can tell them apart by ear. */
  toneHz: number;
}

export interface DemoClipOptions {
  ffmpegPath: string;
  /** DATA_DIR/demo-clips. */
  dir: string;
  spec: DemoClipSpec;
  /** A font file drawing Chinese titles (findCjkFont); null: only the ASCII label and clock. */
  fontFile: string | null;
  log: FastifyBaseLogger;
  /** Stops an encode in progress (the server is closing). */
  signal?: AbortSignal;
  /** How long ffmpeg may report no progress before it is stopped (ENCODE_STALL_MS; tests set less). */
  stallMs?: number;
}

export interface DemoClip {
  path: string;
  /** False: an earlier start's clip with the same inputs was reused. */
  encoded: boolean;
}

/** The clip of `spec`, encoded when no clip made from the same inputs is cached in `dir`. */
export async function ensureDemoClip(options: DemoClipOptions): Promise<DemoClip> {
  const { dir, spec } = options;
  const title = [...spec.title].slice(0, MAX_TITLE_CHARS).join('');
  const label = `ROOM ${spec.roomId}  ${spec.category.replace(/[^A-Z0-9 ]/gi, '').slice(0, 20)}  DEMO`;
  const fontFile = options.fontFile !== null && PLAIN_PATH.test(options.fontFile) ? options.fontFile : null;
  const base = `room${spec.roomId}-${clipKey({ title, label, fontFile, toneHz: spec.toneHz })}`;
  const clipPath = path.join(dir, `${base}.mp4`);
  if (await nonEmptyFile(clipPath)) return { path: clipPath, encoded: false };

  await fs.mkdir(dir, { recursive: true });
  await removeOtherClipsOf(dir, spec.roomId, base);
  // Text goes through files (textfile=, no expansion): a title needs no filter-graph escaping.
  await fs.writeFile(path.join(dir, `${base}.title.txt`), title);
  await fs.writeFile(path.join(dir, `${base}.label.txt`), label);
  const partial = `${base}.partial.mp4`;
  const started = Date.now();
  await runLowPriority(options.ffmpegPath, encodeArgs(base, partial, fontFile, spec.toneHz, title !== ''), dir, options.signal, options.stallMs ?? ENCODE_STALL_MS);
  await fs.rename(path.join(dir, partial), clipPath);
  options.log.info({ roomId: spec.roomId, clip: clipPath, ms: Date.now() - started }, 'demo clip encoded');
  return { path: clipPath, encoded: true };
}

/** The inputs of a clip, hashed: the same inputs give the same file name (the cache). */
function clipKey(inputs: { title: string; label: string; fontFile: string | null; toneHz: number }): string {
  return createHash('sha256')
    .update(JSON.stringify({ version: RECIPE_VERSION, seconds: DEMO_CLIP_SECONDS, ...inputs }))
    .digest('hex')
    .slice(0, 16);
}

function encodeArgs(base: string, output: string, fontFile: string | null, toneHz: number, withTitle: boolean): string[] {
  const box = 'box=1:boxcolor=black@0.6:fontcolor=white:x=(w-tw)/2';
  const font = fontFile === null ? '' : `fontfile=${fontFile}:`;
  const text = [
    ...(fontFile !== null && withTitle ? [`drawtext=${font}textfile=${base}.title.txt:expansion=none:fontsize=34:boxborderw=10:${box}:y=36`] : []),
    `drawtext=${font}textfile=${base}.label.txt:expansion=none:fontsize=22:boxborderw=8:${box}:y=h-124`,
    `drawtext=${font}text='%{pts\\:hms}':fontsize=40:boxborderw=8:${box}:y=h-72`,
  ];
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-progress', 'pipe:1'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=${FPS}`],
    ...['-f', 'lavfi', '-t', String(AUDIO_SECONDS), '-i', `sine=frequency=${toneHz}:beep_factor=4:sample_rate=48000`],
    ...['-t', String(DEMO_CLIP_SECONDS), '-vf', text.join(',')],
    ...['-c:v', 'libx264', '-profile:v', 'main', '-bf', '0', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-threads', '1'],
    ...['-g', String(FPS), '-keyint_min', String(FPS), '-sc_threshold', '0', '-b:v', '550k', '-maxrate', '700k', '-bufsize', '1000k'],
    ...['-c:a', 'aac', '-b:a', '64k', '-ac', '2', '-ar', '48000'],
    ...['-movflags', '+faststart', '-f', 'mp4', output],
  ];
}

/**
 * ffmpeg below the site's CPU priority, one thread, stopped when its progress lines (stdout) stop
 * for `stallMs` or after ENCODE_LIMIT_MS.
 */
function runLowPriority(ffmpegPath: string, args: string[], cwd: string, signal: AbortSignal | undefined, stallMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(new Error('demo clip: the server is closing'));
      return;
    }
    const child = spawn(ffmpegPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, ENCODE_NICE);
      } catch {
        // Not allowed here: it runs at normal priority, only slower for others.
      }
    }
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 4_000) stderr += chunk.toString('utf8');
    });
    let stoppedFor: string | null = null;
    const stopFor = (reason: string) => {
      stoppedFor ??= reason;
      void stopFfmpeg(child);
    };
    let stallTimer = setTimeout(() => stopFor(`no progress for ${stallMs} ms`), stallMs);
    child.stdout?.on('data', () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => stopFor(`no progress for ${stallMs} ms`), stallMs);
    });
    const limitTimer = setTimeout(() => stopFor(`still encoding after ${ENCODE_LIMIT_MS} ms`), ENCODE_LIMIT_MS);
    const onAbort = () => stopFor('the server is closing');
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => {
      clearTimeout(stallTimer);
      clearTimeout(limitTimer);
      signal?.removeEventListener('abort', onAbort);
    };
    child.once('error', (error) => {
      settle();
      reject(error);
    });
    child.once('exit', (code, killedBy) => {
      settle();
      if (code === 0 && stoppedFor === null) resolve();
      else reject(new Error(`demo clip: ffmpeg ${stoppedFor === null ? '' : `stopped (${stoppedFor}), `}exited with ${code ?? killedBy}: ${stderr.trim().slice(0, 500)}`));
    });
  });
}

async function nonEmptyFile(file: string): Promise<boolean> {
  const stat = await fs.stat(file).catch(() => null);
  return stat !== null && stat.isFile() && stat.size > 0;
}

/** A room's clips of other inputs (an older title, recipe or font) and leftovers of a stopped encode. */
async function removeOtherClipsOf(dir: string, roomId: number, keep: string): Promise<void> {
  const prefix = `room${roomId}-`;
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(prefix) && !name.startsWith(`${keep}.mp4`))
      .map((name) => fs.rm(path.join(dir, name), { force: true })),
  );
}

/**
 * A font file with Chinese glyphs (for the room's title), asked of fontconfig; null when there is
 * no fontconfig or no such font (the clip then shows the ASCII label and clock only).
 */
export function findCjkFont(): Promise<string | null> {
  return new Promise((resolve) => {
    execFile('fc-list', [':lang=zh', 'file'], { timeout: 5_000 }, (error, stdout) => {
      if (error !== null) {
        resolve(null);
        return;
      }
      const files = stdout
        .split('\n')
        .map((line) => line.replace(/:\s*$/, '').trim())
        .filter((file) => PLAIN_PATH.test(file) && /\.(ttf|otf|ttc)$/i.test(file))
        .sort();
      resolve(files[0] ?? null);
    });
  });
}

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import http from 'node:http';
import type { Kysely } from 'kysely';
import { issueSession } from '../../../accounts/sessions/sessions';
import type { Database } from '../../../infra/db/schema';
import { defaultMediaConfig, type MediaConfig } from '../mediaConfig';

/** Tests only: users, rooms, a real ffmpeg test pattern pushed over RTMP, polling. */

let userCounter = 0;

/** A user (anchor or not) with a session token, and a room when asked. */
export async function createUser(db: Kysely<Database>, options: { anchor: boolean; room?: string }): Promise<{ userId: number; token: string; roomId: number | null }> {
  userCounter += 1;
  const suffix = `${process.pid % 1000}`.padStart(3, '0') + `${userCounter}`.padStart(5, '0');
  const user = await db
    .insertInto('app_user')
    .values({ mobile: `86-137${suffix}`, user_nickname: `主播${suffix}`, avatar: '', is_anchor: options.anchor ? 1 : 0, invite_code: `M${suffix.slice(-7)}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await issueSession(db, user.id, 3600);
  if (options.room === undefined) return { userId: user.id, token, roomId: null };
  const room = await db.insertInto('live_room').values({ owner_id: user.id, title: options.room }).returning('id').executeTakeFirstOrThrow();
  return { userId: user.id, token, roomId: room.id };
}

/** Embedded on a free port, no reconnect grace, 1 s HLS segments: what the media tests run. */
/**
 * Whether ffmpeg runs here; when not, prints why the suite that needs it is skipped (`needs`: what
 * for). `npm test` installs ffmpeg, so a skip only happens on a machine set up by hand.
 */
export function ffmpegInstalledFor(needs: string): boolean {
  try {
    execFileSync('ffmpeg', ['-hide_banner', '-version'], { stdio: 'ignore' });
    return true;
  } catch {
    console.log(`skipped: ffmpeg is not installed, ${needs}`);
    return false;
  }
}

export function mediaTestConfig(): MediaConfig {
  const config = defaultMediaConfig();
  config.embedded = { ...config.embedded, rtmpPort: 0, reconnectGraceSeconds: 0, hlsSegmentSeconds: 1 };
  return config;
}

const pushes = new Set<ChildProcess>();

/** TOOLCHAIN.md's test source, small and 1 s keyframes to spare the CPU; stops after `seconds`. */
export function pushTestStream(url: string, seconds = 60): ChildProcess {
  return spawnPush([
    ...['-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-c:a', 'aac', '-f', 'flv', url],
  ]);
}

/** What an encoder sends: both tracks, one of them, or both with timestamps starting at 100 s. */
export type EncoderTracks = 'audio+video' | 'video-only' | 'audio-only' | 'ts-offset-100s';

/**
 * ffmpeg pushes of the shapes real encoders send: no audio track (a camera without a microphone),
 * no video (a radio commentary), or a timeline that starts at 100 s (a relay of another server's
 * stream, an encoder resuming). Same small test source as pushTestStream.
 */
export function pushEncoderCase(url: string, tracks: EncoderTracks, seconds = 30): ChildProcess {
  const video = ['-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25'];
  const audio = ['-f', 'lavfi', '-i', 'sine=frequency=440'];
  const videoCodec = ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25'];
  const audioCodec = ['-c:a', 'aac'];
  const out = ['-t', String(seconds)];
  switch (tracks) {
    case 'audio+video':
      return spawnPush([...video, ...audio, ...out, ...videoCodec, ...audioCodec, '-f', 'flv', url]);
    case 'video-only':
      return spawnPush([...video, ...out, ...videoCodec, '-an', '-f', 'flv', url]);
    case 'audio-only':
      return spawnPush([...audio, ...out, '-vn', ...audioCodec, '-f', 'flv', url]);
    case 'ts-offset-100s':
      return spawnPush([...video, ...audio, ...out, ...videoCodec, ...audioCodec, '-output_ts_offset', '100', '-f', 'flv', url]);
  }
}

/**
 * Random noise, losslessly encoded: every video message is hundreds of KB, like the keyframes of
 * a real high-bitrate encoder (what the admitted message bound must leave room for). 5 fps.
 */
export function pushLargeFrameStream(url: string, seconds = 30): ChildProcess {
  return spawnPush([
    ...['-f', 'lavfi', '-i', 'nullsrc=size=640x360:rate=5,geq=lum=random(1)*255:cb=128:cr=128', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-g', '5', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'flv', url],
  ]);
}

function spawnPush(args: string[]): ChildProcess {
  const child = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-re', ...args], { stdio: 'ignore' });
  pushes.add(child);
  child.once('exit', () => pushes.delete(child));
  return child;
}

/** Resolves with the exit code (null when killed by a signal). */
export function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Kills every ffmpeg the tests started (afterAll). */
export async function killPushes(): Promise<void> {
  const running = [...pushes];
  for (const child of running) child.kill('SIGKILL');
  await Promise.all(running.map(exitOf));
}

export async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Opens an HTTP-FLV stream, reads its first `bytes` and hangs up (its own connection, no pool). */
export function readFlvStart(url: string, bytes = 4096): Promise<{ status: number; contentType: string | undefined; head: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false }, (response) => {
      let head = Buffer.alloc(0);
      response.on('data', (chunk: Buffer) => {
        head = Buffer.concat([head, chunk]);
        if (head.length < bytes) return;
        request.destroy();
        resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'], head });
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'], head }));
    });
    request.on('error', reject);
  });
}

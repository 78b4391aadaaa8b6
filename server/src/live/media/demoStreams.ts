import { type ChildProcess, spawn } from 'node:child_process';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { DEMO_ANCHORS } from '../seedDemoRooms';
import type { Database } from '../../infra/db/schema';
import { stopFfmpeg } from './ffmpeg';
import { streamNameFor } from './playbackUrls';
import { pushSignature } from './pushSignature';

/** A demo push that dies is restarted after this long. */
const RESTART_MS = 5_000;
const KEY_TTL_SECONDS = 7 * 24 * 3600;

export interface DemoStreamsOptions {
  db: Kysely<Database>;
  ffmpegPath: string;
  secret: string;
  rtmpPort: number;
  count: number;
  log: FastifyBaseLogger;
}

/**
 * DEMO_STREAMS=N (off by default; each costs a share of a core): ffmpeg pushes a test pattern
 * into the first N seeded demo rooms through the real ingest, signed like any anchor's push, so
 * a fresh `npm start` shows live video. Stopped with the server.
 */
export async function startDemoStreams(options: DemoStreamsOptions): Promise<() => Promise<void>> {
  const mobiles = DEMO_ANCHORS.slice(0, options.count).map((anchor) => anchor.mobile);
  if (mobiles.length === 0) return async () => undefined;
  const rooms = await options.db
    .selectFrom('live_room')
    .innerJoin('app_user', 'app_user.id', 'live_room.owner_id')
    .select(['live_room.id', 'live_room.stream_key_version'])
    .where('app_user.mobile', 'in', mobiles)
    .execute();
  let stopped = false;
  const children = new Set<ChildProcess>();
  const timers = new Set<NodeJS.Timeout>();

  const push = (room: { id: number; stream_key_version: number }, index: number) => {
    if (stopped) return;
    const stream = streamNameFor(room.id);
    const sign = pushSignature(options.secret, stream, Math.floor(Date.now() / 1000) + KEY_TTL_SECONDS, room.stream_key_version);
    const child = spawn(options.ffmpegPath, demoArgs(`rtmp://127.0.0.1:${options.rtmpPort}/live/${stream}?sign=${sign}`, index), { stdio: 'ignore' });
    children.add(child);
    child.once('error', (error) => options.log.warn({ err: error, stream }, 'demo stream: ffmpeg did not start'));
    child.once('exit', (code) => {
      children.delete(child);
      if (stopped) return;
      options.log.warn({ stream, code }, 'demo stream stopped: restarting');
      const timer = setTimeout(() => {
        timers.delete(timer);
        push(room, index);
      }, RESTART_MS);
      timers.add(timer);
    });
  };
  rooms.forEach(push);
  options.log.info({ rooms: rooms.map((room) => room.id) }, 'demo streams pushing');

  return async () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    await Promise.all([...children].map((child) => stopFfmpeg(child)));
  };
}

/** TOOLCHAIN.md's test source; a different tone per room. */
function demoArgs(url: string, index: number): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-re'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25', '-f', 'lavfi', '-i', `sine=frequency=${440 + index * 110}`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '50', '-c:a', 'aac', '-f', 'flv', url],
  ];
}

import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema';
import { DEMO_ANCHORS } from '../seedDemoRooms';
import { type DemoClipSpec, ensureDemoClip, findCjkFont } from './demoClip';
import { stopFfmpeg } from './ffmpeg';
import { streamNameFor } from './playbackUrls';
import { pushSignature } from './pushSignature';

/** A pusher that dies is started again after 1 s, then 2, 4 … up to this. */
const MAX_RESTART_MS = 30_000;
const FIRST_RESTART_MS = 1_000;
/** A pusher that ran this long was healthy: its next restart waits FIRST_RESTART_MS again. */
const HEALTHY_RUN_MS = 60_000;
/** Each (re)start signs a fresh key; a day is plenty for one ffmpeg run. */
const KEY_TTL_SECONDS = 24 * 3600;
export const DEMO_CLIPS_DIR = 'demo-clips';

/** The order rooms are picked in: one of each category before a second of any. */
const CATEGORY_ORDER: readonly { type: number; label: string; toneHz: number }[] = [
  { type: 1, label: 'FOOTBALL', toneHz: 440 },
  { type: 2, label: 'BASKETBALL', toneHz: 550 },
  { type: 3, label: 'ESPORTS', toneHz: 660 },
  { type: 4, label: 'GENERAL', toneHz: 770 },
];

export interface DemoStreamsOptions {
  db: Kysely<Database>;
  ffmpegPath: string;
  secret: string;
  /** Where the ingest listens (a wildcard address is reached on loopback). */
  rtmpHost: string;
  rtmpPort: number;
  /** How many demo rooms broadcast (DEMO_STREAMS). */
  count: number;
  dataDir: string;
  log: FastifyBaseLogger;
}

export interface DemoRoom {
  id: number;
  title: string;
  type: number;
}

/**
 * DEMO_STREAMS (issue 15): the first `count` rooms of the seeded demo anchors, across categories,
 * broadcast a clip each so a fresh `npm start` looks alive. Each clip is encoded once into
 * DATA_DIR (demoClip.ts, in the background at low priority: the start is not held up), then one
 * ffmpeg per room loops it into the real ingest with stream copy (`-stream_loop -1 -re -c copy`:
 * no encoding, well under 2 % of a core), signed like any anchor's push. A pusher that dies is
 * restarted with backoff; the returned function stops everything (the server closing).
 */
export function startDemoStreams(options: DemoStreamsOptions): () => Promise<void> {
  const { log } = options;
  const aborter = new AbortController();
  const pushers = new Map<number, ChildProcess>();
  const timers = new Set<NodeJS.Timeout>();
  const stopped = () => aborter.signal.aborted;

  const push = (room: DemoRoom, clip: string, failures: number) => {
    if (stopped()) return;
    void signedPushUrl(options, room.id).then((url) => {
      if (stopped()) return;
      if (url === null) {
        log.warn({ roomId: room.id }, 'demo stream: the room is gone, not pushing');
        return;
      }
      const child = spawn(options.ffmpegPath, loopArgs(clip, url), { stdio: 'ignore' });
      const startedAt = Date.now();
      pushers.set(room.id, child);
      log.info({ roomId: room.id, ffmpegPid: child.pid, clip }, 'demo stream pushing');
      child.once('error', (error) => log.warn({ err: error, roomId: room.id }, 'demo stream: ffmpeg did not start'));
      child.once('exit', (code, signal) => {
        if (pushers.get(room.id) === child) pushers.delete(room.id);
        if (stopped()) return;
        const healthy = Date.now() - startedAt >= HEALTHY_RUN_MS;
        const nextFailures = healthy ? 0 : failures + 1;
        const delay = Math.min(MAX_RESTART_MS, FIRST_RESTART_MS * 2 ** (nextFailures === 0 ? 0 : nextFailures - 1));
        // SIGINT/SIGTERM: Ctrl-C reached the process group (the server is about to stop it all), or ops.
        const level = signal === 'SIGINT' || signal === 'SIGTERM' ? 'info' : 'warn';
        log[level]({ roomId: room.id, code, signal, restartInMs: delay }, 'demo stream stopped: restarting');
        const timer = setTimeout(() => {
          timers.delete(timer);
          push(room, clip, nextFailures);
        }, delay);
        timers.add(timer);
      });
    }, (error: unknown) => log.warn({ err: error, roomId: room.id }, 'demo stream: could not sign its push'));
  };

  const run = (async () => {
    const rooms = await pickDemoRooms(options.db, options.count);
    if (rooms.length === 0) {
      log.warn('demo streams: no demo rooms seeded (they are seeded outside production only)');
      return;
    }
    const fontFile = await findCjkFont();
    const dir = path.join(options.dataDir, DEMO_CLIPS_DIR);
    // One encode at a time: a start on a small machine keeps a core for the site.
    for (const room of rooms) {
      if (stopped()) return;
      const clip = await ensureDemoClip({ ffmpegPath: options.ffmpegPath, dir, spec: clipSpecOf(room), fontFile, log, signal: aborter.signal }).catch((error: unknown) => {
        if (!stopped()) log.warn({ err: error, roomId: room.id }, 'demo stream: its clip could not be encoded; the room stays offline');
        return null;
      });
      if (clip !== null) push(room, clip.path, 0);
    }
  })().catch((error: unknown) => log.warn({ err: error }, 'demo streams did not start'));

  return async () => {
    aborter.abort();
    for (const timer of timers) clearTimeout(timer);
    await run;
    await Promise.all([...pushers.values()].map((child) => stopFfmpeg(child)));
  };
}

/**
 * Rooms of the seeded demo anchors, one per category in CATEGORY_ORDER, then a second of each,
 * up to `count`.
 */
export async function pickDemoRooms(db: Kysely<Database>, count: number): Promise<DemoRoom[]> {
  if (count <= 0) return [];
  const rooms = await db
    .selectFrom('live_room')
    .innerJoin('app_user', 'app_user.id', 'live_room.owner_id')
    .select(['live_room.id', 'live_room.title', 'live_room.type'])
    .where('app_user.mobile', 'in', DEMO_ANCHORS.map((anchor) => anchor.mobile))
    .orderBy('live_room.id')
    .execute();
  const byCategory = CATEGORY_ORDER.map((category) => rooms.filter((room) => room.type === category.type));
  const picked: DemoRoom[] = [];
  for (let round = 0; picked.length < count && byCategory.some((list) => list.length > round); round += 1) {
    for (const list of byCategory) {
      const room = list[round];
      if (room !== undefined && picked.length < count) picked.push({ id: room.id, title: room.title, type: room.type });
    }
  }
  return picked;
}

function clipSpecOf(room: DemoRoom): DemoClipSpec {
  const category = CATEGORY_ORDER.find((entry) => entry.type === room.type);
  return { roomId: room.id, title: room.title, category: category?.label ?? 'LIVE', toneHz: category?.toneHz ?? 440 };
}

/** Signed with the room's current key version (read at each start: an anchor may have reset it). */
async function signedPushUrl(options: DemoStreamsOptions, roomId: number): Promise<string | null> {
  const room = await options.db.selectFrom('live_room').select(['stream_key_version']).where('id', '=', roomId).executeTakeFirst();
  if (room === undefined) return null;
  const stream = streamNameFor(roomId);
  const sign = pushSignature(options.secret, stream, Math.floor(Date.now() / 1000) + KEY_TTL_SECONDS, room.stream_key_version);
  return `rtmp://${connectHost(options.rtmpHost)}:${options.rtmpPort}/live/${stream}?sign=${sign}`;
}

function connectHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** The clip looped forever at its own pace, copied as it is (never encoded again). */
export function loopArgs(clip: string, url: string): string[] {
  return [...['-hide_banner', '-loglevel', 'error', '-nostdin'], ...['-stream_loop', '-1', '-re', '-i', clip], ...['-c', 'copy', '-f', 'flv', url]];
}

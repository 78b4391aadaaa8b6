/**
 * `pnpm bench:demo-streams` (`--quick`: 10 s windows): what a demo room's broadcast costs (issue 15,
 * target under 2 % of one core per stream). The real server (`src/main.ts`) runs in its own process
 * on free ports with DEMO_STREAMS=N: it encodes each room's clip once (timed from its log) and loops
 * it into its own ingest with stream copy. CPU is read from /proc:
 *
 * 1. Demo streams: for BENCH_DEMO_SECONDS, the pusher ffmpeg processes (copy), the HLS packagers
 *    (ffmpeg -c copy, one per live room, there for any stream) and the server process (ingest,
 *    HTTP-FLV), each as % of one core per stream.
 * 2. Baseline, in the same run: the same clips pushed by N more ffmpeg processes WITH encoding
 *    (libx264 veryfast + AAC, the settings demo streams used before: a test pattern encoded live)
 *    into N other demo rooms, signed the same way; their CPU per stream, and the ratio.
 *
 * Exit 1 when a stream did not go live or the pushers' figure misses the target.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pushSignature, type ServerProcess, startServerProcess, streamNameFor } from '@sports/server/bench';
import { processCpuMs } from '../common/cpu';
import { openPostgres } from '../common/postgres';
import { childProcesses } from './processes';

const QUICK = process.argv.includes('--quick') || process.env.BENCH_DEMO_QUICK === '1';
/** Demo streams (the server's default is 4); the baseline takes as many of the other 4 seeded rooms. */
const STREAMS = Number(process.env.BENCH_DEMO_STREAMS ?? 4);
const SECONDS = Number(process.env.BENCH_DEMO_SECONDS ?? (QUICK ? 10 : 30));
const SETTLE_SECONDS = 5;
const TARGET_PERCENT = 2;
const SEEDED_DEMO_ROOMS = 8;

const log = (line: string) => console.log(`[bench:demo-streams] ${line}`);

interface Window {
  /** CPU ms of each group over the window (a process that ended in it counts up to then). */
  cpuMs: Record<string, number>;
  seconds: number;
}

/** CPU of each group's processes (asked again at the end: a restarted pusher is a new pid) over `seconds`. */
async function measure(groups: Record<string, () => number[]>, seconds: number): Promise<Window> {
  const pidsAtStart = Object.fromEntries(Object.entries(groups).map(([name, pids]) => [name, pids()]));
  const start = new Map(Object.values(pidsAtStart).flat().map((pid) => [pid, processCpuMs(pid)]));
  const startedAt = process.hrtime.bigint();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const elapsed = Number(process.hrtime.bigint() - startedAt) / 1e9;
  const cpuMs: Record<string, number> = {};
  for (const [name, pids] of Object.entries(groups)) {
    const all = new Set([...(pidsAtStart[name] ?? []), ...pids()]);
    cpuMs[name] = [...all].reduce((sum, pid) => sum + Math.max(0, processCpuMs(pid) - (start.get(pid) ?? 0)), 0);
  }
  return { cpuMs, seconds: elapsed };
}

/** % of one core per stream that `group` used in `window`. */
function percentPerStream(window: Window, group: string, streams: number): number {
  return (((window.cpuMs[group] ?? 0) / (window.seconds * 1000)) * 100) / Math.max(streams, 1);
}

const pct = (value: number) => `${value.toFixed(2)} %`;

/** Resolves once `/live/room<id>.flv` answers 200 and sends `bytes`. */
function flvStreams(baseUrl: string, roomId: number, bytes = 64 * 1024): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(`${baseUrl}/live/${streamNameFor(roomId)}.flv`, { agent: false }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        resolve(false);
        return;
      }
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received >= bytes) {
          request.destroy();
          resolve(true);
        }
      });
      response.on('end', () => resolve(false));
    });
    request.on('error', () => resolve(false));
    request.setTimeout(15_000, () => request.destroy());
  });
}

async function until<T>(probe: () => Promise<T | null> | T | null, what: string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The pushers the server runs now, by room (its log names each one it starts). */
function demoPushers(server: ServerProcess): Map<number, { pid: number; clip: string }> {
  const pushers = new Map<number, { pid: number; clip: string }>();
  for (const line of server.logs) {
    if (line.msg === 'demo stream pushing') pushers.set(line.roomId as number, { pid: line.ffmpegPid as number, clip: line.clip as string });
  }
  return pushers;
}

/** The same clip, looped, but encoded again on the way (what demo streams cost before). */
function reencodingPush(clip: string, url: string): ChildProcess {
  return spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-stream_loop', '-1', '-re', '-i', clip],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '25', '-c:a', 'aac', '-f', 'flv', url],
    ],
    { stdio: 'ignore' },
  );
}

async function main(): Promise<number> {
  if (!Number.isInteger(STREAMS) || STREAMS < 1 || STREAMS > SEEDED_DEMO_ROOMS / 2) throw new Error(`BENCH_DEMO_STREAMS must be 1-${SEEDED_DEMO_ROOMS / 2} (the baseline takes as many of the other seeded rooms)`);
  log(`${STREAMS} demo streams, ${SECONDS} s per window; ${os.cpus().length} cores, load average before the run ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  const postgres = await openPostgres(log);
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bench-demo-streams-'));
  const secret = randomBytes(24).toString('hex');
  const baselinePushers: ChildProcess[] = [];
  try {
    log('starting the server (src/main.ts) in its own process on free ports, a fresh database and DATA_DIR');
    const server = await startServerProcess(postgres.adminUrl, { DEMO_STREAMS: String(STREAMS), DATA_DIR: dataDir, MEDIA_SIGNING_SECRET: secret, LOG_LEVEL: 'info' });
    try {
      const pushers = await until(() => (demoPushers(server).size >= STREAMS ? demoPushers(server) : null), `${STREAMS} demo pushers`, 120_000);
      const encodes = server.logs.filter((line) => line.msg === 'demo clip encoded').map((line) => line.ms as number);
      for (const roomId of pushers.keys()) await until(async () => ((await flvStreams(server.httpUrl, roomId)) ? true : null), `room${roomId}.flv`, 30_000);
      log(`rooms ${[...pushers.keys()].join(', ')} live and streaming FLV; clips encoded once in ${encodes.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')} (low priority, in the background)`);
      await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));

      const restartsBefore = server.logs.filter((line) => line.msg === 'demo stream stopped: restarting').length;
      const pusherPids = () => [...demoPushers(server).values()].map((pusher) => pusher.pid);
      const packagerPids = () => childProcesses(server.pid).filter((child) => child.comm === 'ffmpeg' && !pusherPids().includes(child.pid)).map((child) => child.pid);
      log(`window 1: demo streams only, ${SECONDS} s`);
      const demo = await measure({ server: () => [server.pid], pushers: pusherPids, packagers: packagerPids }, SECONDS);
      const restarts = server.logs.filter((line) => line.msg === 'demo stream stopped: restarting').length - restartsBefore;
      const pushersPercent = percentPerStream(demo, 'pushers', STREAMS);
      const packagersPercent = percentPerStream(demo, 'packagers', STREAMS);
      const serverPercent = percentPerStream(demo, 'server', STREAMS);

      // Baseline: as many other seeded rooms, each fed one of the same clips, encoded again.
      const db = server.database.handle.db;
      const others = await db.selectFrom('live_room').select(['id', 'stream_key_version']).where('id', 'not in', [...pushers.keys()]).where('stream_status', '=', 'offline').orderBy('id').limit(STREAMS).execute();
      if (others.length < STREAMS) throw new Error(`only ${others.length} other rooms for the baseline`);
      const rtmp = `rtmp://127.0.0.1:${server.rtmpPort}/live`;
      const clips = [...pushers.values()].map((pusher) => pusher.clip);
      others.forEach((room, index) => {
        const stream = streamNameFor(room.id);
        const sign = pushSignature(secret, stream, Math.floor(Date.now() / 1000) + 3600, room.stream_key_version);
        baselinePushers.push(reencodingPush(clips[index % clips.length] as string, `${rtmp}/${stream}?sign=${sign}`));
      });
      for (const room of others) await until(async () => ((await flvStreams(server.httpUrl, room.id)) ? true : null), `baseline room${room.id}.flv`, 30_000);
      await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
      log(`window 2: baseline, the same clips encoded again by ${STREAMS} more pushers, ${SECONDS} s`);
      const baselinePids = baselinePushers.map((child) => child.pid as number);
      const baseline = await measure({ pushers: () => baselinePids }, SECONDS);
      const baselinePercent = percentPerStream(baseline, 'pushers', STREAMS);
      const exited = baselinePushers.filter((child) => child.exitCode !== null || child.signalCode !== null).length;

      const met = pushersPercent < TARGET_PERCENT && restarts === 0;
      console.log('');
      console.log(`Demo streams: ${STREAMS} rooms looping a 16 s clip (640x360 25 fps H.264 ~600 kbit/s + AAC) into the real server's ingest; ${os.cpus().length} cores shared with whatever else runs; % of one core per stream over ${demo.seconds.toFixed(1)} s`);
      console.log(`  demo pusher (ffmpeg -stream_loop -1 -re -c copy): ${pct(pushersPercent)} per stream (target < ${TARGET_PERCENT} %: ${pushersPercent < TARGET_PERCENT ? 'met' : 'NOT met'})${restarts > 0 ? `; ${restarts} pusher restarts in the window` : ''}`);
      console.log(`  HLS packager (ffmpeg -c copy, any live stream):   ${pct(packagersPercent)} per stream`);
      console.log(`  server process (RTMP ingest, HLS feed):           ${pct(serverPercent)} per stream`);
      console.log(`  all of a demo stream:                             ${pct(pushersPercent + packagersPercent + serverPercent)} per stream`);
      console.log(`  baseline, the same clip encoded again (libx264 veryfast + AAC): ${pct(baselinePercent)} per stream${exited > 0 ? ` (${exited} baseline pushers exited early)` : ''}`);
      console.log(`  ratio demo pusher / baseline: ${(pushersPercent / Math.max(baselinePercent, 1e-9)).toFixed(3)} (${(baselinePercent / Math.max(pushersPercent, 1e-9)).toFixed(0)}x cheaper)`);
      console.log(`  one-time clip encode (wall time): ${encodes.length === 0 ? 'none (cached)' : encodes.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')} of a low-priority ffmpeg`);
      return met && exited === 0 ? 0 : 1;
    } finally {
      for (const child of baselinePushers) child.kill('SIGKILL');
      await server.stop();
    }
  } finally {
    await postgres.stop();
    await fsp.rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

/**
 * `pnpm bench:video` (`--quick`: shorter windows): glass-to-glass latency of a live room's video
 * and the cost of many viewers (issue 15). One run, against the real server (src/main.ts in its
 * own process on free HTTP and RTMP ports, a fresh database):
 *
 * - an ffmpeg encoder pushes a 2 Mbit/s 25 fps stream whose every FLV timestamp is the wall time
 *   the frame was made (stampedEncoder.ts);
 * - (a) a Node client reading /live/room<id>.flv: frame made → its tag arrives;
 * - (b) Chromium playing the same FLV with mf-live's player settings (viewerPage.ts): the buffer
 *   ahead of the picture; (a + b) is glass-to-glass; also the direct per-frame measure where
 *   Chromium reports presented frames, the player's own delay and stalls;
 * - (c) the baseline: the same stream over HLS with hls.js, now − the playing frame's
 *   EXT-X-PROGRAM-DATE-TIME (on the ingest's clock, streamClock.ts), stalls;
 * - 200 FLV viewers of the stream from a separate process (viewerFleet.ts): none may fall more
 *   than 1 s behind; the server's CPU per viewer (its /proc time over the window, less an equal
 *   window without them) and the load generator's CPU.
 *
 * - two nodes (twoNodes.ts, issue 37): the push on node A, 500 FLV viewers on node B against
 *   viewers on A in the same window; `--two-nodes` runs this part only;
 * - issue 37's edge and latency figures (edgeParts.ts): FLV glass-to-glass over 5 minutes with the
 *   buffer controller, HLS at the node and through nginx, 500 HLS viewers through nginx against the
 *   same viewers direct; `--edge` runs this part only.
 *
 * Prints PASS/FAIL per target; exit 1 when one fails or a part could not run.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { pushSignature, type ServerProcess, startServerProcess, streamNameFor } from '@sports/server/bench';
import { FLV_LATENCY, HLS_LATENCY } from 'mf-live/latencySettings';
import { openPostgres } from '../common/postgres';
import { createRoom, flvLive, launchBenchChromium, runFleet, serverCpuOver, sleep } from './benchServers';
import { pushStampedStream } from './stampedEncoder';
import { ms, percentile } from './stats';
import { runEdgeParts } from './edgeParts';
import { readArrivals } from './glassToGlass';
import { runTwoNodes } from './twoNodes';
import { openViewerPage, readViewerPage, type PageResult } from './viewerPage';

const QUICK = process.argv.includes('--quick');
const TWO_NODES_ONLY = process.argv.includes('--two-nodes');
const EDGE_ONLY = process.argv.includes('--edge');
const WINDOW_SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? (QUICK ? 12 : 30));
const WARMUP_MS = 4_000;
const HLS_WARMUP_MS = 8_000;
const VIEWERS = Number(process.env.BENCH_VIDEO_VIEWERS ?? 200);
const FLV_G2G_P95_TARGET_MS = 500;
const HLS_P95_TARGET_MS = 4_000;
const FLEET_MAX_LAG_MS = 1_000;

const log = (line: string) => console.log(`[bench:video] ${line}`);

async function until<T>(probe: () => Promise<T | null>, what: string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

function pass(ok: boolean): string {
  return ok ? 'PASS' : 'FAIL';
}

function bufferFigures(result: PageResult): number[] {
  return result.samples.filter((sample) => sample.at - (result.playingAt ?? 0) >= WARMUP_MS).map((sample) => sample.bufferMs);
}

function delayFigures(result: PageResult, warmupMs: number): number[] {
  return result.samples.filter((sample) => sample.at - (result.playingAt ?? 0) >= warmupMs && sample.delayMs !== null).map((sample) => sample.delayMs as number);
}

/**
 * How long ago (by the program dates) the playlist's newest segment ended: a check of the dates
 * themselves, independent of hls.js (0 … a segment and a keyframe when they are right).
 */
async function newestSegmentAge(url: string): Promise<number> {
  const text = await (await fetch(url)).text();
  const fetchedAt = Date.now();
  const entries = [...text.matchAll(/#EXTINF:([0-9.]+),\n#EXT-X-PROGRAM-DATE-TIME:(.+)\n/g)];
  const newest = entries[entries.length - 1];
  return newest === undefined ? Number.NaN : fetchedAt - (Date.parse(newest[2] as string) + Number(newest[1]) * 1000);
}

/** A 'waiting' shorter than a frame (25 fps) froze nothing a viewer could see: a blip, not a stall. */
const FRAME_MS = 40;

/**
 * Stalls after the warm-up (the target: the picture froze for longer than a frame, or never came
 * back), those while the player was starting, sub-frame blips, and the time frozen in all.
 */
function stalls(result: PageResult, warmupMs: number): { steady: number; starting: number; blips: number; ms: number } {
  let steady = 0;
  let starting = 0;
  let blips = 0;
  result.stallsAt.forEach((at, index) => {
    const lasted = result.stallMs[index] ?? Number.POSITIVE_INFINITY;
    if (at - (result.playingAt ?? 0) < warmupMs) starting += 1;
    else if (lasted < FRAME_MS) blips += 1;
    else steady += 1;
  });
  return { steady, starting, blips, ms: result.stallMs.reduce((sum, value) => sum + value, 0) };
}

async function main(): Promise<number> {
  log(`${WINDOW_SECONDS} s windows, ${VIEWERS} viewers; ${os.cpus().length} cores, load average before ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  const postgres = await openPostgres(log);
  if (TWO_NODES_ONLY || EDGE_ONLY) {
    try {
      const ok = TWO_NODES_ONLY
        ? await runTwoNodes({ adminUrl: postgres.adminUrl, windowSeconds: WINDOW_SECONDS, warmupMs: WARMUP_MS, log })
        : await runEdgeParts(postgres.adminUrl);
      return ok ? 0 : 1;
    } finally {
      await postgres.stop();
    }
  }
  const secret = randomBytes(24).toString('hex');
  let encoder: ChildProcess | null = null;
  let server: ServerProcess | null = null;
  const browser = await launchBenchChromium();
  try {
    log('starting the server (src/main.ts) on free ports, a fresh database');
    server = await startServerProcess(postgres.adminUrl, { MEDIA_SIGNING_SECRET: secret });
    const room = await createRoom(server);
    const stream = streamNameFor(room.id);
    const sign = pushSignature(secret, stream, Math.floor(Date.now() / 1000) + 3600, room.keyVersion);
    const t0 = Date.now();
    const totalSeconds = 4 * WINDOW_SECONDS + 60;
    encoder = pushStampedStream(`rtmp://127.0.0.1:${server.rtmpPort}/live/${stream}?sign=${sign}`, t0, totalSeconds);
    let encoderErrors = '';
    encoder.stderr?.on('data', (chunk: Buffer) => {
      encoderErrors = (encoderErrors + chunk.toString()).slice(-2_000);
    });
    const flvUrl = `${server.httpUrl}/live/${stream}.flv`;
    const hlsUrl = `${server.httpUrl}/live/${stream}/index.m3u8`;
    await until(async () => ((await flvLive(flvUrl)) ? true : null), `${stream}.flv (encoder: ${encoderErrors})`, 30_000);
    log(`room ${room.id} live; encoder 640x360 25 fps x264 zerolatency, 1 s GOP, CBR 2 Mbit/s, frames stamped with their made time`);

    log(`FLV: a Node client (a) and Chromium with mf-live's player settings (b), ${WINDOW_SECONDS} s`);
    const flvPage = await browser.newPage();
    const [arrivals] = await Promise.all([readArrivals(flvUrl, WINDOW_SECONDS, t0), openViewerPage(flvPage, server.httpUrl, { kind: 'flv', url: flvUrl, config: FLV_LATENCY, t0 }).then(() => sleep(WINDOW_SECONDS * 1000))]);
    const flv = await readViewerPage(flvPage);
    await flvPage.close();

    log(`HLS baseline: Chromium with hls.js and mf-live's settings, ${WINDOW_SECONDS} s after ${HLS_WARMUP_MS / 1000} s`);
    const hlsPage = await browser.newPage();
    await openViewerPage(hlsPage, server.httpUrl, { kind: 'hls', url: hlsUrl, config: HLS_LATENCY });
    await sleep(WINDOW_SECONDS * 1000 + HLS_WARMUP_MS);
    const hls = await readViewerPage(hlsPage);
    await hlsPage.close();
    const playlistAge = await newestSegmentAge(hlsUrl);

    log(`server CPU without viewers, ${WINDOW_SECONDS} s`);
    const idle = await serverCpuOver(server, WINDOW_SECONDS);
    log(`${VIEWERS} FLV viewers from a separate process, ${WINDOW_SECONDS} s`);
    const fleetRun = runFleet(flvUrl, VIEWERS, WINDOW_SECONDS, t0, WARMUP_MS);
    const loaded = await serverCpuOver(server, WINDOW_SECONDS, fleetRun);
    const fleet = await fleetRun;

    // Figures.
    const a = { p50: percentile(arrivals, 50), p95: percentile(arrivals, 95) };
    const flvBuffer = bufferFigures(flv);
    const b = { p50: percentile(flvBuffer, 50), p95: percentile(flvBuffer, 95) };
    const g2g = { p50: a.p50 + b.p50, p95: a.p95 + b.p95 };
    const direct = flv.framesMs.slice(Math.floor(flv.framesMs.length * (WARMUP_MS / (WINDOW_SECONDS * 1000))));
    const flvOwn = delayFigures(flv, WARMUP_MS);
    const hlsDelay = delayFigures(hls, WARMUP_MS);
    const hlsBuffer = hls.samples.map((sample) => sample.bufferMs);
    const behind = fleet.viewers.filter((viewer) => viewer.maxLagMs > FLEET_MAX_LAG_MS || viewer.frames === 0);
    const idleRate = idle.cpuMs / idle.seconds;
    const loadedRate = loaded.cpuMs / loaded.seconds;
    const perViewerPercent = (((loadedRate - idleRate) / 1000) * 100) / VIEWERS;
    const fleetPercent = ((fleet.cpuMs / fleet.seconds / 1000) * 100);
    const fleetMbit = (fleet.viewers.reduce((sum, viewer) => sum + viewer.bytes, 0) * 8) / fleet.seconds / 1e6;

    const flvStalls = stalls(flv, WARMUP_MS);
    const hlsStalls = stalls(hls, WARMUP_MS);
    const flvOk = g2g.p95 <= FLV_G2G_P95_TARGET_MS && flvStalls.steady === 0 && arrivals.length > 0 && flvBuffer.length > 0;
    const hlsOk = percentile(hlsDelay, 95) <= HLS_P95_TARGET_MS && hlsStalls.steady === 0 && hlsDelay.length > 0;
    const fleetOk = behind.length === 0 && fleet.viewers.length === VIEWERS;

    console.log('');
    console.log(`Video latency (${os.cpus().length} cores shared with the encoder, Chromium and whatever else runs; windows of ${WINDOW_SECONDS} s after a ${WARMUP_MS / 1000} s warm-up)`);
    console.log('                                             p50        p95');
    console.log(`  (a) frame made -> FLV tag at a client   ${ms(a.p50)}   ${ms(a.p95)}   (${arrivals.length} frames)`);
    console.log(`  (b) FLV player buffer (mpegts.js)       ${ms(b.p50)}   ${ms(b.p95)}   (${flvBuffer.length} samples)`);
    console.log(`  (a+b) FLV glass-to-glass                ${ms(g2g.p50)}   ${ms(g2g.p95)}   target p95 <= ${FLV_G2G_P95_TARGET_MS} ms, no stalls (${flvStalls.steady}; ${flvStalls.starting} while starting, ${flvStalls.blips} sub-frame blips, ${flvStalls.ms} ms frozen): ${pass(flvOk)}`);
    console.log(`      direct, presented frames (rVFC)     ${ms(percentile(direct, 50))}   ${ms(percentile(direct, 95))}   (${direct.length} frames; includes decode and compositing)`);
    console.log(`      the player's own delay (player:delay) ${ms(percentile(flvOwn, 50))} ${ms(percentile(flvOwn, 95))}`);
    console.log(`  (c) HLS baseline, now - playing PDT     ${ms(percentile(hlsDelay, 50))}   ${ms(percentile(hlsDelay, 95))}   target p95 <= ${HLS_P95_TARGET_MS} ms, no stalls (${hlsStalls.steady}; ${hlsStalls.starting} while starting, ${hlsStalls.blips} sub-frame blips, ${hlsStalls.ms} ms frozen): ${pass(hlsOk)}`);
    console.log(`      HLS buffer (hls.js)                 ${ms(percentile(hlsBuffer, 50))}   ${ms(percentile(hlsBuffer, 95))}`);
    console.log(`      the playlist's newest segment ended ${playlistAge.toFixed(0)} ms before it was fetched (by its program date)`);
    console.log(`  ratio FLV glass-to-glass / HLS (p95): ${(g2g.p95 / percentile(hlsDelay, 95)).toFixed(2)}`);
    console.log('');
    console.log(`${VIEWERS} FLV viewers of one 2 Mbit/s stream (separate process, ${fleetMbit.toFixed(0)} Mbit/s received in all)`);
    console.log(`  lag made -> arrival, all viewers: p50 ${ms(percentile(fleet.lagsMs, 50))}, p95 ${ms(percentile(fleet.lagsMs, 95))}, max ${ms(Math.max(...fleet.viewers.map((viewer) => viewer.maxLagMs)))}`);
    console.log(`  viewers more than ${FLEET_MAX_LAG_MS} ms behind (or without frames): ${behind.length}: ${pass(fleetOk)}`);
    console.log(`  server CPU: ${((idleRate / 1000) * 100).toFixed(1)} % of a core without viewers (ingest, HLS feed), ${((loadedRate / 1000) * 100).toFixed(1)} % with them: ${perViewerPercent.toFixed(3)} % of a core per viewer (${((loadedRate - idleRate) / VIEWERS).toFixed(2)} ms CPU per viewer-second)`);
    console.log(`  load generator CPU: ${fleetPercent.toFixed(1)} % of a core (${VIEWERS} readers parsing every tag)`);
    encoder?.kill('SIGKILL');
    encoder = null;
    await server?.stop();
    server = null;
    const twoNodesOk = await runTwoNodes({ adminUrl: postgres.adminUrl, windowSeconds: WINDOW_SECONDS, warmupMs: WARMUP_MS, log });
    const edgeOk = await runEdgeParts(postgres.adminUrl);
    return flvOk && hlsOk && fleetOk && twoNodesOk && edgeOk ? 0 : 1;
  } finally {
    encoder?.kill('SIGKILL');
    await browser.close();
    await server?.stop();
    await postgres.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

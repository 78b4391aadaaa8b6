/**
 * `pnpm bench:video` part 2 (`--two-nodes`: this part only): two nodes on one machine (issue 37).
 * Node A and node B are the real server (src/main.ts) in two processes on distinct free HTTP and
 * RTMP ports and one PostgreSQL. The stamped encoder pushes to A; B pulls the room's FLV from A
 * once (live/media/origin/) and fans it out. The baseline first: 500 FLV viewers on A (the push's
 * own node); then the same 500 on B, in the same run, same stream: lag = arrival − made time of
 * every video frame, p50/p95 on each node and the ratio B/A; the CPU per viewer on each node (its
 * /proc time over its window less an equal window without viewers). Sequential windows with equal
 * counts, so the difference is the pull's, not a bigger fan-out's (two fleets of 500 at once would
 * mostly measure the load generators on a small machine).
 */
import { randomBytes } from 'node:crypto';
import { type ServerProcess, pushSignature, startServerProcess, streamNameFor } from '@sports/server/bench';
import { pushStampedStream } from './stampedEncoder';
import { createRoom, flvLive, runFleet, serverCpuOver } from './benchServers';
import { ms, percentile } from './stats';
import type { FleetResult } from './viewerFleet';

const VIEWERS = Number(process.env.BENCH_VIDEO_TWO_NODE_VIEWERS ?? 500);
/** The pull may add a hop's worth of delay, not a buffer's. */
const EXTRA_P95_TARGET_MS = 150;
const MAX_LAG_MS = 1_000;

export interface TwoNodeOptions {
  adminUrl: string;
  windowSeconds: number;
  warmupMs: number;
  log: (line: string) => void;
}

/** Runs the scenario and prints its figures; true when it passes. */
export async function runTwoNodes({ adminUrl, windowSeconds, warmupMs, log }: TwoNodeOptions): Promise<boolean> {
  const secret = randomBytes(24).toString('hex');
  const env = { MEDIA_SIGNING_SECRET: secret, DEMO_STREAMS: '0' };
  let a: ServerProcess | null = null;
  let b: ServerProcess | null = null;
  let encoder: ReturnType<typeof pushStampedStream> | null = null;
  try {
    log('two nodes: starting node A and node B (src/main.ts) on free ports, one database');
    a = await startServerProcess(adminUrl, env);
    b = await startServerProcess(adminUrl, env, { sharedDatabase: a.database });
    const room = await createRoom(a);
    const stream = streamNameFor(room.id);
    const sign = pushSignature(secret, stream, Math.floor(Date.now() / 1000) + 3600, room.keyVersion);
    const t0 = Date.now();
    encoder = pushStampedStream(`rtmp://127.0.0.1:${a.rtmpPort}/live/${stream}?sign=${sign}`, t0, 3 * windowSeconds + 60);
    const urlA = `${a.httpUrl}/live/${stream}.flv`;
    const urlB = `${b.httpUrl}/live/${stream}.flv`;
    for (const url of [urlA, urlB]) {
      const deadline = Date.now() + 30_000;
      while (!(await flvLive(url))) {
        if (Date.now() > deadline) throw new Error(`${url} did not play within 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    log(`two nodes: room ${room.id} pushed to A plays on B; both nodes without viewers, ${windowSeconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 3_000)); // B's warm-up pull lingers out
    const [idleA, idleB] = await Promise.all([serverCpuOver(a, windowSeconds), serverCpuOver(b, windowSeconds)]);
    log(`two nodes: baseline, ${VIEWERS} FLV viewers on A (the push's node), ${windowSeconds} s`);
    const fleetA = runFleet(urlA, VIEWERS, windowSeconds, t0, warmupMs);
    const loadedA = await serverCpuOver(a, windowSeconds, fleetA);
    const onA = await fleetA;
    log(`two nodes: ${VIEWERS} FLV viewers on B (pulled from A once), ${windowSeconds} s`);
    const fleetB = runFleet(urlB, VIEWERS, windowSeconds, t0, warmupMs);
    const [loadedB, relayA] = await Promise.all([serverCpuOver(b, windowSeconds, fleetB), serverCpuOver(a, windowSeconds, fleetB)]);
    const onB = await fleetB;

    const perViewer = (loaded: { cpuMs: number; seconds: number }, idle: { cpuMs: number; seconds: number }, viewers: number) => (loaded.cpuMs / loaded.seconds - idle.cpuMs / idle.seconds) / viewers;
    const cpuA = perViewer(loadedA, idleA, VIEWERS);
    const cpuB = perViewer(loadedB, idleB, VIEWERS);
    const pullCostA = relayA.cpuMs / relayA.seconds - idleA.cpuMs / idleA.seconds;
    const behind = (fleet: FleetResult) => fleet.viewers.filter((viewer) => viewer.maxLagMs > MAX_LAG_MS || viewer.frames === 0).length;
    const p95A = percentile(onA.lagsMs, 95);
    const p95B = percentile(onB.lagsMs, 95);
    const ok = onB.viewers.length === VIEWERS && behind(onA) === 0 && behind(onB) === 0 && p95B - p95A <= EXTRA_P95_TARGET_MS;

    console.log('');
    console.log(`Two nodes on one machine (issue 37): a 2 Mbit/s push on A; ${VIEWERS} FLV viewers on A (baseline), then ${VIEWERS} on B; ${windowSeconds} s windows`);
    console.log('                                         p50        p95        max       behind > 1 s');
    console.log(`  lag made -> arrival, viewers on A    ${ms(percentile(onA.lagsMs, 50))}   ${ms(p95A)}   ${ms(Math.max(...onA.viewers.map((viewer) => viewer.maxLagMs)))}   ${behind(onA)}`);
    console.log(`  lag made -> arrival, viewers on B    ${ms(percentile(onB.lagsMs, 50))}   ${ms(p95B)}   ${ms(Math.max(...onB.viewers.map((viewer) => viewer.maxLagMs)))}   ${behind(onB)}`);
    const answers = (fleet: FleetResult) => {
      const counts = new Map<number, number>();
      for (const viewer of fleet.viewers) counts.set(viewer.status, (counts.get(viewer.status) ?? 0) + 1);
      return [...counts].map(([status, count]) => `${count} × HTTP ${status}`).join(', ');
    };
    console.log(`  answers: on A ${answers(onA)}; on B ${answers(onB)}`);
    console.log(`  ratio B / A (p95): ${(p95B / p95A).toFixed(2)}; B's extra p95 ${(p95B - p95A).toFixed(0)} ms, target <= ${EXTRA_P95_TARGET_MS} ms, none behind: ${ok ? 'PASS' : 'FAIL'}`);
    console.log(`  CPU per viewer: node A ${cpuA.toFixed(2)} ms per viewer-second (${((cpuA / 1000) * 100).toFixed(3)} % of a core), node B ${cpuB.toFixed(2)} ms (${((cpuB / 1000) * 100).toFixed(3)} % of a core, the pull included); A serving B's one pull: ${pullCostA.toFixed(1)} ms CPU per second`);
    console.log(`  without viewers: A ${((idleA.cpuMs / idleA.seconds / 1000) * 100).toFixed(1)} % of a core, B ${((idleB.cpuMs / idleB.seconds / 1000) * 100).toFixed(1)} %; load processes ${((onA.cpuMs / onA.seconds / 10)).toFixed(0)} % + ${((onB.cpuMs / onB.seconds / 10)).toFixed(0)} % of a core`);
    if (!ok) {
      // What the nodes said went wrong (warnings and errors), for the reader of a failed run.
      for (const [name, node] of [['A', a], ['B', b]] as const) {
        for (const line of node.logs.filter((entry) => entry.level >= 40).slice(-8)) console.log(`  node ${name} log: ${line.msg}${line.reason === undefined ? '' : ` (${String(line.reason)})`}`);
      }
    }
    return ok;
  } finally {
    encoder?.kill('SIGKILL');
    await b?.stop();
    await a?.stop();
  }
}

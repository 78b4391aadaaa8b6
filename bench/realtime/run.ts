/**
 * `pnpm bench:realtime`: live-data fan-out on loopback: our hub served by fan-out worker
 * processes (the server's default, LIVE_WORKERS), our hub in one process (LIVE_WORKERS=0), and a
 * naive `ws` loop as the baseline.
 *
 * For N = 1,000 and 5,000 clients (held by a child process), each server broadcasts a realistic
 * score update at 10 a second, then flat out, and the clients measure what they receive and how
 * late. Prints progress, then a table and the ratios against the targets. Bounded: about two and a
 * half minutes (a watchdog ends it after 8 minutes).
 */
import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { MATCH_CENTRE_WINDOW_MS, defaultLiveWorkers } from '@sports/server/bench';
import { type BenchServer, startHubServer, startNaiveServer, startWorkersServer } from './servers';

/**
 * BENCH_CLIENTS / BENCH_MODES / BENCH_WORKERS narrow a run while investigating (default: every
 * count and mode; the workers mode with the server's default count for more cores, at least 2).
 */
const CLIENT_COUNTS = (process.env.BENCH_CLIENTS ?? '1000,5000').split(',').map(Number);
const MODES = (process.env.BENCH_MODES ?? 'workers,hub,naive,centre,centre-now,naive-centre').split(',') as Mode[];
const WORKERS = Number(process.env.BENCH_WORKERS ?? Math.max(2, defaultLiveWorkers()));
/** BENCH_CENTRE_WINDOW_MS: the `centre` run with another delta window than the hub's (MATCH_CENTRE_WINDOW_MS, fanout.ts). */
const CENTRE_WINDOW = process.env.BENCH_CENTRE_WINDOW_MS === undefined ? {} : { centreWindowMs: Number(process.env.BENCH_CENTRE_WINDOW_MS) };
const RATE_PER_SECOND = 10;
const RATE_SECONDS = 10;
/** Broadcasts before measuring (JIT, first-write paths), not counted. */
const WARM_UP_BROADCASTS = 10;
const FLAT_OUT_SECONDS = 5;
/**
 * Flat out, the producer publishes this many updates per turn of the event loop (a feed tick
 * changes several matches at once), then yields; it waits while any client has this much unsent.
 */
const BURST = 8;
const PACE_BYTES = 256 * 1024;
/** Targets on these 2-core machines (the issue): p99 at 5,000 clients and 10/s; flat-out ratio. */
const TARGET_P99_MS = 50;
const TARGET_RATIO = 2;

/**
 * centre / naive-centre: the analytics run (issue 36): match-centre deltas to clients all watching
 * one match; centre-now: the hub writing each delta in its turn (no window), to show what the window saves.
 */
type Mode = 'workers' | 'hub' | 'naive' | 'centre' | 'centre-now' | 'naive-centre';
/** The analytics run's targets (issue 36), at 5,000 clients and 10/s. */
const TARGET_CENTRE_CPU_RATIO = 0.5;
const TARGET_CENTRE_CPU_MICROS = 5;

interface Report {
  /** The client process's CPU time so far (µs): reading is part of the machine's load too. */
  cpuMicros: number;
  received: number;
  p50: number;
  p99: number;
  spanMicros: number;
}

interface Result {
  clients: number;
  mode: Mode;
  phase: '10/s' | 'flat out';
  deliveredPerSecond: number;
  p50: number;
  p99: number;
  received: number;
  expected: number;
  /** 10/s only: the server's time to write one update to every client (mean, max). */
  loopMs?: { mean: number; max: number };
  /** 10/s only: CPU time a broadcast, per writing process (the hub's one, or each worker). */
  cpuMs?: number[];
  /** 10/s only: the client process's CPU time a broadcast. */
  clientCpuMs?: number;
  /**
   * 10/s, a server in this process only: the share of its CPU spent in the kernel (system time:
   * the socket writes, and on loopback the receiving side's TCP work too) against its own code
   * (user time). Printed beside the per-message figure so a reader sees which part a target is about.
   */
  systemShare?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const turn = () => new Promise((resolve) => setImmediate(resolve));
const log = (line: string) => console.log(`[bench] ${line}`);

/** The client process: N connections, counting and timing what arrives. */
class Fleet {
  private readonly child: ChildProcess;
  private waiters = new Map<string, (message: Record<string, unknown>) => void>();
  /** Set when the client process ended: every wait fails at once with it, not at its timeout. */
  private exitError: Error | null = null;
  private readonly failWaits = new Set<(error: Error) => void>();

  constructor(port: number, count: number, mode: Mode) {
    this.child = fork(fileURLToPath(new URL('./clientFleet.ts', import.meta.url)), [String(port), String(count), mode], { execArgv: process.execArgv });
    this.child.on('message', (message: Record<string, unknown>) => {
      if (message.type === 'progress') log(`  ${mode}: ${String(message.connected)}/${count} clients connected`);
      const waiter = this.waiters.get(String(message.type));
      this.waiters.delete(String(message.type));
      waiter?.(message);
    });
    this.child.on('exit', (code, signal) => {
      if (code !== 0 && code !== null) log(`client process exited with ${code}`);
      // Its own output (stderr is inherited) is just above.
      this.exitError = new Error(`the client process exited (${signal ?? `code ${code}`}) while the bench waited for it; its output is above`);
      for (const fail of this.failWaits) fail(this.exitError);
    });
  }

  /** To the client process while it runs; after it exited, its exit error already says so. */
  private send(message: object): void {
    if (this.child.connected) this.child.send(message);
  }

  private expect(type: string, timeoutMs: number): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      if (this.exitError !== null) return reject(this.exitError);
      const settle = () => {
        clearTimeout(timer);
        this.failWaits.delete(fail);
      };
      const fail = (error: Error) => {
        settle();
        reject(error);
      };
      const timer = setTimeout(() => fail(new Error(`client process: no '${type}' within ${timeoutMs} ms`)), timeoutMs);
      this.failWaits.add(fail);
      this.waiters.set(type, (message) => {
        settle();
        resolve(message);
      });
    });
  }

  ready(): Promise<unknown> {
    return this.expect('ready', 120_000);
  }

  async reset(): Promise<void> {
    const done = this.expect('reset', 10_000);
    this.send({ cmd: 'reset' });
    await done;
  }

  async report(): Promise<Report> {
    const done = this.expect('report', 10_000);
    this.send({ cmd: 'report' });
    return (await done) as unknown as Report;
  }

  exit(): void {
    this.send({ cmd: 'exit' });
  }
}

/** Waits until everything sent has arrived (or stopped arriving). */
async function drain(fleet: Fleet, expected: number): Promise<Report> {
  let report = await fleet.report();
  for (let waited = 0; waited < 5_000 && report.received < expected; waited += 100) {
    await sleep(100);
    const next = await fleet.report();
    if (next.received === report.received && waited > 1_000) return next;
    report = next;
  }
  return report;
}

async function measure(mode: Mode, clients: number): Promise<Result[]> {
  const server: BenchServer =
    mode === 'workers'
      ? await startWorkersServer(WORKERS)
      : mode === 'hub' || mode === 'centre'
        ? await startHubServer(mode === 'centre', mode === 'centre' ? CENTRE_WINDOW : {})
        : mode === 'centre-now'
          ? await startHubServer(true, { centreWindowMs: 0 })
          : await startNaiveServer(mode === 'naive-centre');
  const fleet = new Fleet(server.port, clients, mode);
  try {
    await fleet.ready();
    for (let waited = 0; (await server.subscribers()) < clients; waited += 50) {
      if (waited > 30_000) throw new Error(`only ${await server.subscribers()} of ${clients} clients subscribed`);
      await sleep(50);
    }
    let sequence = 0;

    for (let index = 0; index < WARM_UP_BROADCASTS; index += 1) {
      server.broadcast((sequence += 1));
      server.flush();
      await sleep(1_000 / RATE_PER_SECOND);
    }
    await drain(fleet, WARM_UP_BROADCASTS * clients);
    log(`  ${mode}, ${clients} clients: ${RATE_PER_SECOND} updates/s for ${RATE_SECONDS} s`);
    await fleet.reset();
    const count = RATE_PER_SECOND * RATE_SECONDS;
    const cpuBefore = await server.cpuMicros();
    const ownBefore = process.cpuUsage();
    const clientCpuBefore = (await fleet.report()).cpuMicros;
    const start = performance.now();
    const loops: number[] = [];
    for (let index = 0; index < count; index += 1) {
      // On a fixed schedule (not sleep after work): a slow broadcast does not lower the rate.
      await sleep(Math.max(0, start + (index * 1_000) / RATE_PER_SECOND - performance.now()));
      const began = performance.now();
      server.broadcast((sequence += 1));
      server.flush();
      loops.push(performance.now() - began);
    }
    const paced = await drain(fleet, count * clients);
    const cpuAfter = await server.cpuMicros();
    const own = process.cpuUsage(ownBefore);
    const cpuMs = cpuAfter.map((after, index) => (after - (cpuBefore[index] ?? 0)) / count / 1_000);
    const rate: Result = {
      clients,
      mode,
      phase: '10/s',
      deliveredPerSecond: paced.received / ((performance.now() - start) / 1_000),
      p50: paced.p50,
      p99: paced.p99,
      received: paced.received,
      expected: count * clients,
      loopMs: { mean: loops.reduce((sum, value) => sum + value, 0) / loops.length, max: Math.max(...loops) },
      cpuMs,
      clientCpuMs: (paced.cpuMicros - clientCpuBefore) / count / 1_000,
      ...(mode === 'workers' ? {} : { systemShare: own.system / Math.max(1, own.user + own.system) }),
    };

    log(`  ${mode}, ${clients} clients: flat out for ${FLAT_OUT_SECONDS} s`);
    await fleet.reset();
    let broadcasts = 0;
    const end = performance.now() + FLAT_OUT_SECONDS * 1_000;
    while (performance.now() < end) {
      if ((await server.backlogBytes()) > PACE_BYTES) {
        await sleep(1);
        continue;
      }
      for (let index = 0; index < BURST; index += 1) server.broadcast((sequence += 1));
      broadcasts += BURST;
      await turn();
    }
    const flat = await drain(fleet, broadcasts * clients);
    const flatResult: Result = {
      clients,
      mode,
      phase: 'flat out',
      deliveredPerSecond: flat.received / Math.max(0.001, flat.spanMicros / 1e6),
      p50: flat.p50,
      p99: flat.p99,
      received: flat.received,
      expected: broadcasts * clients,
    };
    for (const result of [rate, flatResult]) {
      const loop = result.loopMs === undefined ? '' : `; ${result.mode === 'workers' ? 'main process (number, relay)' : 'server loop'} ${result.loopMs.mean.toFixed(1)} ms a broadcast (max ${result.loopMs.max.toFixed(1)})`;
      const cpu =
        result.cpuMs === undefined
          ? ''
          : `; CPU a broadcast ${result.cpuMs.map((ms) => `${ms.toFixed(1)} ms`).join(' + ')}${mode === 'workers' ? ' (each worker)' : ''} = ${perMessageMicros(result).toFixed(2)} µs a delivered message${cpuParts(result)}, clients ${result.clientCpuMs?.toFixed(1)} ms`;
      log(`  ${mode}, ${clients} clients, ${result.phase}: ${fmt(result.deliveredPerSecond)} msg/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms (${result.received}/${result.expected} delivered)${loop}${cpu}`);
    }
    return [rate, flatResult];
  } finally {
    fleet.exit();
    await server.close();
  }
}

/** ` (user X µs + kernel Y µs)`: the per-message figure split by where the server process spent it. */
function cpuParts(result: Result): string {
  if (result.systemShare === undefined) return '';
  const total = perMessageMicros(result);
  return ` (its own code ${(total * (1 - result.systemShare)).toFixed(2)} µs + the kernel ${(total * result.systemShare).toFixed(2)} µs)`;
}

/** The writing processes' CPU per message delivered (a broadcast's CPU over the messages it delivered). */
function perMessageMicros(result: Result): number {
  const cpuMs = (result.cpuMs ?? []).reduce((sum, ms) => sum + ms, 0);
  const deliveredPerBroadcast = result.received / (RATE_PER_SECOND * RATE_SECONDS);
  return deliveredPerBroadcast === 0 ? 0 : (cpuMs * 1_000) / deliveredPerBroadcast;
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
}

function fmt(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

async function main(): Promise<void> {
  const watchdog = setTimeout(() => {
    log('did not finish within 12 minutes: stopping');
    process.exit(1);
  }, 12 * 60_000);
  watchdog.unref();
  log(`live-data fan-out: workers (the hub in ${WORKERS} worker processes, LIVE_WORKERS=${WORKERS}) and hub (one process, LIVE_WORKERS=0): encode once, pre-framed, batched writes; vs naive ws (JSON.stringify + send per client)`);
  log(`${os.availableParallelism()} cores; load average ${loadAverage()} at the start`);
  log(`score update ~${JSON.stringify((await import('./scoreUpdate')).scoreUpdate(1)).length + 60} bytes; clients in a child process; loopback`);
  const results: Result[] = [];
  for (const clients of CLIENT_COUNTS) {
    for (const mode of MODES) {
      log(`${mode} with ${clients} clients`);
      results.push(...(await measure(mode, clients)));
    }
  }

  console.log('');
  console.log(`load average ${loadAverage()} at the end (1, 5, 15 min); figures on a busy machine are noisy`);
  console.log('clients  server   phase      delivered msg/s    p50 ms    p99 ms   delivered');
  for (const result of results) {
    console.log(
      `${String(result.clients).padStart(7)}  ${result.mode.padEnd(7)}  ${result.phase.padEnd(9)}  ${fmt(result.deliveredPerSecond).padStart(15)}  ${result.p50.toFixed(1).padStart(8)}  ${result.p99
        .toFixed(1)
        .padStart(8)}   ${result.received}/${result.expected}`,
    );
  }
  console.log('');
  for (const clients of CLIENT_COUNTS) {
    const find = (mode: Mode, phase: Result['phase']) => results.find((result) => result.clients === clients && result.mode === mode && result.phase === phase);
    const naiveFlat = find('naive', 'flat out');
    const naiveRate = find('naive', '10/s');
    for (const mode of MODES.filter((candidate) => candidate === 'workers' || candidate === 'hub')) {
      const flat = find(mode, 'flat out');
      const rate = find(mode, '10/s');
      if (flat === undefined || rate === undefined || naiveFlat === undefined || naiveRate === undefined) continue;
      const ratio = flat.deliveredPerSecond / naiveFlat.deliveredPerSecond;
      console.log(
        `${clients} clients, ${mode}: flat-out throughput ${mode}/naive = ${ratio.toFixed(2)}x; at 10/s p99 ${mode} ${rate.p99.toFixed(1)} ms vs naive ${naiveRate.p99.toFixed(1)} ms (${(naiveRate.p99 / rate.p99).toFixed(2)}x)`,
      );
    }
    const centre = find('centre', '10/s');
    const naiveCentre = find('naive-centre', '10/s');
    const scores = find('hub', '10/s');
    const centreNow = find('centre-now', '10/s');
    if (centre !== undefined && centreNow !== undefined) {
      console.log(
        `${clients} clients, analytics with the hub's ${CENTRE_WINDOW.centreWindowMs ?? MATCH_CENTRE_WINDOW_MS} ms window: CPU ${perMessageMicros(centre).toFixed(2)} µs a delivered message, p99 ${centre.p99.toFixed(1)} ms; each delta in its turn: ${perMessageMicros(centreNow).toFixed(2)} µs, p99 ${centreNow.p99.toFixed(1)} ms`,
      );
    }
    if (centre !== undefined && naiveCentre !== undefined) {
      const ratio = perMessageMicros(centre) / perMessageMicros(naiveCentre);
      console.log(
        `${clients} clients, analytics (match-centre deltas, one match page): CPU ${perMessageMicros(centre).toFixed(2)} µs a delivered message vs naive ${perMessageMicros(naiveCentre).toFixed(2)} µs (${ratio.toFixed(2)}x); p99 ${centre.p99.toFixed(1)} ms vs naive ${naiveCentre.p99.toFixed(1)} ms${scores === undefined ? '' : `, score frames (hub) ${scores.p99.toFixed(1)} ms`}`,
      );
      if (clients === 5_000) {
        console.log(`target analytics CPU <= ${TARGET_CENTRE_CPU_RATIO}x the naive loop's a delivered message: ${ratio <= TARGET_CENTRE_CPU_RATIO ? 'met' : 'MISSED'} (${ratio.toFixed(2)}x)`);
        console.log(`target analytics hub CPU <= ${TARGET_CENTRE_CPU_MICROS} µs a delivered message: ${perMessageMicros(centre) <= TARGET_CENTRE_CPU_MICROS ? 'met' : 'MISSED'} (${perMessageMicros(centre).toFixed(2)} µs${cpuParts(centre)})`);
        if (scores !== undefined) console.log(`target analytics p99 <= the score frames' (hub): ${centre.p99 <= scores.p99 ? 'met' : 'MISSED'} (${centre.p99.toFixed(1)} vs ${scores.p99.toFixed(1)} ms)`);
      }
    }
    if (clients !== 5_000) continue;
    // Both ways of running the server are held to the targets: the default (workers) and LIVE_WORKERS=0.
    for (const mode of MODES.filter((candidate) => candidate === 'workers' || candidate === 'hub')) {
      const rate = find(mode, '10/s');
      const flat = find(mode, 'flat out');
      const label = mode === 'workers' ? `workers, LIVE_WORKERS=${WORKERS}` : 'hub, LIVE_WORKERS=0';
      if (rate !== undefined) {
        console.log(`target p99 <= ${TARGET_P99_MS} ms at 5,000 clients and 10/s (${label}): ${rate.p99 <= TARGET_P99_MS ? 'met' : 'MISSED'} (${rate.p99.toFixed(1)} ms)`);
      }
      if (flat === undefined || naiveFlat === undefined) continue;
      const ratio = flat.deliveredPerSecond / naiveFlat.deliveredPerSecond;
      console.log(`target flat-out >= ${TARGET_RATIO}x the naive loop at 5,000 clients (${label}): ${ratio >= TARGET_RATIO ? 'met' : 'MISSED'} (${ratio.toFixed(2)}x)`);
    }
  }
  clearTimeout(watchdog);
  // Targets are reported, not enforced: a busy machine misses them without anything being wrong.
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

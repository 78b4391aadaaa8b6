/**
 * `pnpm bench:realtime`: live-data fan-out, our hub against a naive `ws` loop, on loopback.
 *
 * For N = 1,000 and 5,000 clients (held by a child process), each server broadcasts a realistic
 * score update at 10 a second, then flat out, and the clients measure what they receive and how
 * late. Prints progress, then a table and the ratios against the targets. Bounded: about a minute and
 * a half (a watchdog ends it after 8 minutes).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type BenchServer, startHubServer, startNaiveServer } from './servers';

/** BENCH_CLIENTS / BENCH_MODES narrow a run while investigating (default: everything). */
const CLIENT_COUNTS = (process.env.BENCH_CLIENTS ?? '1000,5000').split(',').map(Number);
const MODES = (process.env.BENCH_MODES ?? 'hub,naive').split(',') as Mode[];
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

type Mode = 'hub' | 'naive';

interface Report {
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
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const turn = () => new Promise((resolve) => setImmediate(resolve));
const log = (line: string) => console.log(`[bench] ${line}`);

/** The client process: N connections, counting and timing what arrives. */
class Fleet {
  private readonly child: ChildProcess;
  private waiters = new Map<string, (message: Record<string, unknown>) => void>();

  constructor(port: number, count: number, mode: Mode) {
    this.child = fork(fileURLToPath(new URL('./clientFleet.ts', import.meta.url)), [String(port), String(count), mode], { execArgv: process.execArgv });
    this.child.on('message', (message: Record<string, unknown>) => {
      if (message.type === 'progress') log(`  ${mode}: ${String(message.connected)}/${count} clients connected`);
      const waiter = this.waiters.get(String(message.type));
      this.waiters.delete(String(message.type));
      waiter?.(message);
    });
    this.child.on('exit', (code) => {
      if (code !== 0 && code !== null) log(`client process exited with ${code}`);
    });
  }

  private expect(type: string, timeoutMs: number): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`client process: no '${type}' within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.set(type, (message) => {
        clearTimeout(timer);
        resolve(message);
      });
    });
  }

  ready(): Promise<unknown> {
    return this.expect('ready', 120_000);
  }

  async reset(): Promise<void> {
    const done = this.expect('reset', 10_000);
    this.child.send({ cmd: 'reset' });
    await done;
  }

  async report(): Promise<Report> {
    const done = this.expect('report', 10_000);
    this.child.send({ cmd: 'report' });
    return (await done) as unknown as Report;
  }

  exit(): void {
    this.child.send({ cmd: 'exit' });
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
  const server: BenchServer = mode === 'hub' ? await startHubServer() : await startNaiveServer();
  const fleet = new Fleet(server.port, clients, mode);
  try {
    await fleet.ready();
    for (let waited = 0; server.subscribers() < clients; waited += 50) {
      if (waited > 30_000) throw new Error(`only ${server.subscribers()} of ${clients} clients subscribed`);
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
    };

    log(`  ${mode}, ${clients} clients: flat out for ${FLAT_OUT_SECONDS} s`);
    await fleet.reset();
    let broadcasts = 0;
    const end = performance.now() + FLAT_OUT_SECONDS * 1_000;
    while (performance.now() < end) {
      if (server.backlogBytes() > PACE_BYTES) {
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
      const loop = result.loopMs === undefined ? '' : `; server loop ${result.loopMs.mean.toFixed(1)} ms a broadcast (max ${result.loopMs.max.toFixed(1)})`;
      log(`  ${mode}, ${clients} clients, ${result.phase}: ${fmt(result.deliveredPerSecond)} msg/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms (${result.received}/${result.expected} delivered)${loop}`);
    }
    return [rate, flatResult];
  } finally {
    fleet.exit();
    await server.close();
  }
}

function fmt(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

async function main(): Promise<void> {
  const watchdog = setTimeout(() => {
    log('did not finish within 8 minutes: stopping');
    process.exit(1);
  }, 8 * 60_000);
  watchdog.unref();
  log(`live-data fan-out: hub (encode once, pre-framed, batched writes) vs naive ws (JSON.stringify + send per client)`);
  log(`score update ~${JSON.stringify((await import('./scoreUpdate')).scoreUpdate(1)).length + 60} bytes; clients in a child process; loopback`);
  const results: Result[] = [];
  for (const clients of CLIENT_COUNTS) {
    for (const mode of MODES) {
      log(`${mode} with ${clients} clients`);
      results.push(...(await measure(mode, clients)));
    }
  }

  console.log('');
  console.log('clients  server  phase      delivered msg/s    p50 ms    p99 ms   delivered');
  for (const result of results) {
    console.log(
      `${String(result.clients).padStart(7)}  ${result.mode.padEnd(6)}  ${result.phase.padEnd(9)}  ${fmt(result.deliveredPerSecond).padStart(15)}  ${result.p50.toFixed(1).padStart(8)}  ${result.p99
        .toFixed(1)
        .padStart(8)}   ${result.received}/${result.expected}`,
    );
  }
  console.log('');
  for (const clients of CLIENT_COUNTS) {
    const find = (mode: Mode, phase: Result['phase']) => results.find((result) => result.clients === clients && result.mode === mode && result.phase === phase);
    const hubFlat = find('hub', 'flat out');
    const naiveFlat = find('naive', 'flat out');
    const hubRate = find('hub', '10/s');
    const naiveRate = find('naive', '10/s');
    if (hubFlat === undefined || naiveFlat === undefined || hubRate === undefined || naiveRate === undefined) continue;
    const ratio = hubFlat.deliveredPerSecond / naiveFlat.deliveredPerSecond;
    console.log(
      `${clients} clients: flat-out throughput hub/naive = ${ratio.toFixed(2)}x; at 10/s p99 hub ${hubRate.p99.toFixed(1)} ms vs naive ${naiveRate.p99.toFixed(1)} ms (${(naiveRate.p99 / hubRate.p99).toFixed(2)}x)`,
    );
    if (clients === 5_000) {
      const p99Ok = hubRate.p99 <= TARGET_P99_MS;
      const ratioOk = ratio >= TARGET_RATIO;
      console.log(`target p99 <= ${TARGET_P99_MS} ms at 5,000 clients and 10/s: ${p99Ok ? 'met' : 'MISSED'} (${hubRate.p99.toFixed(1)} ms)`);
      console.log(`target flat-out >= ${TARGET_RATIO}x the naive loop at 5,000 clients: ${ratioOk ? 'met' : 'MISSED'} (${ratio.toFixed(2)}x)`);
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

/**
 * `pnpm bench:hardening`: what one attacking address costs everyone else, measured on the real
 * server (`src/main.ts`, what `npm start` runs) in its own process, on free ports and a fresh
 * database (the embedded PostgreSQL unless BENCH_DATABASE_ADMIN_URL names another).
 *
 * 1. Password-reset flood. Static-file latency (GET /web/, what every visitor loads first) with
 *    the server quiet, then while one client sends `forgotPassword` with wrong codes from
 *    BENCH_FLOOD_CLIENTS connections flat out. Before issue 10 each such request hashed the new
 *    password with argon2 before looking at the code (the static median went from ~5 ms to 495 ms);
 *    now the code is checked first and the address is refused after RESET_FAILURES_PER_IP_HOUR.
 *    Run twice: with that limit raised out of the way (every request reaches the code check: the
 *    cost of a refused reset itself) and with the default limit.
 * 2. RTMP flood before admission. The server's resident memory before and while connections from
 *    one address each declare six 16 MiB messages on six chunk streams (before the fix each
 *    declared length was allocated: 96 MiB per connection).
 *
 * Prints progress, then the figures with the quiet run as the baseline (a ratio) and the server's
 * CPU time per request. About a minute.
 */
import fs from 'node:fs';
import type net from 'node:net';
import { performance } from 'node:perf_hooks';
import { chunkHeader0, connectRtmp, DEFAULT_CHUNK_SIZE, handshake, RtmpType, send, type ServerProcess, startServerProcess } from '@sports/server/bench';
import { processCpuMs } from '../common/cpu';
import { openPostgres } from '../common/postgres';

const FLOOD_CLIENTS = Number(process.env.BENCH_FLOOD_CLIENTS ?? 32);
const PHASE_SECONDS = Number(process.env.BENCH_PHASE_SECONDS ?? 8);
/** Static requests per phase are paced, so the probe itself loads the server lightly. */
const PROBE_INTERVAL_MS = 20;
const RTMP_CONNECTIONS = 10;
const LARGEST_DECLARABLE = 0xffffff;

const log = (line: string) => console.log(`[bench:hardening] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's CPU time (user + system) so far, in ms. */
const cpuMs = (pid: number) => processCpuMs(pid);

function rssMiB(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) / 1024;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

interface StaticFigures {
  count: number;
  medianMs: number;
  p95Ms: number;
}

/** GET /web/ every PROBE_INTERVAL_MS until `until`, one at a time. */
async function probeStatic(server: ServerProcess, until: number): Promise<StaticFigures> {
  const took: number[] = [];
  while (Date.now() < until) {
    const started = performance.now();
    const response = await fetch(`${server.httpUrl}/web/`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET /web/ answered ${response.status}`);
    took.push(performance.now() - started);
    await sleep(PROBE_INTERVAL_MS);
  }
  took.sort((a, b) => a - b);
  return { count: took.length, medianMs: percentile(took, 50), p95Ms: percentile(took, 95) };
}

interface FloodFigures {
  requests: number;
  answers: Map<string, number>;
}

/** `forgotPassword` with a wrong code, from FLOOD_CLIENTS loops, until `until`. */
async function floodResets(server: ServerProcess, until: number): Promise<FloodFigures> {
  const answers = new Map<string, number>();
  let requests = 0;
  const loop = async (index: number) => {
    while (Date.now() < until) {
      const response = await fetch(`${server.httpUrl}/api/user/forgotPassword`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ mobile: `86-1390000${String(index).padStart(4, '0')}`, code: '000000', password: 'a-long-new-password-12345' }),
      });
      const body = (await response.json()) as { msg?: string };
      requests += 1;
      const key = `${response.status} ${body.msg ?? ''}`;
      answers.set(key, (answers.get(key) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: FLOOD_CLIENTS }, (_, index) => loop(index)));
  return { requests, answers };
}

async function resetFlood(adminUrl: string, label: string, env: Record<string, string>): Promise<void> {
  log(`${label}: starting the server`);
  const server = await startServerProcess(adminUrl, env);
  try {
    await probeStatic(server, Date.now() + 1_000); // warm-up
    log(`${label}: static files, quiet (${PHASE_SECONDS} s)`);
    const quietCpu = cpuMs(server.pid);
    const quiet = await probeStatic(server, Date.now() + PHASE_SECONDS * 1000);
    const quietCpuPerRequest = (cpuMs(server.pid) - quietCpu) / quiet.count;
    log(`${label}: static files while ${FLOOD_CLIENTS} connections flood forgotPassword (${PHASE_SECONDS} s)`);
    const until = Date.now() + PHASE_SECONDS * 1000;
    const floodCpu = cpuMs(server.pid);
    const [busy, flood] = await Promise.all([probeStatic(server, until), floodResets(server, until)]);
    const floodCpuMs = cpuMs(server.pid) - floodCpu;
    console.log(`\n${label}`);
    console.log(`  static GET /web/ quiet:        median ${quiet.medianMs.toFixed(1)} ms, p95 ${quiet.p95Ms.toFixed(1)} ms (${quiet.count} requests; server CPU over the phase ${quietCpuPerRequest.toFixed(2)} ms per request)`);
    console.log(`  static GET /web/ under flood:  median ${busy.medianMs.toFixed(1)} ms, p95 ${busy.p95Ms.toFixed(1)} ms (${busy.count} requests)`);
    console.log(`  ratio under flood / quiet:     median ×${(busy.medianMs / quiet.medianMs).toFixed(2)}, p95 ×${(busy.p95Ms / quiet.p95Ms).toFixed(2)}`);
    console.log(`  flood: ${flood.requests} resets answered (${(flood.requests / PHASE_SECONDS).toFixed(0)}/s), server CPU ${(floodCpuMs / (flood.requests + busy.count)).toFixed(2)} ms per request (flood + probe)`);
    for (const [answer, count] of [...flood.answers].sort((a, b) => b[1] - a[1])) console.log(`    ${count} × ${answer}`);
    console.log('');
  } finally {
    await server.stop();
  }
}

async function rtmpFlood(adminUrl: string): Promise<void> {
  log('RTMP: starting the server');
  const server = await startServerProcess(adminUrl);
  const sockets: net.Socket[] = [];
  try {
    await sleep(1_000);
    const before = rssMiB(server.pid);
    log(`RTMP: ${RTMP_CONNECTIONS} connections from one address each declare six ${LARGEST_DECLARABLE}-byte messages`);
    const declarations = Buffer.concat(
      [2, 3, 4, 5, 6, 7].map((cid) => Buffer.concat([chunkHeader0(cid, LARGEST_DECLARABLE, RtmpType.video), Buffer.alloc(DEFAULT_CHUNK_SIZE, 0x17)])),
    );
    for (let index = 0; index < RTMP_CONNECTIONS; index += 1) {
      const socket = await connectRtmp(server.rtmpPort);
      socket.on('error', () => undefined);
      sockets.push(socket);
      await send(socket, Buffer.concat([handshake(), declarations])).catch(() => undefined);
    }
    await sleep(1_000);
    const held = rssMiB(server.pid);
    const open = sockets.filter((socket) => !socket.destroyed).length;
    const healthy = (await fetch(`${server.httpUrl}/healthz`)).ok;
    const declared = (RTMP_CONNECTIONS * 6 * LARGEST_DECLARABLE) / 1024 / 1024;
    console.log('\nRTMP flood before admission');
    console.log(`  declared: ${declared.toFixed(0)} MiB over ${RTMP_CONNECTIONS} connections; the server's RSS ${before.toFixed(1)} MiB → ${held.toFixed(1)} MiB (+${(held - before).toFixed(1)} MiB)`);
    console.log(`  connections still open: ${open} of ${RTMP_CONNECTIONS}; /healthz ${healthy ? 'answers' : 'does NOT answer'}; server alive: ${server.exitCode() === null}\n`);
  } finally {
    for (const socket of sockets) socket.destroy();
    await server.stop();
  }
}

async function main(): Promise<void> {
  const postgres = await openPostgres(log, { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' });
  try {
    await runAll(postgres.adminUrl);
  } finally {
    await postgres.stop();
  }
}

async function runAll(adminUrl: string): Promise<void> {
  await resetFlood(adminUrl, 'Password-reset flood, every request reaching the code check (RESET_FAILURES_PER_IP_HOUR=1000000)', {
    RESET_FAILURES_PER_IP_HOUR: '1000000',
    SMS_PER_IP_HOUR: '1000000',
  });
  await resetFlood(adminUrl, 'Password-reset flood, default limits', {});
  await rtmpFlood(adminUrl);
}

const watchdog = setTimeout(() => {
  console.error('[bench:hardening] did not finish within 5 minutes: stopping');
  process.exit(1);
}, 5 * 60_000);
watchdog.unref();
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[bench:hardening] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);

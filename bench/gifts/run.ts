/**
 * `pnpm bench:gifts` (`--quick`: about 30 s): members send gifts into anchors' rooms over HTTP to
 * the real server (`src/main.ts`) in its own process, on free ports and a fresh database of an
 * embedded PostgreSQL; this process is the load generator. 1,000 members with coins (funded on the
 * ledger), 10 anchors with a room each; 10 % of sends repeat a recent key (a retry: it must answer
 * the first record and apply nothing).
 *
 * 1. Baseline, in the same run on the same database: bare single-row INSERT commits/s from the
 *    same number of connections as sends in flight.
 *    HTTP ceiling: the same closed loop and tokens against a cheap authenticated GET of the same
 *    server (GET /api/Member/info: the session lookup, a JSON answer, no write; ceiling.ts), what
 *    one HTTP request per operation allows on these cores, whatever the write behind it costs.
 * 2. Maximum throughput: BENCH_GIFTS_CONCURRENCY sends in flight (closed loop). The verdict: sends/s
 *    over the ceiling's requests/s, target >= 0.5 (issue 35's restated target).
 * 3. A fixed 200 sends/s (open loop, latency from each send's scheduled time): p50/p99/max.
 * Each beside the CPU it cost: the server process, PostgreSQL, this process (they share 2 cores).
 * Then the ledger check (`checkLedger` and `pnpm ledger:verify` on that database) and the gifts
 * against what the bench saw: exit 1 unless clean (0 lost, 0 doubled, 0 negative).
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { startServerProcess } from '@sports/server/bench';
import { processCpuMs } from '../common/cpu';
import { type BenchPostgres, openPostgres } from '../common/postgres';
import { bareInsertCommits } from './baseline';
import { describeBatches, giftBatchesBetween, transferSetMark } from './batches';
import { CEILING_ROUTE, httpCeiling } from './ceiling';
import { fixedRate, GiftClient, maxThroughput, type PhaseFigures, SendLedger } from './giftLoad';
import { seedAudience } from './seed';
import { printStatements, resetStatements, STATEMENT_SETTINGS } from './statements';
import { verifyRun } from './verify';

const QUICK = process.argv.includes('--quick') || process.env.BENCH_GIFTS_QUICK === '1';
const env = (name: string, full: number, quick: number) => Number(process.env[name] ?? (QUICK ? quick : full));
const MEMBERS = env('BENCH_GIFTS_MEMBERS', 1_000, 1_000);
const ANCHORS = env('BENCH_GIFTS_ANCHORS', 10, 10);
const CONCURRENCY = env('BENCH_GIFTS_CONCURRENCY', 32, 32);
const RATE = env('BENCH_GIFTS_RATE', 200, 200);
const MAX_SECONDS = env('BENCH_GIFTS_MAX_SECONDS', 30, 5);
const RATE_SECONDS = env('BENCH_GIFTS_RATE_SECONDS', 40, 8);
const BASELINE_SECONDS = env('BENCH_GIFTS_BASELINE_SECONDS', 15, 3);
const CEILING_SECONDS = env('BENCH_GIFTS_CEILING_SECONDS', 15, 3);
const WARMUP_SECONDS = env('BENCH_GIFTS_WARMUP_SECONDS', 4, 1);
const RETRY_SHARE = env('BENCH_GIFTS_RETRY_PERCENT', 10, 10) / 100;
/** 0: fsync and synchronous commit off (the numbers of a database that does not wait for its disk). */
const DURABLE = process.env.BENCH_GIFTS_DURABLE !== '0';
const STATEMENTS = process.env.BENCH_GIFTS_STATEMENTS === '1';
/** A folder: the server process writes a V8 CPU profile there when it stops (open it in Chrome's DevTools). */
const CPU_PROFILE_DIR = process.env.BENCH_GIFTS_CPU_PROFILE?.trim() || null;
const CPU_PROFILER = fileURLToPath(new URL('./cpuProfile.mjs', import.meta.url));
const COINS_EACH = 1_000_000;
/**
 * The target (issue 35, restated): gift sends/s at least half the requests/s of an authenticated
 * no-op route (the HTTP ceiling, `ceiling.ts`) measured in the same run. The first target, 0.5 of
 * the bare INSERT baseline, is out of reach for any HTTP design here (the ceiling's own ratio to
 * the baseline is about 0.2-0.35), so the baseline's ratio is printed for reference only.
 */
const TARGET_OF_CEILING = 0.5;
const TARGET_P99_MS = 50;

const log = (line: string) => console.log(`[bench:gifts] ${line}`);
const fmt = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** CPU (ms) of the server process, PostgreSQL and this process, to subtract around a phase. */
interface CpuSample {
  server: number;
  postgres: number | null;
  bench: number;
}

function sampleCpu(serverPid: number, postgres: BenchPostgres): CpuSample {
  const own = process.cpuUsage();
  return { server: processCpuMs(serverPid), postgres: postgres.cpuMs(), bench: (own.user + own.system) / 1000 };
}

/** "server 1.23 ms, PostgreSQL 2.34 ms, load generator 0.45 ms per send". */
function cpuPer(before: CpuSample, after: CpuSample, count: number, what: string): string {
  const per = (from: number, to: number) => `${((to - from) / Math.max(count, 1)).toFixed(2)} ms`;
  const postgres = before.postgres === null || after.postgres === null ? 'PostgreSQL not ours to measure' : `PostgreSQL ${per(before.postgres, after.postgres)}`;
  return `CPU per ${what}: server ${per(before.server, after.server)}, ${postgres}, load generator ${per(before.bench, after.bench)}`;
}

/** CPU (ms) of all three processes between two samples, per operation; null when PostgreSQL's is not ours to measure. */
function totalCpuPer(before: CpuSample, after: CpuSample, count: number): number | null {
  if (before.postgres === null || after.postgres === null) return null;
  return (after.server - before.server + (after.postgres - before.postgres) + (after.bench - before.bench)) / Math.max(count, 1);
}

function latencies(figures: PhaseFigures): string {
  return `p50 ${figures.latency.percentileMs(0.5).toFixed(1)} ms, p99 ${figures.latency.percentileMs(0.99).toFixed(1)} ms, max ${figures.maxMs.toFixed(1)} ms`;
}

async function main(): Promise<number> {
  const started = Date.now();
  log(`${QUICK ? 'quick run' : 'full run'}: ${fmt(MEMBERS)} members, ${ANCHORS} anchors' rooms, ${CONCURRENCY} in flight for ${MAX_SECONDS} s, then ${RATE} sends/s for ${RATE_SECONDS} s, baseline ${BASELINE_SECONDS} s, HTTP ceiling ${CEILING_SECONDS} s; ${Math.round(RETRY_SHARE * 100)} % retries; ${os.cpus().length} cores, load average before the run ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  const settings: Record<string, string> = { ...(DURABLE ? {} : { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }), ...(STATEMENTS ? STATEMENT_SETTINGS : {}) };
  const postgres = await openPostgres(log, settings);
  try {
    log('starting the server (src/main.ts) in its own process on free ports, migrating a fresh database');
    const server = await startServerProcess(postgres.adminUrl, CPU_PROFILE_DIR === null ? {} : { NODE_OPTIONS: `--import=${CPU_PROFILER}`, BENCH_GIFTS_CPU_PROFILE_DIR: CPU_PROFILE_DIR });
    try {
      log(`server pid ${server.pid} at ${server.httpUrl}; seeding ${fmt(MEMBERS)} members with sessions and ${fmt(COINS_EACH)} coins each, ${ANCHORS} anchors with rooms`);
      const seeding = Date.now();
      const audience = await seedAudience(server, { members: MEMBERS, anchors: ANCHORS, coinsEach: COINS_EACH });
      log(`seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
      const sends = new SendLedger(audience, RETRY_SHARE);
      const client = new GiftClient(server.httpUrl, sends);
      log(`warming up (${WARMUP_SECONDS} s of sends, 1 s of GET ${CEILING_ROUTE})`);
      await maxThroughput(client, sends, CONCURRENCY, WARMUP_SECONDS, 'warm-up');
      await httpCeiling(server.httpUrl, audience.members, CONCURRENCY, 1);

      log(`baseline: bare INSERT, autocommit, ${CONCURRENCY} connections, ${BASELINE_SECONDS} s`);
      let before = sampleCpu(server.pid, postgres);
      const baseline = await bareInsertCommits(server.database.url, CONCURRENCY, BASELINE_SECONDS);
      const baselineCpu = cpuPer(before, sampleCpu(server.pid, postgres), baseline.commits, 'commit');
      const baselineRate = baseline.commits / baseline.seconds;

      log(`HTTP ceiling: GET ${CEILING_ROUTE} (session lookup, JSON answer, no write), ${CONCURRENCY} in flight, ${CEILING_SECONDS} s`);
      before = sampleCpu(server.pid, postgres);
      const ceiling = await httpCeiling(server.httpUrl, audience.members, CONCURRENCY, CEILING_SECONDS);
      const afterCeiling = sampleCpu(server.pid, postgres);
      const ceilingCpu = cpuPer(before, afterCeiling, ceiling.answered, 'request');
      const ceilingCpuEach = totalCpuPer(before, afterCeiling, ceiling.answered);
      const ceilingRate = ceiling.succeeded / ceiling.seconds;
      const loadAfterCeiling = os.loadavg()[0] ?? 0;

      if (STATEMENTS) await resetStatements(server);
      log(`phase 1: maximum throughput, ${CONCURRENCY} sends in flight, ${MAX_SECONDS} s`);
      const beforeMax = await transferSetMark(server);
      before = sampleCpu(server.pid, postgres);
      const max = await maxThroughput(client, sends, CONCURRENCY, MAX_SECONDS, 'phase 1');
      const afterMaxCpu = sampleCpu(server.pid, postgres);
      const maxCpu = cpuPer(before, afterMaxCpu, max.answered, 'send');
      const sendCpuEach = totalCpuPer(before, afterMaxCpu, max.answered);
      const afterMax = await transferSetMark(server);
      const loadAfterMax = os.loadavg()[0] ?? 0;

      log(`phase 2: ${RATE} sends/s on schedule, ${RATE_SECONDS} s`);
      before = sampleCpu(server.pid, postgres);
      const fixed = await fixedRate(client, sends, RATE, RATE_SECONDS, 'phase 2');
      const fixedCpu = cpuPer(before, sampleCpu(server.pid, postgres), fixed.answered, 'send');
      const afterFixed = await transferSetMark(server);
      const maxBatches = await giftBatchesBetween(server, beforeMax, afterMax);
      const fixedBatches = await giftBatchesBetween(server, afterMax, afterFixed);
      const loadAfterFixed = os.loadavg()[0] ?? 0;
      client.close();

      log('checking the ledger and the gifts against what the bench saw');
      const verdict = await verifyRun(server, audience, sends);

      const maxRate = max.succeeded / max.seconds;
      const ratio = maxRate / baselineRate;
      const ofCeiling = maxRate / ceilingRate;
      const p99 = fixed.latency.percentileMs(0.99);
      console.log('');
      console.log(`Gifts over HTTP (${fmt(MEMBERS)} members → ${ANCHORS} rooms, ${Math.round(RETRY_SHARE * 100)} % retried with the same key), server in its own process, PostgreSQL ${DURABLE ? 'embedded, durable commits (fsync on)' : 'with fsync off'}; ${os.cpus().length} cores shared by server, PostgreSQL and this load generator`);
      console.log(`  baseline  bare INSERT commits:     ${fmt(baselineRate)}/s from ${CONCURRENCY} connections (p50 ${baseline.latency.percentileMs(0.5).toFixed(1)} ms, p99 ${baseline.latency.percentileMs(0.99).toFixed(1)} ms); ${baselineCpu}`);
      console.log(`  ceiling   GET ${CEILING_ROUTE}:     ${fmt(ceilingRate)} requests/s (${fmt(ceiling.succeeded)} in ${ceiling.seconds.toFixed(1)} s, same ${CONCURRENCY} in flight and tokens, no write), ${latencies(ceiling)}; ${ceilingCpu}; load average ${loadAfterCeiling.toFixed(2)}`);
      console.log(`            ratio to the baseline:   ${(ceilingRate / baselineRate).toFixed(2)} (the most any design answering one HTTP request per send could reach here)`);
      console.log(`  phase 1   ${CONCURRENCY} sends in flight:       ${fmt(maxRate)} sends/s (${fmt(max.succeeded)} in ${max.seconds.toFixed(1)} s, ${fmt(max.retries)} retries), ${latencies(max)}; ${maxCpu}; load average ${loadAfterMax.toFixed(2)}`);
      console.log(`            batching:                ${describeBatches(maxBatches)}`);
      console.log(`            ratio to the baseline:   ${ratio.toFixed(2)} (for reference: the ceiling's own ratio above bounds it)`);
      console.log(`            of the HTTP ceiling:     ${ofCeiling.toFixed(2)} (gift sends/s over ${CEILING_ROUTE} requests/s in this run; target >= ${TARGET_OF_CEILING}: ${ofCeiling >= TARGET_OF_CEILING ? 'met' : 'NOT met'})`);
      if (ceilingCpuEach !== null && sendCpuEach !== null && sendCpuEach > 0) {
        console.log(`            by CPU:                  ${(ceilingCpuEach / sendCpuEach).toFixed(2)} (a ceiling request's CPU, ${ceilingCpuEach.toFixed(2)} ms in all three processes, over a send's, ${sendCpuEach.toFixed(2)} ms: the rates' ratio if CPU were the only limit; the rates' own ratio below it means the sends also wait, on commits and the batches in flight, or that other work on the machine came and went between the phases)`);
      }
      console.log(`  phase 2   ${RATE} sends/s on schedule:  ${fmt(fixed.answered / fixed.seconds)}/s answered (${fmt(fixed.succeeded)} ok of ${fmt(fixed.answered)}, ${fmt(fixed.retries)} retries, ${fmt(fixed.startedLate)} started > 5 ms late), ${latencies(fixed)} from the scheduled time; ${fixedCpu}; load average ${loadAfterFixed.toFixed(2)}`);
      console.log(`            batching:                ${describeBatches(fixedBatches)}`);
      console.log(`            p99 at ${RATE}/s:             ${p99.toFixed(1)} ms (target <= ${TARGET_P99_MS} ms: ${p99 <= TARGET_P99_MS ? 'met' : 'NOT met'})`);
      if (ceiling.errors.size > 0) {
        console.log('  failed ceiling requests:');
        for (const [kind, count] of [...ceiling.errors].sort((a, b) => b[1] - a[1])) console.log(`    ${fmt(count)} × ${kind}`);
      }
      if (sends.errors.size > 0) {
        console.log('  failed sends:');
        for (const [kind, count] of [...sends.errors].sort((a, b) => b[1] - a[1])) console.log(`    ${fmt(count)} × ${kind}`);
      }
      if (STATEMENTS) await printStatements(server, max.answered + fixed.answered);
      for (const line of verdict.lines) console.log(`  ${line}`);
      const problems = [...verdict.problems, ...(sends.errors.size > 0 ? [`${fmt([...sends.errors.values()].reduce((a, b) => a + b, 0))} sends failed (above)`] : []), ...(ceiling.errors.size > 0 ? [`${fmt([...ceiling.errors.values()].reduce((a, b) => a + b, 0))} ceiling requests failed (above)`] : [])];
      console.log(problems.length === 0 ? `  ledger clean: 0 lost, 0 doubled, 0 negative (${((Date.now() - started) / 1000).toFixed(0)} s)` : `  NOT clean:\n${problems.map((problem) => `    - ${problem}`).join('\n')}`);
      return problems.length === 0 ? 0 : 1;
    } finally {
      await server.stop();
    }
  } finally {
    await postgres.stop();
  }
}

const watchdog = setTimeout(() => {
  console.error('[bench:gifts] did not finish within 10 minutes: stopping');
  process.exit(1);
}, 10 * 60_000);
watchdog.unref();
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[bench:gifts] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);

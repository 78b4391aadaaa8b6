// Runs the journeys as N Playwright processes side by side ("lanes", default 2), each with its own
// server, database, data folder, RTMP port and SMS outbox (playwright.config.ts and globalSetup.ts
// do that per process, keyed by E2E_PORT, which this runner picks per lane) and its own output
// folder (test-results/run-<runner's pid>/lane-<n>, so two runs side by side never wipe each
// other's traces). The spec files are split by measured time (lanes.mjs).
//
//   node runLanes.mjs <reports folder> [lanes] [-- <playwright args>…]
//
// Each lane runs `pnpm exec playwright test <its files> --reporter=list,json --output
// test-results/run-<pid>/lane-<n>`, writes its JSON report to <folder>/playwright-<n>.json, its
// exit code to <folder>/playwright-<n>.exitcode and its output folder (relative to e2e/) to
// <folder>/playwright-<n>.outputdir; every output line is prefixed with `[lane n]`. The
// runner exits non-zero when any lane did. Arguments after `--` go to every lane (--grep, …); spec
// files among them are run as they are, in one lane.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { computeLanes, E2E_DIR, readSpecSeconds, specFiles } from './lanes.mjs';

/** Playwright options that take a value as the next argument (so that value is not a file filter). */
const OPTIONS_WITH_VALUE = new Set([
  '-c', '--config', '-g', '--grep', '--grep-invert', '--global-timeout', '-j', '--workers', '--max-failures', '--output',
  '--project', '--repeat-each', '--reporter', '--retries', '--shard', '--timeout', '--trace', '--tsconfig', '--test-list', '--test-list-invert',
]);

/** The positional arguments of a Playwright command line: its file filters. */
export function fileFilters(args) {
  const files = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    if (arg.startsWith('-')) {
      if (OPTIONS_WITH_VALUE.has(arg)) i += 1;
      continue;
    }
    files.push(arg);
  }
  return files;
}

/** A spec path as a Playwright file filter (a regular expression) that matches that file only. */
export function asFilter(spec) {
  return spec.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The lanes to run: [{ lane, files }]. With explicit files among `passThrough`, one lane with
 * none of its own (the files are in `passThrough`); otherwise the measured split into `count`.
 * Empty lanes (fewer specs than lanes) are dropped.
 */
export function planLanes(count, passThrough, { specs = specFiles(), seconds = readSpecSeconds() } = {}) {
  if (fileFilters(passThrough).length > 0) return [{ lane: 1, files: [] }];
  return computeLanes(specs, seconds, count)
    .map((lane, index) => ({ lane: index + 1, files: lane.files.map(asFilter), seconds: lane.seconds }))
    .filter((lane) => lane.files.length > 0);
}

/** `count` distinct ports free now (held together, so no two are the same). */
async function freePorts(count) {
  const probes = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const probe = net.createServer();
      await new Promise((resolve, reject) => {
        probe.once('error', reject);
        probe.listen(0, '127.0.0.1', resolve);
      });
      probes.push(probe);
    }
    return probes.map((probe) => probe.address().port);
  } finally {
    await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  }
}

/** Writes each complete line of a stream with `prefix`; the last partial line at the end. */
function prefixLines(stream, prefix, out) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop();
    for (const line of lines) out.write(`${prefix}${line}\n`);
  });
  stream.on('end', () => {
    if (pending !== '') out.write(`${prefix}${pending}\n`);
  });
}

/** --grep and its kin may leave a lane with no test: that lane passes, the run as a whole must not (see main). */
const FILTERS_TESTS = /^(-g|--grep|--grep-invert|--test-list|--test-list-invert|--only-changed|--last-failed)(=|$)/;

function runLane({ lane, files }, { reportsDir, passThrough, port, children }) {
  const prefix = `[lane ${lane}] `;
  const report = path.join(reportsDir, `playwright-${lane}.json`);
  const outputDir = path.join('test-results', `run-${process.pid}`, `lane-${lane}`);
  rmSync(report, { force: true });
  writeFileSync(path.join(reportsDir, `playwright-${lane}.outputdir`), `${outputDir}\n`);
  const noTestsIsFine = files.length > 0 && passThrough.some((arg) => FILTERS_TESTS.test(arg));
  const args = ['exec', 'playwright', 'test', ...files, '--reporter=list,json', '--output', outputDir, ...(noTestsIsFine ? ['--pass-with-no-tests'] : []), ...passThrough];
  process.stdout.write(`${prefix}pnpm ${args.join(' ')}  (E2E_PORT=${port})\n`);
  // E2E_PORT_PICKED: a port picked for this run only, so its data folder is removed at teardown (playwright.config.ts).
  const env = { ...process.env, E2E_PORT: String(port), E2E_PORT_PICKED: '1', PLAYWRIGHT_JSON_OUTPUT_NAME: report };
  return new Promise((resolve) => {
    const child = spawn('pnpm', args, { cwd: E2E_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    prefixLines(child.stdout, prefix, process.stdout);
    prefixLines(child.stderr, prefix, process.stderr);
    const finish = (code) => {
      children.delete(child);
      writeFileSync(path.join(reportsDir, `playwright-${lane}.exitcode`), `${code}\n`);
      resolve(code);
    };
    child.once('error', (error) => {
      process.stderr.write(`${prefix}could not start pnpm: ${error.message}\n`);
      finish(127);
    });
    child.once('close', (code, signal) => finish(code ?? (signal ? 128 + (signal === 'SIGKILL' ? 9 : 15) : 1)));
  });
}

/**
 * Earlier runs' output folders go: run-<pid> folders whose runner has exited (one still running,
 * say `pnpm test:e2e` beside `npm test`, keeps its traces), and the older lane-<n> layout.
 */
export function removeFinishedRuns(resultsDir, isRunning = processIsRunning) {
  if (!existsSync(resultsDir)) return;
  for (const name of readdirSync(resultsDir)) {
    const run = /^run-(\d+)$/.exec(name);
    if (/^lane-\d+$/.test(name) || (run !== null && !isRunning(Number(run[1])))) rmSync(path.join(resultsDir, name), { recursive: true, force: true });
  }
}

function processIsRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** How many tests a lane's JSON report counts (0 when it has none). */
function testsRun(report) {
  try {
    const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = JSON.parse(readFileSync(report, 'utf8')).stats ?? {};
    return expected + unexpected + flaky + skipped;
  } catch {
    return 0;
  }
}

async function main(argv) {
  const dash = argv.indexOf('--');
  const own = dash === -1 ? argv : argv.slice(0, dash);
  const passThrough = dash === -1 ? [] : argv.slice(dash + 1);
  const [reportsArg, countArg = '2'] = own;
  const count = Number(countArg);
  if (!reportsArg || own.length > 2 || !Number.isInteger(count) || count < 1) {
    console.error('usage: node runLanes.mjs <reports folder> [lanes, default 2] [-- <playwright args>…]');
    return 2;
  }
  const reportsDir = path.resolve(reportsArg);
  mkdirSync(reportsDir, { recursive: true });
  // An earlier run's lanes (maybe more of them) must not pass for this run's: their reports,
  // exit codes and failure pages go.
  for (const file of readdirSync(reportsDir)) if (/^playwright-\d+\.(json|exitcode|outputdir)$/.test(file)) rmSync(path.join(reportsDir, file), { force: true });
  removeFinishedRuns(path.join(E2E_DIR, 'test-results'));
  const lanes = planLanes(count, passThrough);
  const ports = await freePorts(lanes.length);
  for (const lane of lanes) {
    if (lane.seconds !== undefined) console.log(`[lanes] lane ${lane.lane}: ${lane.files.length} spec files, ~${lane.seconds} s measured`);
  }
  const children = new Set();
  // Ctrl-C or a CI cancel: each lane's Playwright stops its server (its global teardown).
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      for (const child of children) child.kill(signal);
    });
  }
  const started = Date.now();
  const codes = await Promise.all(lanes.map((lane, index) => runLane(lane, { reportsDir, passThrough, port: ports[index], children })));
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`[lanes] ${codes.map((code, index) => `lane ${lanes[index].lane}: exit ${code}`).join(', ')} (${minutes} min)`);
  if (codes.some((code) => code !== 0)) return 1;
  const ran = lanes.map(({ lane }) => testsRun(path.join(reportsDir, `playwright-${lane}.json`)));
  if (ran.every((count) => count === 0)) {
    console.error('[lanes] no lane ran a test: nothing matched the filters');
    return 1;
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(E2E_DIR, 'runLanes.mjs')) {
  process.exitCode = await main(process.argv.slice(2));
}

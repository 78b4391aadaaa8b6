// The journeys' lanes: the spec files of e2e/tests split into N groups of about the same running
// time, each run by its own Playwright process with its own server (runLanes.mjs). The split is
// greedy on the seconds each spec took in a measured run (lanes/specSeconds.json, refreshed with
// `node lanes.mjs --measure <playwright JSON report>…`): longest spec first, into the lane with the
// least time so far. A spec missing from that list (a new one) counts DEFAULT_SPEC_SECONDS and
// still runs: every spec file lands in exactly one lane (lanes.test.mjs checks it).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));
export const TESTS_DIR = path.join(E2E_DIR, 'tests');
export const SPEC_SECONDS_FILE = path.join(E2E_DIR, 'lanes', 'specSeconds.json');
/** What a spec with no measured time counts (about a median spec of the measured run). */
export const DEFAULT_SPEC_SECONDS = 30;

/** Every spec file of e2e/tests, as Playwright's paths from e2e/ ('tests/x.spec.ts'), sorted. */
export function specFiles(testsDir = TESTS_DIR) {
  return readdirSync(testsDir, { recursive: true })
    .map(String)
    .filter((name) => /\.spec\.[cm]?[jt]sx?$/.test(name))
    .map((name) => path.posix.join('tests', name.split(path.sep).join('/')))
    .sort();
}

/** The measured seconds per spec ('tests/x.spec.ts' → seconds). */
export function readSpecSeconds(file = SPEC_SECONDS_FILE) {
  return JSON.parse(readFileSync(file, 'utf8')).seconds;
}

/**
 * `specs` split into `count` lanes, greedy (longest first, into the lightest lane; ties by name,
 * so the split is the same on every machine). Answers [{ files, seconds }] in lane order; a lane
 * may be empty when there are fewer specs than lanes.
 */
export function computeLanes(specs, seconds, count, defaultSeconds = DEFAULT_SPEC_SECONDS) {
  if (!Number.isInteger(count) || count < 1) throw new Error(`the number of lanes must be a whole number >= 1, got ${count}`);
  const cost = (spec) => (typeof seconds[spec] === 'number' && seconds[spec] >= 0 ? seconds[spec] : defaultSeconds);
  const lanes = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  const ordered = [...new Set(specs)].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b));
  for (const spec of ordered) {
    const lightest = lanes.reduce((best, lane) => (lane.seconds < best.seconds ? lane : best));
    lightest.files.push(spec);
    lightest.seconds += cost(spec);
  }
  for (const lane of lanes) {
    lane.files.sort();
    lane.seconds = Math.round(lane.seconds);
  }
  return lanes;
}

/** Seconds per spec file from Playwright JSON reports: the sum of its tests' results (retries included). */
export function secondsFromReports(reports) {
  const seconds = {};
  const walk = (suite, file) => {
    const specFile = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      const key = path.posix.join('tests', spec.file ?? specFile);
      for (const test of spec.tests ?? []) for (const result of test.results ?? []) seconds[key] = (seconds[key] ?? 0) + (result.duration ?? 0) / 1000;
    }
    for (const child of suite.suites ?? []) walk(child, specFile);
  };
  for (const report of reports) for (const suite of report.suites ?? []) walk(suite, suite.file);
  return Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)).map(([spec, s]) => [spec, Math.round(s)]));
}

// `node lanes.mjs [count]`: prints the lanes. `node lanes.mjs --measure <report.json>…`: rewrites
// lanes/specSeconds.json from those reports (several lanes' reports of one run together).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [first, ...rest] = process.argv.slice(2);
  if (first === '--measure') {
    if (rest.length === 0) throw new Error('usage: node lanes.mjs --measure <playwright JSON report>…');
    const seconds = secondsFromReports(rest.map((file) => JSON.parse(readFileSync(file, 'utf8'))));
    const note = 'Seconds each spec file took (its tests summed) in a measured run, for lanes.mjs: refresh with node lanes.mjs --measure <report.json>…';
    writeFileSync(SPEC_SECONDS_FILE, `${JSON.stringify({ note, seconds }, null, 2)}\n`);
    console.log(`wrote ${Object.keys(seconds).length} specs to ${SPEC_SECONDS_FILE}`);
  } else {
    const lanes = computeLanes(specFiles(), readSpecSeconds(), first === undefined ? 2 : Number(first));
    lanes.forEach((lane, index) => console.log(`lane ${index + 1} (~${lane.seconds} s): ${lane.files.join(' ')}`));
  }
}

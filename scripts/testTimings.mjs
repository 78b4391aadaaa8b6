// Where a test run's time went, for summarize-tests.mjs: each step's wall time (scripts/test.sh
// appends `name<TAB>lane<TAB>milliseconds` to <reports>/steps.tsv as each step ends) beside its
// budget in test-budgets.json, and the slowest test files read from the vitest and Playwright
// reports. A step over its budget is a warning, not a failure: these 2-core machines are noisy,
// and a budget is there to make a slow-down visible, not to fail a correct change.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BUDGETS_FILE = join(REPO_ROOT, 'scripts', 'test-budgets.json');

/** The steps in the order they ended: [{name, lane, seconds}]. A missing file is no steps. */
export function readSteps(folder) {
  const file = join(folder, 'steps.tsv');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const [name, lane, milliseconds] = line.split('\t');
      return { name, lane, seconds: Number(milliseconds) / 1000 };
    })
    .filter((step) => step.name && Number.isFinite(step.seconds));
}

/** { steps: { "<step name>": seconds } } from test-budgets.json; none when it is missing. */
export function readBudgets(file = BUDGETS_FILE) {
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')).steps ?? {};
}

/** Rows for the table: each step with its budget and whether it went over. */
export function stepRows(steps, budgets) {
  return steps.map((step) => {
    const budget = budgets[step.name];
    return { ...step, budget: budget ?? null, over: budget !== undefined && step.seconds > budget };
  });
}

/** Seconds each test file took, from every vitest-*.json and playwright*.json in the folder. */
export function fileDurations(folder) {
  const durations = [];
  for (const report of readdirSync(folder).sort()) {
    let parsed;
    try {
      if (!report.endsWith('.json') || report.endsWith('.count.json')) continue;
      parsed = JSON.parse(readFileSync(join(folder, report), 'utf8'));
    } catch {
      continue; // An unreadable report is counted as a failure by testReports.mjs, not here.
    }
    if (report.startsWith('vitest-')) durations.push(...vitestFileDurations(parsed, report));
    else if (report.startsWith('playwright')) durations.push(...playwrightFileDurations(parsed, report));
  }
  return durations;
}

function vitestFileDurations(report, source) {
  return (report.testResults ?? [])
    .filter((file) => Number.isFinite(file.startTime) && Number.isFinite(file.endTime))
    .map((file) => ({ file: displayName(file.name), seconds: (file.endTime - file.startTime) / 1000, source }));
}

/** A spec file's time: every result of every test in it (retries included: they cost time too). */
function playwrightFileDurations(report, source) {
  const byFile = new Map();
  const walk = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      const milliseconds = (spec.tests ?? []).flatMap((test) => test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
      const key = spec.file ?? here ?? '(unknown spec)';
      byFile.set(key, (byFile.get(key) ?? 0) + milliseconds);
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return [...byFile].map(([file, milliseconds]) => ({ file: `e2e/tests/${file}`, seconds: milliseconds / 1000, source }));
}

export function slowestFiles(folder, count = 10) {
  return fileDurations(folder)
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
}

/** The printed block: the steps table, then the slowest files. */
export function formatTimings(folder, budgets = readBudgets()) {
  const lines = [];
  const rows = stepRows(readSteps(folder), budgets);
  if (rows.length > 0) {
    lines.push('', 'Steps (wall time; lanes ran side by side; budgets in scripts/test-budgets.json):');
    const width = Math.max(...rows.map((row) => row.name.length));
    for (const row of rows) {
      const budget = row.budget === null ? 'no budget' : `budget ${formatSeconds(row.budget)}`;
      const warning = row.over ? `  ! over its budget by ${formatSeconds(row.seconds - row.budget)}` : '';
      lines.push(`  ${row.name.padEnd(width)}  ${row.lane.padEnd(8)} ${formatSeconds(row.seconds).padStart(8)}  ${budget}${warning}`);
    }
  }
  const slowest = slowestFiles(folder);
  if (slowest.length > 0) {
    lines.push('', `The ${slowest.length} slowest test files:`);
    for (const entry of slowest) lines.push(`  ${formatSeconds(entry.seconds).padStart(8)}  ${entry.file}`);
  }
  return lines.join('\n');
}

export function formatSeconds(seconds) {
  if (seconds < 59.95) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

function displayName(file) {
  const fromRepo = relative(REPO_ROOT, file ?? '');
  return fromRepo.startsWith('..') ? file : fromRepo;
}

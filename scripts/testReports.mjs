// Counts what each suite's report in a folder says, for summarize-tests.mjs. Reports:
//   vitest-<package>.json      vitest's JSON reporter
//   playwright-<lane>.json     Playwright's JSON reporter, one per lane (e2e/runLanes.mjs)
//   node-test-<name>.tap       node's test runner, TAP reporter
//   <name>.count.json          plain {passed, failed} (typecheck, build)
//   <report name>.exitcode     the exit code of the command that wrote <report name>.json/.tap
// A failure must never hide: a test file that failed before its tests ran (its tests then read
// 'skipped'), an error outside any test, a runner that exited non-zero while every test it
// reported passed, an unreadable report, and an expected report that is missing each count as
// one failure, with a note saying what happened.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const REPORT = /^(?<name>.+)\.(?<kind>json|tap)$/;

/** vitest JSON: counted file by file, so a file that failed with no failed test still counts. */
export function countVitest(report) {
  const counts = { passed: 0, failed: 0, skipped: 0, notes: [] };
  for (const file of report.testResults ?? []) {
    const statuses = file.assertionResults.map((test) => test.status);
    const failedTests = statuses.filter((status) => status === 'failed').length;
    counts.passed += statuses.filter((status) => status === 'passed').length;
    counts.failed += failedTests;
    // Each failed test is named in the closing summary: the end of a long CI log is often all
    // that is kept, and a suite's count alone does not say what to look at.
    for (const test of file.assertionResults.filter((result) => result.status === 'failed')) {
      counts.notes.push(`failed: ${displayName(file.name)} › ${test.fullName}: ${firstLines(test.failureMessages?.[0] ?? 'no message', 2)}`);
    }
    if (file.status === 'failed' && failedTests === 0) {
      // vitest marks the tests of a file whose beforeAll/afterAll or import failed as skipped.
      counts.failed += 1;
      const why = file.message?.trim() || 'an error in beforeAll/afterAll or at import; its output above says which';
      const notRun = statuses.length > 0 ? ` (${statuses.length} tests not run)` : '';
      counts.notes.push(`${displayName(file.name)} failed before its tests ran${notRun}: ${firstLines(why)}`);
    } else {
      counts.skipped += statuses.filter((status) => status === 'skipped' || status === 'pending' || status === 'todo').length;
    }
  }
  if (report.success === false && counts.failed === 0) {
    counts.failed += 1;
    counts.notes.push('vitest reported the run as unsuccessful with no failed test');
  }
  return counts;
}

/** The specs of a Playwright JSON report whose test has `status` ('flaky': failed, then passed on a retry), as "file › title". */
function playwrightSpecsWithStatus(report, status) {
  const found = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      if ((spec.tests ?? []).some((test) => test.status === status)) found.push(`${spec.file ?? suite.file ?? ''} › ${spec.title}`);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return found;
}

/**
 * Playwright JSON: failed tests, plus every error outside a test (globalSetup, teardown, loading a
 * spec). A flaky test (failed, then passed on CI's retry) counts as passed and is named in a note,
 * so a journey that fails now and then stays in sight.
 */
export function countPlaywright(report) {
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats ?? {};
  const errors = report.errors ?? [];
  return {
    passed: expected + flaky,
    failed: unexpected + errors.length,
    skipped,
    notes: [
      ...errors.map((error) => `error outside any test: ${firstLines(error.message ?? String(error))}`),
      ...playwrightSpecsWithStatus(report, 'flaky').map((spec) => `flaky (failed, then passed on the retry): ${spec}`),
    ],
  };
}

/** node --test's TAP: its closing '# pass N', '# fail N', … lines; none means it crashed. */
export function countNodeTest(tap) {
  const field = (name) => Number(tap.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
  if (!/^# tests \d+$/m.test(tap)) return { passed: 0, failed: 1, skipped: 0, notes: ['the TAP report has no summary (the run crashed)'] };
  return { passed: field('pass'), failed: field('fail') + field('cancelled'), skipped: field('skipped') + field('todo'), notes: [] };
}

function countReport(file, text) {
  if (file.endsWith('.count.json')) {
    const { passed = 0, failed = 0, note } = JSON.parse(text);
    return { passed, failed, skipped: 0, notes: note ? [note] : [] };
  }
  if (file.endsWith('.tap')) return countNodeTest(text);
  if (file.startsWith('vitest-')) return countVitest(JSON.parse(text));
  if (/^playwright(-[\w-]+)?\.json$/.test(file)) return countPlaywright(JSON.parse(text));
  return null;
}

/** A runner that exited non-zero failed, whatever its report says (e.g. an unhandled error after the tests). */
function readExitCode(folder, reportName) {
  const file = join(folder, `${reportName}.exitcode`);
  if (!existsSync(file)) return null;
  const code = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(code) ? code : null;
}

/**
 * One row per suite ({suite, passed, failed, skipped, notes}) and the totals. `expected` lists
 * report file names that must be there: a missing one counts as one failure.
 */
export function summarizeReports(folder, expected) {
  const rows = [];
  for (const file of readdirSync(folder).sort()) {
    const match = REPORT.exec(file);
    if (!match) continue;
    const suite = match.groups.name.replace(/\.count$/, '');
    let counts;
    try {
      counts = countReport(file, readFileSync(join(folder, file), 'utf8'));
    } catch (error) {
      counts = { passed: 0, failed: 1, skipped: 0, notes: [`unreadable report ${file}: ${firstLines(String(error))}`] };
    }
    if (counts === null) continue;
    const exitCode = readExitCode(folder, match.groups.name);
    if (exitCode !== null && exitCode !== 0 && counts.failed === 0) {
      counts.failed = 1;
      counts.notes.push(`exited with code ${exitCode} although no test failed: an error outside the tests, see its output above`);
    }
    rows.push({ suite, ...counts });
  }
  for (const file of expected) {
    if (!existsSync(join(folder, file))) rows.push({ suite: file.replace(REPORT, '$<name>'), passed: 0, failed: 1, skipped: 0, notes: ['left no report (crashed before running)'] });
  }
  const total = (field) => rows.reduce((sum, row) => sum + (row[field] ?? 0), 0);
  return { rows, passed: total('passed'), failed: total('failed'), skipped: total('skipped') };
}

function displayName(file) {
  const fromRepo = relative(REPO_ROOT, file);
  return fromRepo.startsWith('..') ? file : fromRepo;
}

function firstLines(text, count = 3) {
  return text.split('\n').filter((line) => line.trim()).slice(0, count).join(' / ');
}

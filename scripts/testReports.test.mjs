// The closing line of `npm test` must not hide a failure: every report shape a failing suite can
// leave (real vitest and Playwright reports, trimmed, in test-report-fixtures/) counts as failed.
// Run by scripts/test.sh with `node --test`; alone: `pnpm test:pkg scripts`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { summarizeReports } from './testReports.mjs';

const scriptsDir = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name) => path.join(scriptsDir, 'test-report-fixtures', name);
const totals = ({ passed, failed, skipped }) => ({ passed, failed, skipped });
const notesOf = (summary) => summary.rows.flatMap((row) => row.notes ?? []).join('\n');

describe('summarizeReports', () => {
  it('a clean run: every count as reported, nothing failed', () => {
    assert.deepEqual(totals(summarizeReports(fixture('all-passed'), ['playwright.json', 'vitest-mf-cli.json'])), { passed: 4, failed: 0, skipped: 1 });
  });

  it('vitest: a failed test is counted and named with its first message line in the summary', () => {
    const summary = summarizeReports(fixture('vitest-test-failure'), []);
    assert.deepEqual(totals(summary), { passed: 2, failed: 1, skipped: 0 });
    assert.match(notesOf(summary), /failed: \S*mf-live\/src\/player\/LivePlayer\.test\.tsx › LivePlayer says its delay once a second: AssertionError: expected null to be 1200/);
  });

  it('vitest: a file whose beforeAll failed (its tests reported as skipped) is a failure, named', () => {
    const summary = summarizeReports(fixture('vitest-before-all-failure'), []);
    assert.deepEqual(totals(summary), { passed: 1, failed: 1, skipped: 1 });
    assert.match(notesOf(summary), /a\.test\.ts failed before its tests ran \(2 tests not run\)/);
  });

  it('vitest: a file that fails to import is a failure, with its message', () => {
    const summary = summarizeReports(fixture('vitest-import-error'), []);
    assert.equal(summary.failed, 1);
    assert.match(notesOf(summary), /c\.test\.ts.*Cannot find module '\.\/missing-module'/);
  });

  it('vitest: exit code 1 with every test passed (an unhandled error) is a failure', () => {
    const summary = summarizeReports(fixture('vitest-unhandled-error'), []);
    assert.deepEqual(totals(summary), { passed: 3, failed: 1, skipped: 1 });
    assert.match(notesOf(summary), /exited with code 1/);
  });

  it('Playwright: a globalSetup error (no test ran) is a failure, with its message', () => {
    const summary = summarizeReports(fixture('playwright-global-setup-error'), []);
    assert.deepEqual(totals(summary), { passed: 0, failed: 1, skipped: 0 });
    assert.match(notesOf(summary), /RTMP port 127\.0\.0\.1:1935 is in use/);
  });

  it('Playwright: an error outside any test counts even when other tests passed', () => {
    const summary = summarizeReports(fixture('playwright-teardown-error'), []);
    // 2 passed, 1 failed in beforeAll (and 1 not run), plus the global teardown's error.
    assert.deepEqual(totals(summary), { passed: 2, failed: 2, skipped: 1 });
    assert.match(notesOf(summary), /the server exited \(code 1\) while the tests ran/);
  });

  it('Playwright: a test that failed, then passed on the retry, counts as passed and is named as flaky', () => {
    const summary = summarizeReports(fixture('playwright-flaky'), ['playwright.json']);
    assert.deepEqual(totals(summary), { passed: 2, failed: 0, skipped: 0 });
    assert.match(notesOf(summary), /flaky \(failed, then passed on the retry\): a\.spec\.mjs › fails once, then passes/);
    assert.doesNotMatch(notesOf(summary), /steady/);
  });

  it("node's test runner (TAP): failed and cancelled tests, a file that did not load, count as failed", () => {
    const summary = summarizeReports(fixture('node-test-failure'), []);
    assert.deepEqual(totals(summary), { passed: 1, failed: 2, skipped: 1 });
  });

  it('a suite that left no report, or an unreadable one, is a failure', () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'reports-'));
    try {
      writeFileSync(path.join(folder, 'vitest-server.json'), '{"numPassedTests": 12, "testRes');
      const summary = summarizeReports(folder, ['vitest-server.json', 'playwright.json']);
      assert.deepEqual(totals(summary), { passed: 0, failed: 2, skipped: 0 });
      assert.match(notesOf(summary), /unreadable report/);
      assert.match(notesOf(summary), /left no report/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('summarize-tests.mjs (what npm test prints last, and its exit code)', () => {
  const run = (name, expected) =>
    spawnSync(process.execPath, [path.join(scriptsDir, 'summarize-tests.mjs'), fixture(name), `--expect=${expected}`], { encoding: 'utf8' });
  const lastLine = (output) => output.trim().split('\n').at(-1);

  it('ends with "N passed, N failed" and exits 1 when a suite failed before its tests ran', () => {
    const result = run('vitest-before-all-failure', 'vitest-mf-cli.json');
    assert.equal(lastLine(result.stdout), '1 passed, 1 failed, 1 skipped');
    assert.equal(result.status, 1);
  });

  it('exits 0 on a clean run', () => {
    const result = run('all-passed', 'playwright.json,vitest-mf-cli.json');
    assert.equal(lastLine(result.stdout), '4 passed, 0 failed, 1 skipped');
    assert.equal(result.status, 0);
  });
});

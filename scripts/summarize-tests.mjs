// Sums every suite's report in a folder into one closing line 'N passed, N failed'.
// Reads vitest JSON (vitest-*.json), Playwright JSON (playwright.json) and plain counts
// (*.count.json). A suite that was expected but left no report counts as one failure.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const folder = process.argv[2];
const expected = ['playwright.json', ...['shared', 'host', 'mf-live', 'mf-scores', 'mf-community', 'mf-member', 'server', 'mf-cli'].map((p) => `vitest-${p}.json`)];

function countVitest(report) {
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
}

function countPlaywright(report) {
  const { expected: passed = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats ?? {};
  const errors = report.errors?.length ?? 0;
  return { passed: passed + flaky, failed: unexpected + (errors && !passed ? errors : 0), skipped };
}

const rows = [];
for (const file of readdirSync(folder).sort()) {
  const report = JSON.parse(readFileSync(join(folder, file), 'utf8'));
  if (file.endsWith('.count.json')) rows.push({ suite: file.replace('.count.json', ''), skipped: 0, ...report });
  else if (file.startsWith('vitest-')) rows.push({ suite: file.replace('.json', ''), ...countVitest(report) });
  else if (file === 'playwright.json') rows.push({ suite: 'playwright', ...countPlaywright(report) });
}
for (const file of expected) {
  if (!existsSync(join(folder, file))) rows.push({ suite: file.replace('.json', ''), passed: 0, failed: 1, skipped: 0, note: 'left no report (crashed before running)' });
}

let passed = 0;
let failed = 0;
let skipped = 0;
console.log('\nSuites:');
for (const row of rows) {
  passed += row.passed;
  failed += row.failed;
  skipped += row.skipped ?? 0;
  console.log(`  ${row.suite.padEnd(26)} ${row.passed} passed, ${row.failed} failed${row.skipped ? `, ${row.skipped} skipped` : ''}${row.note ? ` (${row.note})` : ''}`);
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);

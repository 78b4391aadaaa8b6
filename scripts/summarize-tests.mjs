// Sums every suite's report in a folder into one closing line 'N passed, N failed', and exits
// non-zero when anything failed. How each report is counted: testReports.mjs.
//   node scripts/summarize-tests.mjs <reports folder> [--expect=<report>,<report>,…]
// --expect lists the reports that must be there (a missing one is a failure); by default
// every suite scripts/test.sh runs.
import { summarizeReports } from './testReports.mjs';
import { formatTimings } from './testTimings.mjs';

/** E2E_LANES as scripts/test.sh ran the journeys (1 when unset or not a whole number). */
function lanesOf(value) {
  const lanes = Number(value ?? 1);
  return Number.isInteger(lanes) && lanes >= 1 ? lanes : 1;
}

const DEFAULT_EXPECTED = [
  'node-test-scripts.tap',
  'node-test-budgets.tap',
  // One report per Playwright lane (e2e/runLanes.mjs; E2E_LANES, default 1).
  ...Array.from({ length: lanesOf(process.env.E2E_LANES) }, (_, index) => `playwright-${index + 1}.json`),
  ...['frontend', 'server', 'mf-cli'].map((name) => `vitest-${name}.json`),
];

const [folder, ...options] = process.argv.slice(2);
const expectOption = options.find((option) => option.startsWith('--expect='));
const expected = expectOption === undefined ? DEFAULT_EXPECTED : expectOption.slice('--expect='.length).split(',').filter(Boolean);
if (!folder) {
  console.error('usage: node scripts/summarize-tests.mjs <reports folder> [--expect=<report>,…]');
  process.exit(2);
}

const { rows, passed, failed, skipped } = summarizeReports(folder, expected);
console.log('\nSuites:');
for (const row of rows) {
  console.log(`  ${row.suite.padEnd(26)} ${row.passed} passed, ${row.failed} failed${row.skipped ? `, ${row.skipped} skipped` : ''}`);
  for (const note of row.notes ?? []) console.log(`  ${''.padEnd(26)} ! ${note}`);
}
// Where the time went, before the closing line (which stays the last line of the run).
console.log(formatTimings(folder));
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);

// The CI check of the first visit's byte budgets (scripts/test.sh runs it after the build): the
// compressed JavaScript a first visit to /web/#/main loads, read from the built files
// (e2e/bench/firstVisitBytes.mjs), against e2e/bench/budgets.json. No browser, no clock: the same
// build always gives the same bytes, so a change that breaks a budget fails here, with the file
// that grew. Timings stay in `pnpm bench:site`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkBudgets, formatMeasurement, measureFirstVisit, readBudgets, REPO_ROOT } from './firstVisitBytes.mjs';

const budgets = readBudgets();
const measurement = measureFirstVisit(REPO_ROOT, budgets);
console.log(formatMeasurement(measurement, budgets));
const problems = checkBudgets(measurement, budgets);

describe('the first visit to #/main within its byte budgets (the built site)', () => {
  for (const row of measurement.packages) {
    it(`${row.package} within its budget of ${budgets.packages[row.package].budgetKiB} KiB (and its entry's)`, () => {
      assert.deepEqual(problems.filter((problem) => problem.startsWith(`${row.package}:`)), []);
    });
  }

  it(`the total within ${budgets.totalKiB} KiB`, () => {
    assert.deepEqual(problems.filter((problem) => problem.startsWith('the first visit')), []);
  });

  it('fails when a budget is broken: every package, entry and the total over a 1 KiB budget', () => {
    const tiny = structuredClone(budgets);
    tiny.totalKiB = 1;
    for (const spec of Object.values(tiny.packages)) {
      spec.budgetKiB = 1;
      // As if every group had been recorded empty: each grew, so each message names its files.
      for (const group of Object.keys(spec.load)) spec.load[group] = 0;
      if (spec.entryBudgetKiB !== undefined) spec.entryBudgetKiB = 1;
    }
    const broken = checkBudgets(measurement, tiny);
    const entries = Object.values(tiny.packages).filter((spec) => spec.entryBudgetKiB !== undefined).length;
    assert.equal(broken.length, measurement.packages.length + entries + 1, broken.join('\n'));
    for (const row of measurement.packages) {
      const message = broken.find((problem) => problem.startsWith(`${row.package}: `) && problem.includes('on the first visit'));
      assert.ok(message, `no failure for ${row.package}`);
      // The message names a file of the package (hashed chunk names change; the group is named too).
      assert.ok(row.files.some((file) => message.includes(file.file)), message);
    }
  });
});

// Opening a route's lazy parts (budgets.json `routes`, e2e/bench/routeBytes.mjs): #/score-detail's match-centre charts.
const { checkRouteBudgets, measureRoutes } = await import('./routeBytes.mjs');
const routes = measureRoutes(REPO_ROOT, budgets);

describe("opening a route's lazy parts within their budget (the built site)", () => {
  for (const row of routes) {
    it(`#/${row.route}: every lazy part adds at most ${row.budgetKB} kB`, () => {
      assert.ok(row.adds > 0, `#/${row.route}: its lazy parts count nothing`);
      assert.deepEqual(checkRouteBudgets([row]), []);
    });
  }

  it('fails when a route budget is broken, naming the chunks', () => {
    const broken = checkRouteBudgets(routes.map((row) => ({ ...row, budgetKB: 1 })));
    assert.equal(broken.length, routes.length);
    for (const [index, message] of broken.entries()) assert.ok(routes[index].files.some((file) => routes[index].addsGroups.includes(file.group) && message.includes(file.file)), message);
  });
});

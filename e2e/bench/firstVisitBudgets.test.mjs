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

// The page singletons (shared/build/createFederatedConfig.cjs): a production remote ships no copy
// of any (`import: false`), so the host must provide every one it lists in mf-host-shared.json,
// which the control plane checks releases against; one it listed but did not provide broke every
// page importing it (a remote's route failing with "Can not get '@sports/shared/follows'").
const { readFileSync } = await import('node:fs');
const { join } = await import('node:path');
const readBuilt = (folder, file) => JSON.parse(readFileSync(join(REPO_ROOT, folder, 'dist', file), 'utf8'));

describe('the page singletons: the host provides each one it lists, the remotes ship none (the built site)', () => {
  const listed = Object.keys(readBuilt('host', 'mf-host-shared.json'));
  const graph = readBuilt('host', 'load-graph.json');
  const groups = new Set(Object.keys(graph.groups ?? graph));
  it(`the host provides all ${listed.length} it lists`, () => {
    assert.ok(listed.length >= 11, listed.join(', '));
    assert.deepEqual(listed.filter((name) => !groups.has(`provide:${name}`)), []);
  });
  for (const remote of ['mf-live', 'mf-scores', 'mf-community', 'mf-member']) {
    it(`${remote} takes each from the host and ships no copy`, () => {
      const shared = readBuilt(remote, 'mf-manifest.json').shared;
      assert.ok(shared.some((entry) => entry.name === 'react'), `${remote} does not share react`);
      assert.deepEqual(shared.filter((entry) => !listed.includes(entry.name)).map((entry) => entry.name), []);
      assert.deepEqual(shared.flatMap((entry) => [...entry.assets.js.sync, ...entry.assets.js.async]), []);
    });
  }
});

// The closing table of `npm test`: each step's time beside its budget, and the slowest files read
// from real report shapes. Run by scripts/test.sh with `node --test`; alone: `pnpm test:pkg scripts`.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { BUDGETS_FILE, formatSeconds, formatTimings, readBudgets, readSteps, slowestFiles, stepRows } from './testTimings.mjs';

let folder;
beforeEach(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), 'test-timings-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const write = (name, content) => writeFileSync(path.join(folder, name), typeof content === 'string' ? content : JSON.stringify(content));

describe('step times', () => {
  it('reads the steps test.sh appended, in order, and skips a torn line', () => {
    write('steps.tsv', 'install (pnpm)\tsetup\t12500\nvitest server\tserver\t301000\nbroken line\n\n');
    assert.deepEqual(readSteps(folder), [
      { name: 'install (pnpm)', lane: 'setup', seconds: 12.5 },
      { name: 'vitest server', lane: 'server', seconds: 301 },
    ]);
  });

  it('a step over its budget is marked, one under or without a budget is not', () => {
    const rows = stepRows(
      [
        { name: 'a', lane: 'checks', seconds: 70 },
        { name: 'b', lane: 'checks', seconds: 10 },
        { name: 'c', lane: 'checks', seconds: 10 },
      ],
      { a: 60, b: 60 },
    );
    assert.deepEqual(rows.map((row) => [row.name, row.budget, row.over]), [['a', 60, true], ['b', 60, false], ['c', null, false]]);
  });

  it('the printed table says the time, the budget and by how much a step went over', () => {
    write('steps.tsv', 'playwright (2 lanes)\tjourneys\t700000\nbyte budgets\tchecks\t1200\n');
    const text = formatTimings(folder, { 'playwright (2 lanes)': 600, 'byte budgets': 10 });
    assert.match(text, /playwright \(2 lanes\)\s+journeys\s+11 min 40 s\s+budget 10 min 00 s\s+! over its budget by 1 min 40 s/);
    assert.match(text, /byte budgets\s+checks\s+1\.2 s\s+budget 10\.0 s$/m);
  });

  it('every step test.sh records has a budget in test-budgets.json', async () => {
    const script = (await import('node:fs')).readFileSync(path.join(path.dirname(BUDGETS_FILE), 'test.sh'), 'utf8');
    const named = [...script.matchAll(/timed "([^"$]+)"/g)].map((match) => match[1]);
    assert.ok(named.length >= 10, `found only ${named.length} timed steps in test.sh`);
    const budgets = readBudgets();
    for (const name of named) assert.ok(name in budgets, `test-budgets.json has no budget for the step "${name}"`);
    assert.ok('whole run' in budgets);
  });

  it('seconds read as people read them', () => {
    assert.equal(formatSeconds(4.25), '4.3 s');
    assert.equal(formatSeconds(59.97), '1 min 00 s');
    assert.equal(formatSeconds(119.6), '2 min 00 s');
    assert.equal(formatSeconds(1200), '20 min 00 s');
  });
});

describe('the slowest files', () => {
  it('come from vitest files and Playwright specs (retries counted), slowest first, ten at most', () => {
    write('vitest-server.json', {
      testResults: Array.from({ length: 12 }, (_, index) => ({ name: `/x/server/src/f${index}.test.ts`, startTime: 1000, endTime: 1000 + index * 1000, assertionResults: [] })),
    });
    write('playwright-1.json', {
      suites: [
        { file: 'gifts.spec.ts', specs: [{ title: 'a', tests: [{ results: [{ duration: 30_000 }, { duration: 20_000 }] }] }], suites: [] },
        { file: 'home.spec.ts', specs: [], suites: [{ title: 'inner', specs: [{ title: 'b', tests: [{ results: [{ duration: 9_500 }] }] }] }] },
      ],
    });
    write('vitest-broken.json', '{ not json');
    write('typecheck-server.count.json', { passed: 1, failed: 0 });
    const slowest = slowestFiles(folder);
    assert.equal(slowest.length, 10);
    assert.deepEqual(slowest.slice(0, 3).map((entry) => [entry.file, entry.seconds]), [
      ['e2e/tests/gifts.spec.ts', 50],
      ['/x/server/src/f11.test.ts', 11],
      ['/x/server/src/f10.test.ts', 10],
    ]);
    assert.ok(slowest.some((entry) => entry.file === 'e2e/tests/home.spec.ts' && entry.seconds === 9.5));
  });
});

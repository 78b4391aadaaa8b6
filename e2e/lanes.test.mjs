// The journeys' lanes (lanes.mjs, runLanes.mjs): no spec file is ever left out of a run, none runs
// twice, and a lane's file filters select its files and no other. Run with `node --test`.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { computeLanes, DEFAULT_SPEC_SECONDS, E2E_DIR, readSpecSeconds, secondsFromReports, specFiles } from './lanes.mjs';
import { asFilter, fileFilters, planLanes, removeFinishedRuns } from './runLanes.mjs';

const specs = specFiles();
const seconds = readSpecSeconds();

/** Which of `all` Playwright runs for these file filters (its own rule: each a case-insensitive RegExp on the absolute path). */
function selectedBy(filters, all) {
  return all.filter((spec) => filters.some((filter) => new RegExp(filter, 'gi').test(path.join(E2E_DIR, spec))));
}

describe('lanes', () => {
  it('finds the journeys', () => assert.ok(specs.length > 30, `only ${specs.length} spec files in e2e/tests`));

  for (const count of [1, 2, 3, 4]) {
    it(`with ${count} lane(s), every spec file of e2e/tests is in exactly one lane`, () => {
      const lanes = computeLanes(specs, seconds, count);
      assert.equal(lanes.length, count);
      const placed = lanes.flatMap((lane) => lane.files);
      assert.deepEqual([...placed].sort(), specs, 'each spec once, none missing, none extra');
    });

    it(`with ${count} lane(s), each lane's file filters select exactly its spec files`, () => {
      for (const { files } of planLanes(count, [], { specs, seconds })) {
        const lane = computeLanes(specs, seconds, count).find((candidate) => candidate.files.map(asFilter).join() === files.join());
        assert.ok(lane, 'planLanes matches computeLanes');
        assert.deepEqual(selectedBy(files, specs), lane.files);
      }
    });
  }

  it('a spec with no measured time still runs, counted at the default', () => {
    const withNew = [...specs, 'tests/zzBrandNew.spec.ts'].sort();
    const lanes = computeLanes(withNew, seconds, 2);
    assert.deepEqual(lanes.flatMap((lane) => lane.files).sort(), withNew);
    const own = lanes.find((lane) => lane.files.includes('tests/zzBrandNew.spec.ts'));
    const before = computeLanes(specs, seconds, 2).reduce((sum, lane) => sum + lane.seconds, 0);
    assert.equal(lanes.reduce((sum, lane) => sum + lane.seconds, 0), before + DEFAULT_SPEC_SECONDS);
    assert.ok(own);
  });

  it('balances the two lanes by measured time: they differ by at most the longest spec', () => {
    const [a, b] = computeLanes(specs, seconds, 2);
    const longest = Math.max(...specs.map((spec) => seconds[spec] ?? DEFAULT_SPEC_SECONDS));
    assert.ok(Math.abs(a.seconds - b.seconds) <= longest, `${a.seconds} s vs ${b.seconds} s`);
  });

  it('the same split on every machine (ties broken by name)', () => {
    const tied = ['tests/b.spec.ts', 'tests/a.spec.ts', 'tests/c.spec.ts', 'tests/d.spec.ts'];
    assert.deepEqual(computeLanes(tied, {}, 2).map((lane) => lane.files), [['tests/a.spec.ts', 'tests/c.spec.ts'], ['tests/b.spec.ts', 'tests/d.spec.ts']]);
  });

  it('explicit spec files after -- run in one lane, as given; options and their values are not files', () => {
    assert.deepEqual(fileFilters(['--grep', 'gift', 'tests/gifts.spec.ts', '--retries=0', '-g', 'x']), ['tests/gifts.spec.ts']);
    assert.deepEqual(fileFilters(['--grep', 'gift', '--headed']), []);
    assert.deepEqual(planLanes(2, ['tests/gifts.spec.ts'], { specs, seconds }), [{ lane: 1, files: [] }]);
    assert.equal(planLanes(2, ['--grep', 'gift'], { specs, seconds }).length, 2);
  });

  it('reads per-spec seconds from Playwright JSON reports (retries included)', () => {
    const report = {
      suites: [
        { title: 'a.spec.ts', file: 'a.spec.ts', specs: [{ file: 'a.spec.ts', tests: [{ results: [{ duration: 1500 }, { duration: 500 }] }] }], suites: [] },
        { title: 'b.spec.ts', file: 'b.spec.ts', specs: [], suites: [{ title: 'group', specs: [{ file: 'b.spec.ts', tests: [{ results: [{ duration: 3000 }] }] }] }] },
      ],
    };
    assert.deepEqual(secondsFromReports([report]), { 'tests/a.spec.ts': 2, 'tests/b.spec.ts': 3 });
  });

  it("removes finished runs' output folders and the old lane-<n> layout, never a running run's", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lanes-'));
    try {
      for (const name of ['run-111', 'run-222', 'lane-1', 'keep-me']) mkdirSync(path.join(dir, name, 'x'), { recursive: true });
      removeFinishedRuns(dir, (pid) => pid === 222);
      assert.deepEqual(['run-111', 'run-222', 'lane-1', 'keep-me'].map((name) => existsSync(path.join(dir, name))), [false, true, false, true]);
      removeFinishedRuns(path.join(dir, 'missing'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// The first visit's byte budgets (firstVisitBytes.mjs) on a small fixture site: which files are
// counted, how, and that a broken budget fails with the file that grew. The check of the real
// build runs after the build: e2e/bench/firstVisitBudgets.test.mjs.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { checkBudgets, compressedSizes, firstVisitFiles, measureFirstVisit } from './firstVisitBytes.mjs';

const root = mkdtempSync(path.join(os.tmpdir(), 'first-visit-bytes-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** Text that compresses like code (repetitive), so sizes are stable and well above 1 KiB. */
const code = (kib) => Buffer.from(Array.from({ length: kib * 16 }, (_, index) => `const value${index % 50} = compute(${index % 7});\n`).join('').slice(0, kib * 1024));

function writeDist(name, groups, files) {
  const dist = path.join(root, name, 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(dist, 'load-graph.json'), JSON.stringify({ schemaVersion: 1, groups }));
  for (const [file, content] of Object.entries(files)) writeFileSync(path.join(dist, file), content);
}

writeDist(
  'host',
  { 'entry:main': ['main.js'], 'import:src/bootstrap.tsx': ['1.aaaaaaaaaa.js', 'tiny.bbbbbbbbbb.js'], 'provide:react': ['1.aaaaaaaaaa.js'], 'import:src/ops/OpsPage.tsx': ['9.cccccccccc.js'] },
  // main.js comes with the build's brotli 11 copy (a stand-in of 777 bytes): that is what is sent.
  { 'main.js': code(20), 'main.js.br': Buffer.alloc(777), '1.aaaaaaaaaa.js': code(40), 'tiny.bbbbbbbbbb.js': Buffer.from('x'.repeat(500)), '9.cccccccccc.js': code(30) },
);
// Random bytes do not compress: an entry that grew by 8 KiB of them is 8 KiB more on the wire.
writeDist('mf-live', { 'entry:mf_live': ['remoteEntry.js'], 'expose:./widgets': ['w.dddddddddd.js'] }, { 'remoteEntry.js': Buffer.concat([code(10), randomBytes(8 * 1024)]), 'w.dddddddddd.js': code(2) });

function budgets(overrides = {}) {
  return {
    totalKiB: 100,
    packages: {
      host: { budgetKiB: 50, entryBudgetKiB: 20, load: { 'entry:main': 1000, 'import:src/bootstrap.tsx': 1000, 'provide:react': 0 }, ...overrides.host },
      'mf-live': { budgetKiB: 30, entryBudgetKiB: 20, load: { 'entry:mf_live': 1000, 'expose:./widgets': 1000 }, ...overrides['mf-live'] },
    },
    ...overrides.top,
  };
}

describe('first visit bytes', () => {
  it('counts the files of the groups the visit loads, each once, and not the pages it does not open', () => {
    const files = firstVisitFiles(root, budgets()).map((row) => ({ package: row.package, files: row.files.map((file) => `${file.file} ${file.group}`) }));
    assert.deepEqual(files, [
      { package: 'host', files: ['main.js entry:main', '1.aaaaaaaaaa.js import:src/bootstrap.tsx', 'tiny.bbbbbbbbbb.js import:src/bootstrap.tsx'] },
      { package: 'mf-live', files: ['remoteEntry.js entry:mf_live', 'w.dddddddddd.js expose:./widgets'] },
    ]);
  });

  it("counts what the server sends: the build's .br where there is one", () => {
    const host = measureFirstVisit(root, budgets()).packages.find((row) => row.package === 'host');
    const main = host.files.find((file) => file.file === 'main.js');
    assert.equal(main.sent, 777);
    assert.equal(main.precompressed, true);
    assert.notEqual(main.br, 777, 'the on-the-fly size is reported beside');
  });

  it('else brotli (quality 4) made on the fly, for every file however small', () => {
    const small = compressedSizes(Buffer.from('x'.repeat(500)));
    assert.equal(small.sent, small.br);
    assert.ok(small.br < 50);
    const large = compressedSizes(code(40));
    assert.equal(large.sent, large.br);
    assert.ok(large.br < large.raw / 4, 'repetitive code compresses');
    const measurement = measureFirstVisit(root, budgets());
    const host = measurement.packages.find((row) => row.package === 'host');
    assert.equal(host.sent, host.files.reduce((sum, file) => sum + file.sent, 0));
    assert.equal(measurement.sent, measurement.packages.reduce((sum, row) => sum + row.sent, 0));
  });

  it('passes within budget', () => {
    assert.deepEqual(checkBudgets(measureFirstVisit(root, budgets()), budgets()), []);
  });

  it('fails a package over a tiny budget, naming the file that grew past its recorded bytes', () => {
    const tiny = budgets({ 'mf-live': { budgetKiB: 1 } });
    const problems = checkBudgets(measureFirstVisit(root, tiny), tiny);
    assert.equal(problems.length, 1, problems.join('\n'));
    assert.match(problems[0], /^mf-live: [\d.]+ KiB on the first visit, over its budget of 1 KiB/);
    assert.match(problems[0], /entry:mf_live grew 1\.0 KiB -> [\d.]+ KiB \(remoteEntry\.js [\d.]+ KiB\)/);
  });

  it("fails an entry over its own budget, naming the entry's file", () => {
    const tiny = budgets({ 'mf-live': { entryBudgetKiB: 4 } });
    const problems = checkBudgets(measureFirstVisit(root, tiny), tiny);
    assert.equal(problems.length, 1, problems.join('\n'));
    assert.match(problems[0], /^mf-live: its entry \(remoteEntry\.js\) is [\d.]+ KiB, over its budget of 4 KiB/);
  });

  it('fails the total over its budget, listing what grew', () => {
    const tiny = budgets({ top: { totalKiB: 5 } });
    const problems = checkBudgets(measureFirstVisit(root, tiny), tiny);
    assert.equal(problems.length, 1, problems.join('\n'));
    assert.match(problems[0], /^the first visit to #\/main is [\d.]+ KiB of compressed JavaScript, over its budget of 5 KiB: grew: .*mf-live entry:mf_live 1\.0 KiB -> /);
  });

  it('refuses a group the build does not name (a budget that silently counts nothing)', () => {
    const renamed = budgets({ host: { load: { 'entry:main': 0, 'import:src/Gone.tsx': 0 } } });
    assert.throws(() => measureFirstVisit(root, renamed), /host: budgets.json loads 'import:src\/Gone.tsx', which host\/dist\/load-graph.json does not name/);
  });

  it('says to build first when a package has no load graph', () => {
    const missing = budgets({ top: { packages: { 'mf-scores': { budgetKiB: 1, load: { 'entry:mf_scores': 0 } } } } });
    assert.throws(() => measureFirstVisit(root, missing), /mf-scores\/dist\/load-graph.json is missing or unreadable .*build the site first/);
  });
});

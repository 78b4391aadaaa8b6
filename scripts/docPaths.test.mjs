// The doc-path check (scripts/check-doc-paths.mjs) keeps the docs' file maps true: every path
// written in backticks in docs/, host/README.md, shared/README.md and the remotes' READMEs must
// exist. This runs it on the repository (it must be clean), and on a small temporary tree with
// one planted missing path to prove it fails, names the file, line and path, and stays quiet on
// what is not a path (URLs, API routes, packages, globs, placeholders, build output, commands).
// Run by scripts/test.sh with `node --test`; alone: `node --test scripts/docPaths.test.mjs`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { findMissingPaths, findUnlistedFlows, isCandidatePath } from './check-doc-paths.mjs';

const checker = path.join(path.dirname(fileURLToPath(import.meta.url)), 'check-doc-paths.mjs');

/** Runs the checker as a process, as a CI step would: exit code and output. */
function runChecker(args) {
  const result = spawnSync(process.execPath, [checker, ...args], { encoding: 'utf8' });
  return { code: result.status, output: result.stdout + result.stderr };
}

/** A tree laid out like this repository: a few real files, docs/ and package READMEs naming them. */
function buildTree(files) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'doc-paths-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  return root;
}

const REAL_FILES = {
  'server/src/app.ts': '',
  'host/src/federation/remoteAssignments.ts': '',
  'shared/src/realtime/backoff.ts': '',
};

/** Names every kind of thing that is not a repository path, plus real paths: must pass. */
const CLEAN_DOC = [
  '# A page',
  'The app is built in `server/src/app.ts`; the host asks in `host/src/federation/remoteAssignments.ts`.',
  'Folders: `host/src/federation/` and `server/src/`.',
  'Not paths: `/api/mf/remotes`, `/ws/live-data`, `https://example.com/a/b.js`, `api/user/login`,',
  '`@sports/shared/webpack`, `mf-*/README.md`, `<remote>/routes`, `mf-<name>/package.json`,',
  '`{stream}/index.m3u8`, `mf-live/dist/remoteEntry.js`, `server/.data/sms-outbox.jsonl`,',
  '`../shared/SPEC.md`, `0.1.0-3f9a1c2b0d/`, `a b/c.ts`, `src/x.ts?id=1`, `user/`, `react-dom/client`.',
  '```sh',
  'tail -f `server/src/nowhere.ts`',
  '```',
  '',
].join('\n');

describe('doc paths', () => {
  const roots = [];
  after(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

  it('the repository: every path its docs and READMEs name exists', () => {
    const { code, output } = runChecker([]);
    assert.equal(code, 0, output);
    assert.match(output, /0 missing/);
    const { files, checked } = findMissingPaths();
    // The check must be reading the docs, or a clean result means nothing.
    assert.ok(files.includes(path.join('docs', 'architecture.md')) && files.includes('host/README.md') && files.includes('shared/README.md'), files.join(', '));
    assert.ok(checked > 100, `only ${checked} paths checked`);
  });

  it('a tree whose docs name only real paths, and many things that are not paths, passes', () => {
    const root = buildTree({ ...REAL_FILES, 'docs/README.md': CLEAN_DOC });
    roots.push(root);
    const { code, output } = runChecker(['--root', root]);
    assert.equal(code, 0, output);
    assert.match(output, /4 paths in 1 files checked, 0 missing/);
  });

  it('a planted missing path in docs/ fails, naming the file, the line and the path', () => {
    const root = buildTree({ ...REAL_FILES, 'docs/README.md': CLEAN_DOC, 'docs/flows/goal.md': '# Goal\n\nThe hub is in `server/src/realtime/renamedHub.ts`.\n' });
    roots.push(root);
    const { code, output } = runChecker(['--root', root]);
    assert.equal(code, 1, output);
    assert.match(output, /docs\/flows\/goal\.md:3: server\/src\/realtime\/renamedHub\.ts does not exist/);
    assert.match(output, /1 missing/);
  });

  it('every flow page is linked from docs/README.md: an unlisted one fails, naming the page', () => {
    assert.deepEqual(findUnlistedFlows(), []);
    const listed = '# Docs\n- [flows/goal.md](flows/goal.md) — a goal.\n';
    const root = buildTree({ ...REAL_FILES, 'docs/README.md': listed, 'docs/flows/goal.md': '# Goal\n', 'docs/flows/gift.md': '# Gift\n' });
    roots.push(root);
    assert.deepEqual(findUnlistedFlows({ root }), ['docs/flows/gift.md']);
    const { code, output } = runChecker(['--root', root]);
    assert.equal(code, 1, output);
    assert.match(output, /docs\/flows\/gift\.md is not linked from docs\/README\.md/);
    writeFileSync(path.join(root, 'docs/README.md'), `${listed}- [flows/gift.md](flows/gift.md) — a gift.\n`);
    assert.equal(runChecker(['--root', root]).code, 0);
  });

  it('docs/ paths are repo-relative: a path relative to a package is missing there', () => {
    const root = buildTree({ ...REAL_FILES, 'docs/README.md': 'See `federation/remoteAssignments.ts`.\n' });
    roots.push(root);
    assert.deepEqual(findMissingPaths({ root }).missing, [{ file: path.join('docs', 'README.md'), line: 1, path: 'federation/remoteAssignments.ts' }]);
  });

  it('a package README may name paths from its folder or its src/, and a renamed file there fails', () => {
    const readme = '# host\n- `federation/remoteAssignments.ts` asks the server.\n- `src/federation/` loads remotes.\n- `federation/reportRemoteFailure.ts` reports.\n';
    const root = buildTree({ ...REAL_FILES, 'host/README.md': readme, 'shared/README.md': '- `realtime/backoff.ts`, `src/realtime/`\n' });
    roots.push(root);
    assert.deepEqual(findMissingPaths({ root }).missing, [{ file: 'host/README.md', line: 4, path: 'federation/reportRemoteFailure.ts' }]);
  });

  it('tells paths from other backtick spans', () => {
    for (const path of ['server/src/app.ts', 'host/src/goals/', 'docs/how-to/add-a-screen.md', '.ci/run.sh', 'e2e/tests/csp.spec.ts']) {
      assert.equal(isCandidatePath(path), true, path);
    }
    for (const text of ['/web/', 'api/Live/getLiveUrl', 'tenxun/getUserSig', '@sports/shared/server', 'mf-*/README.md', '<remote>/routes', 'host/dist/index.html', 'user/', 'x', 'npm test', 'http://a/b.c', '../shared/DESIGN.md', 'DATA_DIR/sms-outbox.jsonl', 'SITE_ROOT/host/']) {
      assert.equal(isCandidatePath(text), false, text);
    }
  });
});

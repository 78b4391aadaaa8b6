// The import-boundary check (scripts/check-boundaries.mjs, rules in .dependency-cruiser.cjs) must
// fail on a violating import, not just pass. Each case builds a small tree laid out like this
// repository (package folders, a pnpm-style symlink for @sports/shared with its "exports"), adds
// one violating import, runs the real checker on it with the real rules, and expects exit 1 with
// the rule and the offending file named. The same tree without the violation passes. The
// repository itself is checked once, by the "import boundaries" step of scripts/test.sh. Run by scripts/test.sh with `node --test`; alone: `pnpm test:pkg scripts`.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { DOMAIN_LOOP_RULE } from './check-boundaries.mjs';

const scriptsDir = path.dirname(fileURLToPath(import.meta.url));
const checker = path.join(scriptsDir, 'check-boundaries.mjs');

/** Runs the checker as `npm test` does (a process, its exit code and output). */
function runChecker(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [checker, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** A tree that keeps every rule: the allowed imports of each kind, so none of them may count. */
const CLEAN_TREE = {
  'shared/package.json': JSON.stringify({
    name: '@sports/shared',
    exports: { '.': './src/index.ts', './server': './src/server.ts', './testing': './src/testing/index.ts' },
  }),
  'shared/src/index.ts': "export * from './server';\nexport const bus = 1;\n",
  'shared/src/server.ts': 'export const RESPONSE_OK = 0;\nexport interface Envelope { code: number }\n',
  'shared/src/testing/index.ts': "import { bus } from '../index';\nexport const fake = bus;\n",
  // A remote: its own files and @sports/shared by name (a value and a type-only import).
  'mf-live/src/index.ts': "import { bus } from '@sports/shared';\nimport type { Envelope } from '@sports/shared/server';\nimport { own } from './own';\nexport const x: Envelope = { code: bus + own };\n",
  'mf-live/src/own.ts': 'export const own = 1;\n',
  // A test may use the shared test kit.
  'mf-live/src/index.test.ts': "import { fake } from '@sports/shared/testing';\nexport const y = fake;\n",
  // Build output is not source: excluded even though it would break a rule.
  'mf-live/dist/bundle.js': "import '../../host/src/index';\n",
  'mf-scores/src/index.ts': "import { bus } from '@sports/shared';\nexport const s = bus;\n",
  'host/src/index.ts': "import { bus } from '@sports/shared';\nexport const h = bus;\n",
  // The server: main.ts → app.ts never reaches testing/; tests do.
  'server/src/main.ts': "import { app } from './app';\napp();\n",
  'server/src/app.ts': "import { RESPONSE_OK } from '@sports/shared/server';\nexport const app = () => RESPONSE_OK;\n",
  'server/src/testing/kit.ts': "import { app } from '../app';\nexport const kit = app;\n",
  'server/src/app.test.ts': "import { kit } from './testing/kit';\nkit();\n",
  // The server's domains over infra/: a domain uses infra and another domain's index.ts; a test
  // may reach behind an index (it builds the whole app).
  'server/src/infra/http/envelope.ts': 'export const ok = (data: number) => data;\n',
  'server/src/live/index.ts': "export { rooms } from './rooms';\n",
  'server/src/live/rooms.ts': "import { ok } from '../infra/http/envelope';\nexport const rooms = () => ok(1);\n",
  'server/src/chat/index.ts': "export { hub } from './hub';\n",
  'server/src/chat/hub.ts': "import { rooms } from '../live/index';\nexport const hub = rooms;\n",
  'server/src/chat/hub.test.ts': "import { rooms } from '../live/rooms';\nimport { app } from '../app';\nexport const t = [rooms, app];\n",
  // The server's one entry for the benchmarks (server/src/benchKit.ts in the repository).
  'server/package.json': JSON.stringify({ name: '@sports/server', exports: { './bench': './src/benchKit.ts' } }),
  'server/src/benchKit.ts': "export { app } from './app';\n",
  // bench: the server through that entry, by name, and @sports/shared.
  'bench/run.ts': "import { app } from '@sports/server/bench';\nimport type { Envelope } from '@sports/shared/server';\nexport const r: Envelope = { code: app() };\n",
};

/** pnpm links a workspace dependency into the package's node_modules: package → its links. */
const WORKSPACE_LINKS = {
  'mf-live': ['shared'],
  'mf-scores': ['shared'],
  host: ['shared'],
  server: ['shared'],
  bench: ['shared', 'server'],
};

function buildTree(extraFiles) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  for (const [file, text] of Object.entries({ ...CLEAN_TREE, ...extraFiles })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  for (const [pkg, targets] of Object.entries(WORKSPACE_LINKS)) {
    mkdirSync(path.join(root, pkg, 'node_modules', '@sports'), { recursive: true });
    for (const target of targets) symlinkSync(path.join(root, target), path.join(root, pkg, 'node_modules', '@sports', target), 'dir');
  }
  return root;
}

async function checkTree(extraFiles) {
  const root = buildTree(extraFiles);
  try {
    return await runChecker(['--root', root]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * One violating import per rule: the rule, the file holding the import, the line expected in the
 * output, every rule the import breaks (a relative path into another package also breaks
 * no-deep-import-across-packages) and, where two cases share a line, what tells them apart.
 */
const DEEP = 'no-deep-import-across-packages';
const VIOLATIONS = [
  ['remote-not-to-remote', { 'mf-live/src/probe.ts': "import { s } from '../../mf-scores/src/index';\nexport const p = s;\n" }, 'mf-live/src/probe.ts -> mf-scores/src/index.ts', [DEEP]],
  // Type-only: erased at run time, still a coupling between packages.
  ['remote-only-own-files-and-shared', { 'mf-live/src/probe.ts': "import type { h } from '../../host/src/index';\nexport type P = typeof h;\n" }, 'mf-live/src/probe.ts -> host/src/index.ts', [DEEP]],
  // Not installed in a remote (only the host depends on the router): unresolved, still refused.
  ['only-the-host-routes', { 'mf-live/src/probe.ts': "import { useLocation } from 'wouter';\nexport const p = useLocation;\n" }, 'mf-live/src/probe.ts -> wouter', []],
  ['shared-imports-no-app', { 'shared/src/probe.ts': "import { app } from '../../server/src/app';\nexport const p = app;\n" }, 'shared/src/probe.ts -> server/src/app.ts', [DEEP]],
  // A dynamic import counts too.
  ['host-not-to-remote-or-server', { 'host/src/probe.ts': "export const load = () => import('../../mf-live/src/index');\n" }, 'host/src/probe.ts -> mf-live/src/index.ts', [DEEP]],
  ['server-not-to-host-or-remote', { 'server/src/probe.ts': "import { h } from '../../host/src/index';\nexport const p = h;\n" }, 'server/src/probe.ts -> host/src/index.ts', [DEEP]],
  // The case issue 11 found: a server test reaching past @sports/shared's exports.
  [DEEP, { 'server/src/chat/probe.test.ts': "import { bus } from '../../../shared/src/index';\nexport const p = bus;\n" }, 'server/src/chat/probe.test.ts -> shared/src/index.ts', []],
  // What bench did before issue 11: the server's source by relative path.
  ['bench-reaches-server-only-through-its-entry', { 'bench/probe.ts': "import { app } from '../server/src/app';\nexport const p = app;\n" }, 'bench/probe.ts -> server/src/app.ts', [DEEP]],
  // By name too: a second server entry the benchmarks could reach around benchKit.ts.
  ['bench-reaches-server-only-through-its-entry', { 'server/package.json': JSON.stringify({ name: '@sports/server', exports: { './bench': './src/benchKit.ts', './app': './src/app.ts' } }), 'bench/probe.ts': "import { app } from '@sports/server/app';\nexport const p = app;\n" }, 'bench/probe.ts -> server/src/app.ts', [], 'by a second server entry'],
  // The entry itself, but by relative path past the server's exports.
  [DEEP, { 'bench/probe.ts': "import { app } from '../server/src/benchKit';\nexport const p = app;\n" }, 'bench/probe.ts -> server/src/benchKit.ts', []],
  ['workspace-import-must-be-exported', { 'mf-live/src/probe.ts': "import { bus } from '@sports/shared/src/index';\nexport const p = bus;\n" }, 'mf-live/src/probe.ts -> @sports/shared/src/index', []],
  // Reached from main.ts through app.ts, by a type-only import.
  ['server-runtime-not-to-testing', { 'server/src/app.ts': "import { RESPONSE_OK } from '@sports/shared/server';\nimport type { kit } from './testing/kit';\nexport const app = (k?: typeof kit) => RESPONSE_OK;\n" }, 'server/src/main.ts -> server/src/testing/kit.ts via', []],
  // The server's layering: infra below the domains, domains through each other's index.ts, the root on top.
  ['server-infra-imports-no-domain', { 'server/src/infra/http/probe.ts': "import { rooms } from '../../live/index';\nexport const p = rooms;\n" }, 'server/src/infra/http/probe.ts -> server/src/live/index.ts', []],
  ['server-infra-imports-no-domain', { 'server/src/infra/http/probe.ts': "import { app } from '../../app';\nexport const p = app;\n" }, 'server/src/infra/http/probe.ts -> server/src/app.ts', [], 'a root file'],
  ['server-domain-through-index', { 'server/src/chat/probe.ts': "import { rooms } from '../live/rooms';\nexport const p = rooms;\n" }, 'server/src/chat/probe.ts -> server/src/live/rooms.ts', []],
  ['server-domain-not-to-root', { 'server/src/chat/probe.ts': "import { app } from '../app';\nexport const p = app;\n" }, 'server/src/chat/probe.ts -> server/src/app.ts', []],
  // Each import goes through an index.ts, so no single import breaks a rule: only the folders loop.
  [DOMAIN_LOOP_RULE, { 'server/src/live/presence.ts': "import { hub } from '../chat/index';\nexport const p = hub;\n" }, 'server/src/chat -> server/src/live -> server/src/chat', []],
  ['shared-testing-only-in-tests', { 'host/src/probe.tsx': "import { fake } from '@sports/shared/testing';\nexport const p = fake;\n" }, 'host/src/probe.tsx -> shared/src/testing/index.ts', []],
];

/** The rule names of the printed violations (`… (rule-name: why)`), sorted. */
const rulesIn = (output) => [...output.matchAll(/^\S+ -> .* \(([a-z-]+): /gm)].map((match) => match[1]).sort();

describe('import boundaries (scripts/check-boundaries.mjs)', () => {
  it('a tree that keeps the rules passes: package-name imports, tests using test kits, bench -> @sports/server/bench, dist/ ignored', async () => {
    const { code, output } = await checkTree({});
    assert.equal(code, 0, output);
    assert.match(output, /import boundaries: clean/);
  });

  for (const [rule, files, line, alsoBroken, how = ''] of VIOLATIONS) {
    it(`fails on a violating import: ${rule} (${line}${how ? `, ${how}` : ''})`, async () => {
      const { code, output } = await checkTree(files);
      assert.equal(code, 1, output);
      // `from -> to (rule: why)`, with the rule's reason after the colon.
      assert.ok(output.includes(line), `expected "${line}" in:\n${output}`);
      assert.match(output, new RegExp(`\\(${rule}: \\S+`));
      // Exactly the rules the planted import breaks: nothing else in the tree counts.
      assert.deepEqual(rulesIn(output), [rule, ...alsoBroken].sort());
      assert.match(output, new RegExp(`import boundaries: ${1 + alsoBroken.length} violation\\(s\\)`));
    });
  }

  it('a tree with no package folder is an error (exit 2), never a pass', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'boundaries-empty-'));
    try {
      const { code, output } = await runChecker(['--root', empty]);
      assert.equal(code, 2, output);
      assert.match(output, /could not run: no package folder/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

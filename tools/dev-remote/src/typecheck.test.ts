import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

// This folder is not a workspace package (Node runs it by type stripping), so `npm test`'s
// per-package typecheck does not reach it: it is checked here, with a remote's TypeScript.
const toolDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.resolve(toolDir, '..', '..', 'mf-community', 'node_modules', '.bin', 'tsc');

test('tools/dev-remote typechecks', () => {
  const result = spawnSync(tsc, ['-p', path.join(toolDir, 'tsconfig.json')], { encoding: 'utf8', timeout: 120_000 });
  assert.equal(result.status, 0, `${result.stdout}${result.stderr}`);
});

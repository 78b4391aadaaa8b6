// Every journey takes `test` from tests/support/journey.ts, which closes the browser contexts a
// journey leaves open (left open, their pages ran on for the rest of the run and starved it).
// Run by scripts/test.sh with `node --test`.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';

const testsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'tests');
const specs = readdirSync(testsDir).filter((name) => name.endsWith('.spec.ts'));

it('finds the journeys', () => assert.ok(specs.length > 30, `only ${specs.length} specs in ${testsDir}`));

it("every journey imports test from ./support/journey, none from '@playwright/test'", () => {
  const wrong = specs.filter((name) => {
    const source = readFileSync(path.join(testsDir, name), 'utf8');
    const fromPlaywright = source.match(/^import \{([^}]*)\} from '@playwright\/test';$/m)?.[1] ?? '';
    const importsPlaywrightTest = fromPlaywright.split(',').some((entry) => entry.trim() === 'test');
    return importsPlaywrightTest || !/^import \{ test \} from '\.\/support\/journey';$/m.test(source);
  });
  assert.deepEqual(wrong, [], "import { test } from './support/journey' in these");
});

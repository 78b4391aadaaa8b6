#!/usr/bin/env node
/**
 * The import-boundary check (issue 11): runs dependency-cruiser with the rules of
 * .dependency-cruiser.cjs over every package folder, prints each violation as
 * `from -> to (rule: why)` and exits 1 when there is any (0 when clean, 2 when the check could
 * not run). `pnpm check:boundaries`; `npm test` runs it after the typecheck.
 *
 *   node scripts/check-boundaries.mjs [--root <folder>] [--config <file>]
 *
 * --root checks another tree laid out like this repository (the test runs it on small fixture
 * trees holding one violating import each, with the same rules).
 *
 * It calls dependency-cruiser's API, not its CLI: the CLI refuses Node 20, which this repository
 * supports, while the API runs on it.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { cruise, getAvailableTranspilers } from 'dependency-cruiser';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The package folders (pnpm-workspace.yaml's packages). */
export const PACKAGE_FOLDERS = ['shared', 'host', 'mf-live', 'mf-scores', 'mf-community', 'mf-member', 'server', 'tools/mf-cli', 'e2e', 'bench'];

/** One violation on one line: what imports what, the rule, and why the rule exists. */
export function formatViolation(violation, commentsByRule) {
  const via = violation.via?.length ? ` via ${violation.via.map((step) => step.name).join(' -> ')}` : '';
  const why = commentsByRule.get(violation.rule.name) ?? '';
  return `${violation.from} -> ${violation.to}${via} (${violation.rule.name}: ${why})`;
}

/**
 * Cruises the package folders under `root` with the rules of `configFile` and returns the
 * violations as printable lines, with how many modules were read.
 */
export async function checkBoundaries({ root = REPO_ROOT, configFile = path.join(REPO_ROOT, '.dependency-cruiser.cjs') } = {}) {
  const config = createRequire(import.meta.url)(path.resolve(configFile));
  // Without swc, dependency-cruiser would read TypeScript with its JavaScript parser and could
  // find no imports at all: a check that passes because it saw nothing must not pass.
  if (config.options?.parser === 'swc' && !getAvailableTranspilers().some((t) => t.name === 'swc' && t.available)) {
    throw new Error('@swc/core is not available to dependency-cruiser: TypeScript files cannot be parsed (run pnpm install)');
  }
  const folders = PACKAGE_FOLDERS.filter((folder) => existsSync(path.join(root, folder)));
  if (folders.length === 0) throw new Error(`no package folder under ${root}`);

  // dependency-cruiser names files relative to the working folder, which the rules' paths assume.
  const previousCwd = process.cwd();
  process.chdir(root);
  let result;
  try {
    // validate: without it the API reads the rules but checks no dependency against them.
    result = await cruise(folders, { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden } });
  } finally {
    process.chdir(previousCwd);
  }
  const { summary, modules } = result.output;
  const commentsByRule = new Map(config.forbidden.map((rule) => [rule.name, rule.comment]));
  const violations = summary.violations.map((violation) => formatViolation(violation, commentsByRule));
  for (const loop of serverDomainLoops(modules)) violations.push(`${loop.join(' -> ')} (${DOMAIN_LOOP_RULE}: ${DOMAIN_LOOP_WHY})`);
  return { modules: summary.totalCruised, violations };
}

export const DOMAIN_LOOP_RULE = 'server-domains-no-loops';
const DOMAIN_LOOP_WHY =
  'the server\'s domains import each other one way: a loop of folders means neither can be understood, tested or moved without the other (break it with an option, an event or a port the lower domain owns)';
/** The domain folder of a server file (`server/src/<domain>/…`), null for infra/, testing/, root files and test code. */
function serverDomainOf(file) {
  if (/(\.test\.[cm]?[jt]sx?$|(^|\/)testing\/)/.test(file)) return null;
  const match = /^server\/src\/([^/]+)\//.exec(file);
  return match === null || match[1] === 'infra' || match[1] === 'testing' ? null : match[1];
}

/**
 * Loops between the server's domain folders, counting only what runs (not tests): each loop once,
 * as `server/src/a -> server/src/b -> server/src/a`. dependency-cruiser's own `circular` rule
 * looks at modules; two domains can import each other through different files without any
 * module loop, which is still a loop of folders.
 */
export function serverDomainLoops(modules) {
  const edges = new Map();
  for (const module of modules) {
    const from = serverDomainOf(module.source);
    if (from === null) continue;
    for (const dependency of module.dependencies) {
      const to = serverDomainOf(dependency.resolved);
      if (to === null || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
  }
  const loops = new Map();
  const visit = (start, node, path) => {
    for (const next of edges.get(node) ?? []) {
      if (next === start) {
        const loop = [...path, next];
        // The same loop found from each of its folders: keep it once, starting at its smallest name.
        const cycle = loop.slice(0, -1);
        const first = cycle.indexOf([...cycle].sort()[0]);
        const canonical = [...cycle.slice(first), ...cycle.slice(0, first), cycle[first]];
        loops.set(canonical.join('>'), canonical.map((name) => `server/src/${name}`));
      } else if (!path.includes(next) && next > start) {
        visit(start, next, [...path, next]);
      }
    }
  };
  for (const start of [...edges.keys()].sort()) visit(start, start, [start]);
  return [...loops.values()];
}

async function main() {
  const { values } = parseArgs({ options: { root: { type: 'string' }, config: { type: 'string' } } });
  const root = path.resolve(values.root ?? REPO_ROOT);
  const configFile = values.config ? path.resolve(values.config) : undefined;
  let outcome;
  try {
    outcome = await checkBoundaries({ root, configFile });
  } catch (error) {
    console.error(`import boundaries: the check could not run: ${error instanceof Error ? error.message : error}`);
    process.exit(2);
  }
  for (const line of outcome.violations) console.log(line);
  if (outcome.violations.length > 0) {
    console.log(`import boundaries: ${outcome.violations.length} violation(s) in ${outcome.modules} modules (rules: .dependency-cruiser.cjs)`);
    process.exit(1);
  }
  console.log(`import boundaries: clean (${outcome.modules} modules)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();

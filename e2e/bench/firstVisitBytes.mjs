// What the first visit to /web/#/main costs in compressed JavaScript, read from the built site
// (no browser, no clock: the same build always gives the same bytes), and the check of those
// bytes against the budgets in e2e/bench/budgets.json.
//
// Which files the visit loads: each package's build writes dist/load-graph.json (the
// LoadGraphPlugin of shared/build/createFederatedConfig.cjs), naming every script by what loads
// it: 'entry:<name>' (the host's html entry, a remote's remoteEntry.js), 'expose:<path>' (a
// remote's exposed module), 'import:<source file>' (a lazy import()), 'provide:<package>' (a
// page singleton's own copy). budgets.json lists, per package, the groups the visit loads; a
// file in several groups is counted once. `pnpm bench:site` counts the same files in Chromium
// and says when the two disagree.
//
// Bytes are what the server sends to a browser that takes brotli: the build's `<file>.br`
// (brotli 11, PrecompressPlugin) where there is one, else brotli at quality 4 made on the fly
// (@fastify/compress's default; a static file is streamed, so its 1 KiB threshold, which needs
// a known length, does not apply). Beside it: on-the-fly brotli 4 and gzip (level 6).
//
//   node e2e/bench/firstVisitBytes.mjs   (pnpm check:bytes) prints the table; exit 1 when a budget is broken
//   … --record   writes each group's bytes now into budgets.json (what a later failure compares
//                with to name the file that grew); the budgets themselves are only changed by hand
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { checkRouteBudgets, formatRoutes, measureRoutes } from './routeBytes.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BUDGETS_FILE = path.join(REPO_ROOT, 'e2e', 'bench', 'budgets.json');
export const LOAD_GRAPH_FILE = 'load-graph.json';
const KIB = 1024;

export function readBudgets(file = BUDGETS_FILE) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * The bytes of one file as the server sends it (sent: its precompressed `.br` when given, else
 * brotli 4 made on the fly), and its on-the-fly brotli, gzip and raw sizes.
 */
export function compressedSizes(buffer, precompressed = null) {
  const br = zlib.brotliCompressSync(buffer, {
    params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length },
  }).length;
  const gzip = zlib.gzipSync(buffer, { level: 6 }).length;
  return { raw: buffer.length, br, gzip, sent: precompressed?.length ?? br, precompressed: precompressed !== null };
}

function readLoadGraph(siteRoot, distDir) {
  const file = path.join(distDir, LOAD_GRAPH_FILE);
  let graph;
  try {
    graph = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${path.relative(siteRoot, file)} is missing or unreadable (${error.code ?? error.message}): build the site first (npm run build)`);
  }
  return graph.groups;
}

/**
 * The files the first visit loads, package by package: [{ package, files: [{ file, group }] }].
 * A group budgets.json names that the build does not have is an error: the budget would
 * silently count nothing.
 */
export function firstVisitFiles(siteRoot, budgets) {
  return Object.entries(budgets.packages).map(([name, spec]) => {
    const distDir = path.join(siteRoot, spec.dist ?? path.join(name, 'dist'));
    const groups = readLoadGraph(siteRoot, distDir);
    const files = [];
    const seen = new Set();
    for (const group of Object.keys(spec.load)) {
      if (!groups[group]) throw new Error(`${name}: budgets.json loads '${group}', which ${path.relative(siteRoot, path.join(distDir, LOAD_GRAPH_FILE))} does not name (renamed or removed? its groups: ${Object.keys(groups).filter((key) => !key.startsWith('other:')).join(', ')})`);
      for (const file of groups[group]) {
        if (seen.has(file)) continue;
        seen.add(file);
        files.push({ file, group, path: path.join(distDir, file) });
      }
    }
    return { package: name, files };
  });
}

/** firstVisitFiles with each file's sizes, each package's and each group's sent bytes, and the total. */
export function measureFirstVisit(siteRoot, budgets) {
  const packages = firstVisitFiles(siteRoot, budgets).map(({ package: name, files }) => {
    const measured = files.map((entry) => {
      const brFile = `${entry.path}.br`;
      return { ...entry, ...compressedSizes(readFileSync(entry.path), existsSync(brFile) ? readFileSync(brFile) : null) };
    });
    const byGroup = {};
    for (const file of measured) byGroup[file.group] = (byGroup[file.group] ?? 0) + file.sent;
    const sum = (field) => measured.reduce((total, file) => total + file[field], 0);
    return { package: name, files: measured, byGroup, sent: sum('sent'), br: sum('br'), gzip: sum('gzip'), raw: sum('raw') };
  });
  const sum = (field) => packages.reduce((total, row) => total + row[field], 0);
  return { packages, sent: sum('sent'), br: sum('br'), gzip: sum('gzip') };
}

const kib = (bytes) => `${(bytes / KIB).toFixed(1)} KiB`;

/** The groups of a package that grew past the bytes budgets.json recorded for them, largest growth first. */
function grownGroups(row, spec) {
  return Object.entries(row.byGroup)
    .map(([group, bytes]) => ({ group, bytes, recorded: spec.load[group] ?? 0 }))
    .filter(({ bytes, recorded }) => bytes > recorded)
    .sort((a, b) => b.bytes - b.recorded - (a.bytes - a.recorded));
}

function describeGrowth(row, spec) {
  const grown = grownGroups(row, spec);
  if (grown.length === 0) {
    const largest = [...row.files].sort((a, b) => b.sent - a.sent).slice(0, 3).map((file) => `${file.file} (${file.group}) ${kib(file.sent)}`);
    return `no group grew past its recorded bytes (the budget itself was lowered); its largest files: ${largest.join(', ')}`;
  }
  return grown
    .map(({ group, bytes, recorded }) => {
      const files = row.files.filter((file) => file.group === group).map((file) => `${file.file} ${kib(file.sent)}`).join(', ');
      return `${group} grew ${kib(recorded)} -> ${kib(bytes)} (${files})`;
    })
    .join('; ');
}

/** Every broken budget as a sentence naming the package, its budget and which of its files grew. */
export function checkBudgets(measurement, budgets) {
  const problems = [];
  for (const row of measurement.packages) {
    const spec = budgets.packages[row.package];
    if (row.sent > spec.budgetKiB * KIB) problems.push(`${row.package}: ${kib(row.sent)} on the first visit, over its budget of ${spec.budgetKiB} KiB: ${describeGrowth(row, spec)}`);
    const entryGroup = Object.keys(spec.load).find((group) => group.startsWith('entry:'));
    if (spec.entryBudgetKiB !== undefined && entryGroup) {
      const entryBytes = row.byGroup[entryGroup] ?? 0;
      if (entryBytes > spec.entryBudgetKiB * KIB) {
        const files = row.files.filter((file) => file.group === entryGroup).map((file) => file.file).join(', ');
        problems.push(`${row.package}: its entry (${files}) is ${kib(entryBytes)}, over its budget of ${spec.entryBudgetKiB} KiB (recorded ${kib(spec.load[entryGroup] ?? 0)})`);
      }
    }
  }
  if (measurement.sent > budgets.totalKiB * KIB) {
    const grown = measurement.packages.flatMap((row) => grownGroups(row, budgets.packages[row.package]).map((grownGroup) => `${row.package} ${grownGroup.group} ${kib(grownGroup.recorded)} -> ${kib(grownGroup.bytes)}`));
    problems.push(`the first visit to #/main is ${kib(measurement.sent)} of compressed JavaScript, over its budget of ${budgets.totalKiB} KiB${grown.length ? `: grew: ${grown.join(', ')}` : ''}`);
  }
  return problems;
}

/** The table `pnpm check:bytes` and the CI check print. */
export function formatMeasurement(measurement, budgets, { files = true } = {}) {
  const lines = [];
  const pad = (text, width) => String(text).padEnd(width);
  const num = (bytes) => kib(bytes).padStart(10);
  lines.push(`${pad('package / file', 44)} ${'sent'.padStart(10)} ${'br 4'.padStart(10)} ${'gzip'.padStart(10)} ${'raw'.padStart(10)}   budget ('sent': the build's .br, * where made on the fly)`);
  for (const row of measurement.packages) {
    const spec = budgets.packages[row.package];
    const entryGroup = Object.keys(spec.load).find((group) => group.startsWith('entry:'));
    const entryNote = spec.entryBudgetKiB !== undefined ? `, entry ${kib(row.byGroup[entryGroup] ?? 0)} / ${spec.entryBudgetKiB} KiB` : '';
    lines.push(`${pad(row.package, 44)} ${num(row.sent)} ${num(row.br)} ${num(row.gzip)} ${num(row.raw)}   ${spec.budgetKiB} KiB${entryNote}${row.sent > spec.budgetKiB * KIB ? '  OVER' : ''}`);
    if (files) for (const file of row.files) lines.push(`  ${pad(`${file.file} (${file.group})`, 42)} ${num(file.sent)}${file.precompressed ? ' ' : '*'}${num(file.br).slice(1)} ${num(file.gzip)} ${num(file.raw)}`);
  }
  lines.push(`${pad('total', 44)} ${num(measurement.sent)} ${num(measurement.br)} ${num(measurement.gzip)} ${''.padStart(10)}   ${budgets.totalKiB} KiB${measurement.sent > budgets.totalKiB * KIB ? '  OVER' : ''}`);
  if (budgets.goalKiB !== undefined) lines.push(`goal of issue 16: ${budgets.goalKiB} KiB in all (${measurement.sent > budgets.goalKiB * KIB ? `${kib(measurement.sent - budgets.goalKiB * KIB)} to go` : 'met'})`);
  if (budgets.firstVisitGoalKB !== undefined) {
    const kB = measurement.sent / 1000;
    lines.push(`goal of issue 38: ${budgets.firstVisitGoalKB} kB (1,000 B) in all: ${kB.toFixed(1)} kB (${kB > budgets.firstVisitGoalKB ? `${(kB - budgets.firstVisitGoalKB).toFixed(1)} kB to go` : 'met'})`);
  }
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const budgets = readBudgets();
  const measurement = measureFirstVisit(REPO_ROOT, budgets);
  console.log(formatMeasurement(measurement, budgets));
  if (process.argv.includes('--record')) {
    for (const row of measurement.packages) {
      for (const group of Object.keys(budgets.packages[row.package].load)) budgets.packages[row.package].load[group] = row.byGroup[group] ?? 0;
    }
    writeFileSync(BUDGETS_FILE, `${JSON.stringify(budgets, null, 2)}\n`);
    console.log(`recorded each group's bytes in ${path.relative(REPO_ROOT, BUDGETS_FILE)}`);
  }
  const routes = measureRoutes(REPO_ROOT, budgets);
  console.log(formatRoutes(routes));
  const problems = [...checkBudgets(measurement, budgets), ...checkRouteBudgets(routes)];
  for (const problem of problems) console.error(`over budget: ${problem}`);
  process.exit(problems.length > 0 ? 1 : 0);
}

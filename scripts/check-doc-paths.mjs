#!/usr/bin/env node
/**
 * The docs' file maps match the files (issue 11): every path written in backticks in docs/**\/*.md,
 * host/README.md, shared/README.md, server/README.md, server/src/README.md and the remotes' READMEs must exist, so a rename that forgets
 * the docs fails `npm test` (scripts/docPaths.test.mjs runs this on the repository) instead of
 * leaving a newcomer a map to a file that is gone.
 *
 *   node scripts/check-doc-paths.mjs [--root <folder>]
 *
 * Prints `<markdown file>:<line>: <path>` for each missing path and exits 1 when there is any, 0
 * when every named path exists. --root checks another tree laid out like this repository (the
 * test plants a missing path in a temporary one).
 *
 * Which backtick spans count as paths is kept conservative, so the check has no false alarms:
 * one token with a `/` between two names, ending in a file extension (`server/src/app.ts`) or a `/`
 * (`host/src/goals/`). Not paths: URLs and URL paths (`/api/mf/remotes`, `https://…`), API
 * routes without an extension (`api/user/login`), package imports (`@sports/shared/webpack`),
 * globs (`mf-*\/README.md`), placeholders (`<remote>/routes`, `{stream}`, `…`), anything with a
 * space, query or fragment, environment variables (`DATA_DIR/ops-token`), `..` (outside the
 * repository), and build or run-time output (`dist/`, `.data/`, `node_modules/`), which a fresh
 * clone does not have. Fenced code blocks (commands) are not read.
 *
 * Where a path is looked up: in docs/ from the repository root only (docs name repo-relative
 * paths); in a package README from the root, the README's folder or its `src/` (a package map
 * says `src/app/` or `federation/remoteAssignments.ts`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The package READMEs whose maps are checked besides docs/ (folders relative to the root). */
export const PACKAGE_READMES = ['host/README.md', 'shared/README.md', 'server/README.md', 'server/src/README.md', 'mf-live/README.md', 'mf-scores/README.md', 'mf-community/README.md', 'mf-member/README.md'];

/** Path segments of generated output: named in docs, never in a clone. */
const GENERATED_SEGMENTS = new Set(['dist', '.data', 'node_modules', '.reports', 'test-results']);

/**
 * One token of path characters with a `/` between two names (`host/src`, not a bare `user/`, which
 * may be a folder of any package), not starting with `/` (a URL path) or `@` (a package).
 */
const PATH_TOKEN = /^[A-Za-z0-9_.][A-Za-z0-9_.\-]*\/[A-Za-z0-9_.\-][A-Za-z0-9_.\-/]*$/;
/** The last segment ends in an extension (`.ts`, `.md`, `.test.mjs`), or the path in `/` (a folder). */
const LOOKS_LIKE_FILE_OR_FOLDER = /(\.[A-Za-z0-9]{1,6}|\/)$/;

/** Whether a backtick span names a repository file or folder (see the header for what does not). */
export function isCandidatePath(span) {
  if (!PATH_TOKEN.test(span) || !LOOKS_LIKE_FILE_OR_FOLDER.test(span)) return false;
  if (span.includes('//')) return false;
  const segments = span.split('/').filter(Boolean);
  // `..` climbs out of the repository (`../shared/SPEC.md`), `.`-only segments say nothing.
  if (segments.some((segment) => segment === '..' || segment === '.')) return false;
  if (segments.some((segment) => GENERATED_SEGMENTS.has(segment))) return false;
  // A version (`0.1.0-3f9a1c2b0d/`) or a bare number is a release id, not a folder of ours.
  if (/^\d/.test(segments[0])) return false;
  // An environment variable stands for a folder chosen at run time (`DATA_DIR/ops-token`).
  if (segments.some((segment) => /^[A-Z][A-Z0-9]*_[A-Z0-9_]+$|^[A-Z]{2,}$/.test(segment))) return false;
  return true;
}

/** The backtick spans of a markdown text outside fenced code blocks, with their line numbers. */
export function backtickSpans(markdown) {
  const spans = [];
  let inFence = false;
  markdown.split('\n').forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      return;
    }
    if (inFence) return;
    for (const match of line.matchAll(/`([^`\n]+)`/g)) spans.push({ text: match[1].trim(), line: index + 1 });
  });
  return spans;
}

/** Every markdown file under docs/ (sorted), relative to the root. */
function docsFiles(root) {
  const docsDir = path.join(root, 'docs');
  if (!existsSync(docsDir)) return [];
  return readdirSync(docsDir, { recursive: true })
    .map((entry) => path.join('docs', String(entry)))
    .filter((file) => file.endsWith('.md'))
    .sort();
}

/** The folders a path named in `markdownFile` may be relative to. */
function lookupFolders(root, markdownFile) {
  if (markdownFile.split(path.sep)[0] === 'docs') return [root];
  const own = path.join(root, path.dirname(markdownFile));
  return [root, own, path.join(own, 'src')];
}

/**
 * The paths named in the checked markdown files under `root` that do not exist:
 * `[{ file, line, path }]` (file relative to root), and how many paths were checked.
 */
export function findMissingPaths({ root = REPO_ROOT } = {}) {
  const files = [...docsFiles(root), ...PACKAGE_READMES.filter((file) => existsSync(path.join(root, file)))];
  const missing = [];
  let checked = 0;
  for (const file of files) {
    const folders = lookupFolders(root, file);
    for (const span of backtickSpans(readFileSync(path.join(root, file), 'utf8'))) {
      if (!isCandidatePath(span.text)) continue;
      checked += 1;
      if (!folders.some((folder) => existsSync(path.join(folder, span.text)))) {
        missing.push({ file, line: span.line, path: span.text });
      }
    }
  }
  return { files, checked, missing };
}

/**
 * The flow pages (`docs/flows/*.md`) that `docs/README.md` does not link: a newcomer finds flows
 * from that index, so a page missing there is as lost as a wrong path.
 */
export function findUnlistedFlows({ root = REPO_ROOT } = {}) {
  const flowsDir = path.join(root, 'docs', 'flows');
  if (!existsSync(flowsDir)) return [];
  const index = existsSync(path.join(root, 'docs', 'README.md')) ? readFileSync(path.join(root, 'docs', 'README.md'), 'utf8') : '';
  return readdirSync(flowsDir)
    .filter((name) => name.endsWith('.md'))
    .filter((name) => !index.includes(`(flows/${name})`))
    .map((name) => `docs/flows/${name}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { root: { type: 'string' } } });
  const root = path.resolve(values.root ?? REPO_ROOT);
  const { files, checked, missing } = findMissingPaths({ root });
  for (const entry of missing) console.log(`${entry.file}:${entry.line}: ${entry.path} does not exist`);
  const unlisted = findUnlistedFlows({ root });
  for (const page of unlisted) console.log(`${page} is not linked from docs/README.md: add it to the flows list there`);
  console.log(`doc paths: ${checked} paths in ${files.length} files checked, ${missing.length} missing; ${unlisted.length} flow pages unlisted`);
  process.exitCode = missing.length || unlisted.length ? 1 : 0;
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * @sports/shared's browser entry (src/index.ts) is a Module Federation singleton: every page
 * loads all of it, untouched by tree shaking. TypeBox (~50 KB compressed with the schemas) stays
 * out of it: the schemas are the server's, the browser takes their types and plain limits, and
 * the chat client loads its frame check lazily. This walks the entry's static imports (type-only
 * ones are erased by the compiler; dynamic `import()` is a lazy chunk) and lists what reaches
 * a package that must not be there.
 */
const SRC = path.dirname(new URL(import.meta.url).pathname);
const FORBIDDEN = /^typebox(\/|$)/;

const STATEMENT = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*['"]([^'"]+)['"]/g;

function isTypeOnly(keywordType: string | undefined, clause: string): boolean {
  if (keywordType) return true;
  const braces = clause.match(/^\{([^}]*)\}$/);
  if (!braces) return false;
  const names = (braces[1] ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

function resolveLocal(fromFile: string, request: string): string {
  const base = path.resolve(path.dirname(fromFile), request);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    try {
      if (readFileSync(candidate)) return candidate;
    } catch {
      // try the next form
    }
  }
  throw new Error(`${fromFile}: cannot resolve ${request}`);
}

/** Every package the entry's value imports reach, with the chain of files that reaches it. */
function packagesReached(entry: string): Map<string, string[]> {
  return valueGraphOf(entry).packages;
}

/** The files (relative to src/) and the packages an entry's value imports reach. */
function valueGraphOf(entry: string): { files: Set<string>; packages: Map<string, string[]> } {
  const reached = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(STATEMENT)) {
      const [, , keywordType, clause = '', request = ''] = match;
      if (isTypeOnly(keywordType, clause.trim())) continue;
      const here = [...chain, path.relative(SRC, file)];
      if (request.startsWith('.')) walk(resolveLocal(file, request), here);
      else if (!reached.has(request)) reached.set(request, here);
    }
  };
  walk(entry, []);
  return { files: new Set([...seen].map((file) => path.relative(SRC, file))), packages: reached };
}

/**
 * The subpath entries that are page singletons of their own (issue 38), from the share scope
 * (build/createFederatedConfig.cjs), with their files from package.json "exports".
 */
const requireHere = createRequire(import.meta.url);
const { SHARED_SUBPATH_SINGLETONS } = requireHere('../build/createFederatedConfig.cjs') as { SHARED_SUBPATH_SINGLETONS: string[] };
const { exports: packageExports } = requireHere('../package.json') as { exports: Record<string, string> };
const subpathEntries = SHARED_SUBPATH_SINGLETONS.map((subpath) => {
  const target = packageExports[`./${subpath}`];
  if (target === undefined) throw new Error(`@sports/shared/${subpath} is shared but package.json exports no ./${subpath}`);
  return { subpath, file: path.resolve(SRC, '..', target) };
});

describe("@sports/shared's browser entry", () => {
  it('reaches no TypeBox through its value imports', () => {
    const offending = [...packagesReached(path.join(SRC, 'index.ts'))].filter(([request]) => FORBIDDEN.test(request));
    expect(offending.map(([request, chain]) => `${chain.join(' -> ')} -> ${request}`)).toEqual([]);
  });

  it('is seen to reach TypeBox when a module imports a schema as a value (the walk works)', () => {
    const reached = packagesReached(path.join(SRC, 'server.ts'));
    expect([...reached.keys()].some((request) => FORBIDDEN.test(request))).toBe(true);
  });
});

/**
 * The root entry ships whole on every first visit; the subpath singletons only when a page
 * imports them. Each is a module of its own in the share scope, so a file both reach would be
 * two copies in the page (two atoms, two classes): a subpath reaches the root's files through
 * '@sports/shared' by name (a package, not a file here), and the root never imports a subpath.
 */
describe('the subpath singletons of @sports/shared', () => {
  const root = valueGraphOf(path.join(SRC, 'index.ts'));

  it.each(subpathEntries)('@sports/shared/$subpath shares no file with the root entry or another subpath', ({ subpath, file }) => {
    const own = valueGraphOf(file).files;
    const others = subpathEntries.filter((entry) => entry.subpath !== subpath).flatMap((entry) => [...valueGraphOf(entry.file).files]);
    expect([...own].filter((reached) => root.files.has(reached) || others.includes(reached))).toEqual([]);
  });

  it('are out of the root entry, which reaches none of their files', () => {
    const subpathFiles = subpathEntries.flatMap((entry) => [...valueGraphOf(entry.file).files]);
    expect(subpathFiles.length).toBeGreaterThan(subpathEntries.length);
    expect(subpathFiles.filter((reached) => root.files.has(reached))).toEqual([]);
  });

  it('is seen to share a file when a subpath module imports a root module by path (the walk works)', () => {
    // remoteKit/index.ts (the root's) and remoteKit/pageKit.ts both reach ./Button this way.
    expect(valueGraphOf(path.join(SRC, 'remoteKit', 'index.ts')).files.has(path.join('remoteKit', 'Button.tsx'))).toBe(true);
    expect(root.files.has(path.join('remoteKit', 'Button.tsx'))).toBe(true);
  });
});

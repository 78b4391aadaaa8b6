import { readFileSync } from 'node:fs';
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
  return reached;
}

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

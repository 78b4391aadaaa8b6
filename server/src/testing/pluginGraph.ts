import fs from 'node:fs';
import path from 'node:path';

/**
 * What each domain plugin declares (its fastify-plugin metadata) against what its code reads of
 * the app (src/README.md, "A domain"). Used by app.test.ts, which fails on any mismatch, and by
 * `pnpm plugins:table`, which writes the README's dependency table from the same data.
 *
 * The code is read, not run: every `app.<decorator>` (also `request.server.<decorator>`,
 * `app.hasDecorator('<decorator>')` and `const { <decorator> } = app`) in a domain's folder, tests
 * and `testing/` kits left out, comments stripped. A decorator belongs to the domain whose folder
 * holds its `app.decorate('<name>', …)`; one decorated outside every domain (the route table in
 * infra/http) is the root's, there before any domain.
 */

/** fastify-plugin's metadata on the plugin function (what Fastify checks at registration). */
export interface PluginMeta {
  name: string;
  dependencies: string[];
  decorators: string[];
}

export function pluginMeta(plugin: unknown): PluginMeta {
  const meta = (plugin as Record<symbol, { name?: string; dependencies?: string[]; decorators?: { fastify?: string[] } } | undefined>)[Symbol.for('plugin-meta')];
  if (meta?.name === undefined) throw new Error('not a fastify-plugin with a name');
  return { name: meta.name, dependencies: [...(meta.dependencies ?? [])], decorators: [...(meta.decorators?.fastify ?? [])] };
}

/** One place a domain's code reads an app decorator. */
export interface DecoratorUse {
  decorator: string;
  /** The domain that decorates it; null: the root (decorated before any domain). */
  owner: string | null;
  /** `folder/file.ts:line`, relative to src/. */
  where: string;
}

export interface DomainAudit {
  meta: PluginMeta;
  /** The folder the plugin lives in, relative to src/ (its code is everything under it). */
  folder: string;
  /** Other domains' decorators its code reads (first place each is read). */
  uses: DecoratorUse[];
  /** What it decorates itself. */
  decorates: string[];
}

export interface PluginGraphAudit {
  domains: DomainAudit[];
  /** Each a sentence naming the domain, the decorator, where it is read and what to declare; empty when all is declared. */
  problems: string[];
}

/**
 * Dependencies that are not read through a decorator, each with its reason. A dependency missing
 * here and not read through a decorator is reported as unused (the graph says only what the code needs).
 */
export const DEPENDENCY_REASONS: Record<string, Record<string, string>> = {
  accounts: { '@fastify/cookie': 'sessions are cookies: `request.cookies`, `reply.setCookie`' },
  chat: { sockets: 'its `/ws/chat` route is a WebSocket: @fastify/websocket with the shared payload bound and shutdown list' },
};

export function auditPluginGraph(srcDir: string, plugins: Record<string, unknown>): PluginGraphAudit {
  const problems: string[] = [];
  const files = sourceFiles(srcDir);
  const homes = pluginHomes(srcDir, files);
  const metas = Object.entries(plugins).map(([key, plugin]) => {
    const meta = pluginMeta(plugin);
    if (meta.name !== key) problems.push(`DOMAIN_PLUGINS.${key} is the plugin named '${meta.name}': the key must be its name`);
    return meta;
  });
  const folderOf = new Map<string, string>();
  for (const meta of metas) {
    const folder = homes.get(meta.name);
    if (folder === undefined) problems.push(`no source file declares fp(…, { name: '${meta.name}' }) under src/`);
    else folderOf.set(meta.name, folder);
  }
  const domainOfFile = (file: string): string | null => {
    let best: { name: string; folder: string } | null = null;
    for (const [name, folder] of folderOf) {
      if ((file.startsWith(`${folder}/`) || folder === '') && (best === null || folder.length > best.folder.length)) best = { name, folder };
    }
    return best?.name ?? null;
  };

  // Who decorates what.
  const owners = new Map<string, string | null>();
  const sources = new Map<string, string>();
  for (const file of files) {
    const code = stripComments(fs.readFileSync(path.join(srcDir, file), 'utf8'));
    sources.set(file, code);
    for (const match of code.matchAll(/\.decorate\(\s*['"](\w+)['"]/g)) {
      const name = match[1] as string;
      const owner = domainOfFile(file);
      if (owners.has(name) && owners.get(name) !== owner) problems.push(`app.${name} is decorated by both ${owners.get(name) ?? 'the root'} and ${owner ?? 'the root'}`);
      owners.set(name, owner);
    }
  }

  const domains: DomainAudit[] = metas.flatMap((meta) => {
    const folder = folderOf.get(meta.name);
    if (folder === undefined) return [];
    const uses = new Map<string, DecoratorUse>();
    const decorates = [...owners].filter(([, owner]) => owner === meta.name).map(([name]) => name);
    for (const [file, code] of sources) {
      if (domainOfFile(file) !== meta.name) continue;
      for (const { name, index } of decoratorReads(code)) {
        if (!owners.has(name) || uses.has(name)) continue;
        const owner = owners.get(name) ?? null;
        if (owner === meta.name) continue;
        uses.set(name, { decorator: name, owner, where: `${file}:${lineOf(code, index)}` });
      }
    }
    return [{ meta, folder, uses: [...uses.values()], decorates }];
  });

  const known = new Set(metas.map((meta) => meta.name));
  for (const { meta, uses } of domains) {
    const reasons = DEPENDENCY_REASONS[meta.name] ?? {};
    for (const use of uses) {
      if (use.owner !== null && !meta.dependencies.includes(use.owner)) {
        problems.push(`${meta.name} reads app.${use.decorator} (${use.where}), decorated by ${use.owner}, but does not declare dependencies: ['${use.owner}']`);
      }
      if (use.owner !== null && !meta.decorators.includes(use.decorator)) {
        problems.push(`${meta.name} reads app.${use.decorator} (${use.where}) but does not list it in decorators: { fastify: [...] }`);
      }
    }
    for (const dependency of meta.dependencies) {
      if (!known.has(dependency) && reasons[dependency] === undefined) problems.push(`${meta.name} declares '${dependency}', which is no domain plugin (and has no reason in DEPENDENCY_REASONS)`);
      else if (reasons[dependency] === undefined && !uses.some((use) => use.owner === dependency)) {
        problems.push(`${meta.name} declares '${dependency}' but reads none of its decorators: drop it, or give the reason in DEPENDENCY_REASONS (testing/pluginGraph.ts)`);
      }
    }
    for (const decorator of meta.decorators) {
      if (!uses.some((use) => use.decorator === decorator)) problems.push(`${meta.name} lists '${decorator}' in decorators but its code never reads app.${decorator}: drop it`);
    }
  }
  return { domains, problems };
}

/**
 * The README's table (src/README.md, "A domain"), one row per domain plugin in registration order:
 * what it decorates, the plugins it depends on and, for each, the decorators it reads of it.
 */
export function dependencyTable(audit: PluginGraphAudit): string {
  const rows = audit.domains.map(({ meta, folder, uses, decorates }) => {
    const reasons = DEPENDENCY_REASONS[meta.name] ?? {};
    const needs = meta.dependencies.map((dependency) => {
      const read = uses.filter((use) => use.owner === dependency).map((use) => `\`${use.decorator}\``);
      const why = read.length > 0 ? read.join(', ') : reasons[dependency];
      return why === undefined ? dependency : `${dependency} (${why})`;
    });
    return `| ${meta.name} | \`${folder === '' ? '.' : folder}/\` | ${decorates.length === 0 ? 'nothing' : decorates.map((name) => `\`app.${name}\``).join(', ')} | ${needs.length === 0 ? 'nothing' : needs.join('; ')} |`;
  });
  return ['| Plugin | Folder | Decorates | Depends on (what it reads of each) |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

export const TABLE_START = '<!-- plugin-table: generated by `pnpm plugins:table` from the plugins\' metadata (server/src/testing/pluginGraph.ts); app.test.ts checks it -->';
export const TABLE_END = '<!-- /plugin-table -->';

/** The README with its table replaced by `table` (between the markers). */
export function withTable(readme: string, table: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`src/README.md has no table markers (${TABLE_START} … ${TABLE_END})`);
  return `${readme.slice(0, start + TABLE_START.length)}\n${table}\n${readme.slice(end)}`;
}

/** Source files under src/, relative, with `/` separators: no tests, no `testing/` kits, no .d.ts. */
function sourceFiles(srcDir: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(srcDir, dir), { withFileTypes: true })) {
      const relative = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'testing' && entry.name !== 'node_modules') walk(relative);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) {
        found.push(relative);
      }
    }
  };
  walk('');
  return found.sort();
}

/** Plugin name → the folder of the file that declares it (`fp(fn, { name: '…' })`). */
function pluginHomes(srcDir: string, files: readonly string[]): Map<string, string> {
  const homes = new Map<string, string>();
  for (const file of files) {
    const code = fs.readFileSync(path.join(srcDir, file), 'utf8');
    for (const match of code.matchAll(/\bfp\(\s*\w+\s*,\s*\{\s*name:\s*'([^']+)'/g)) homes.set(match[1] as string, path.posix.dirname(file) === '.' ? '' : path.posix.dirname(file));
  }
  return homes;
}

function decoratorReads(code: string): Array<{ name: string; index: number }> {
  const reads: Array<{ name: string; index: number }> = [];
  for (const pattern of [/\bapp\s*\??\.\s*(\w+)/g, /\.server\s*\??\.\s*(\w+)/g, /\bhasDecorator\(\s*['"](\w+)['"]/g]) {
    for (const match of code.matchAll(pattern)) reads.push({ name: match[1] as string, index: match.index ?? 0 });
  }
  for (const match of code.matchAll(/\{([^{}]*)\}\s*=\s*app\b/g)) {
    for (const part of (match[1] as string).split(',')) {
      const name = part.split(':')[0]?.trim();
      if (name) reads.push({ name, index: match.index ?? 0 });
    }
  }
  return reads;
}

/** Comments out, line breaks kept (so line numbers stay right); strings are left alone. */
function stripComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function lineOf(code: string, index: number): number {
  return code.slice(0, index).split('\n').length;
}

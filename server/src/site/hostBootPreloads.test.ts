import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bootScriptsOf, hostBootPreloadTags, preloadTags } from './hostBootPreloads';

/** A host build's load graph, as the LoadGraphPlugin writes it (shortened). */
const GROUPS = {
  'entry:main': ['main.js'],
  'import:src/mobile/startMobileShell.ts': ['mobile-start.9c6ba88b8a.js'],
  'import:src/bootstrap.tsx': ['607.d6dd0c8792.js', '894.f55a9165a9.js'],
  'provide:react': ['923.b176032498.js'],
  'provide:@sports/shared': ['457.a6d54dfe13.js', '503.98f631543a.js'],
  'provide:@sports/shared/pageKit': ['316.e63fa1b851.js'],
  'consume:react-dom': ['74.d529ca9728.js'],
  'import:src/mobile/MobileLayout.tsx': ['607.d6dd0c8792.js', 'mobile-layout.c5db45babb.js'],
  'import:src/ops/OpsPage.tsx': ['415.5426145206.js'],
};

describe('bootScriptsOf', () => {
  it("names the desktop page's start: the bootstrap and the singletons' own copies, not main.js, a consumer's fallback nor a later page", () => {
    expect(bootScriptsOf(GROUPS, 'desktop')).toEqual(['607.d6dd0c8792.js', '894.f55a9165a9.js', '457.a6d54dfe13.js', '503.98f631543a.js', '923.b176032498.js']);
  });

  it("leaves out @sports/shared's subpath singletons: only the pages that import them load them", () => {
    expect(bootScriptsOf(GROUPS, 'desktop')).not.toContain('316.e63fa1b851.js');
    expect(bootScriptsOf(GROUPS, 'mobile')).not.toContain('316.e63fa1b851.js');
  });

  it('adds the mobile shell’s start and layout chunks on /h5, each file once', () => {
    const files = bootScriptsOf(GROUPS, 'mobile');
    expect(files[0]).toBe('mobile-start.9c6ba88b8a.js');
    expect(files.at(-1)).toBe('mobile-layout.c5db45babb.js');
    expect(files.filter((file) => file === '607.d6dd0c8792.js')).toHaveLength(1);
    expect(files).not.toContain('415.5426145206.js');
  });

  it('keeps out what is not a script file name (a load graph cannot write markup into the page)', () => {
    expect(bootScriptsOf({ 'import:src/bootstrap.tsx': ['a"><script>x</script>.js', '../up.js', 'ok.1234.js', 'style.css'] }, 'desktop')).toEqual(['ok.1234.js']);
  });

  it('is empty for a build without the groups', () => {
    expect(bootScriptsOf({ 'entry:main': ['main.js'] }, 'mobile')).toEqual([]);
  });
});

describe('hostBootPreloadTags', () => {
  const folders: string[] = [];
  const dist = async (graph: string | null): Promise<string> => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'host-dist-'));
    folders.push(folder);
    if (graph !== null) await fs.writeFile(path.join(folder, 'load-graph.json'), graph);
    return folder;
  };
  afterAll(async () => {
    await Promise.all(folders.map((folder) => fs.rm(folder, { recursive: true, force: true })));
  });

  it('preloads each start-up script at low priority from the public path', async () => {
    // No script files in the folder: no sizes, so the load graph's order stays.
    const tags = await hostBootPreloadTags(await dist(JSON.stringify({ schemaVersion: 1, groups: GROUPS })), 'desktop');
    expect(tags).toBe(preloadTags(bootScriptsOf(GROUPS, 'desktop'), '/web/'));
    expect(tags).toContain('<link rel="preload" as="script" fetchpriority="low" href="/web/894.f55a9165a9.js">');
    expect(tags.match(/<link /g)).toHaveLength(5);
  });

  it('orders the preloads largest first, so the longest download starts at once', async () => {
    const folder = await dist(JSON.stringify({ schemaVersion: 1, groups: GROUPS }));
    await fs.writeFile(path.join(folder, '923.b176032498.js'), 'x'.repeat(5000));
    await fs.writeFile(path.join(folder, '894.f55a9165a9.js'), 'x'.repeat(100));
    await fs.writeFile(path.join(folder, '457.a6d54dfe13.js'), 'x'.repeat(900));
    const order = [...(await hostBootPreloadTags(folder, 'desktop')).matchAll(/href="\/web\/([^"]+)"/g)].map((match) => match[1]);
    expect(order.slice(0, 3)).toEqual(['923.b176032498.js', '457.a6d54dfe13.js', '894.f55a9165a9.js']);
    expect(order).toHaveLength(5);
  });

  it('makes the tags again when the load graph changes (a rebuilt site needs no restart)', async () => {
    const folder = await dist(JSON.stringify({ schemaVersion: 1, groups: { 'import:src/bootstrap.tsx': ['old.1111111111.js'] } }));
    expect(await hostBootPreloadTags(folder, 'desktop')).toContain('/web/old.1111111111.js');
    await fs.writeFile(path.join(folder, 'load-graph.json'), JSON.stringify({ schemaVersion: 1, groups: { 'import:src/bootstrap.tsx': ['rebuilt.2222222222.js'] } }));
    const tags = await hostBootPreloadTags(folder, 'desktop');
    expect(tags).toContain('/web/rebuilt.2222222222.js');
    expect(tags).not.toContain('old.1111111111.js');
    await fs.rm(path.join(folder, 'load-graph.json'));
    expect(await hostBootPreloadTags(folder, 'desktop')).toBe('');
  });

  it('gives no tags, and no error, for a build without a load graph (development) or an unreadable one', async () => {
    expect(await hostBootPreloadTags(await dist(null), 'mobile')).toBe('');
    expect(await hostBootPreloadTags(await dist('{ not json'), 'mobile')).toBe('');
    expect(await hostBootPreloadTags(await dist('{"groups": {"import:src/bootstrap.tsx": [1, 2]}}'), 'mobile')).toBe('');
  });
});

import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Preloads of the host's start-up scripts, put in the host page so they download beside main.js
 * instead of after it (issue 17: on a phone's slow network each step of main.js → shared
 * singletons → bootstrap → mobile layout paid a round trip; preloaded, /h5's LCP was about
 * 500 ms earlier under Lighthouse's mobile throttling).
 *
 * Which scripts: the build's load graph (host/dist/load-graph.json, written by the
 * LoadGraphPlugin of shared/build/createFederatedConfig.cjs) names each script by what loads it.
 * Every page loads the bootstrap's `import()` and the page singletons' own copies
 * (`provide:react`, …: the host is the first container on the page, so its copies are the ones
 * used); the mobile shell also loads its start and layout chunks (host/src/mobile/README.md).
 * A group the build does not have is skipped: the page then loads it as before, only later.
 *
 * `fetchpriority=low`: the preloads must not delay the first paint nor take the line before
 * main.js (a deferred script, itself low); webpack's script tags then find them downloaded.
 * A phone that opens /web/ is sent to /h5/ by main.js: the scripts both shells share (all but
 * the mobile chunks) are hashed and cached for a year, so what arrived is used there.
 */
export type HostShell = 'desktop' | 'mobile';

const BOOT_GROUP = 'import:src/bootstrap.tsx';
const SINGLETON_PREFIX = 'provide:';
const MOBILE_START_GROUP = 'import:src/mobile/startMobileShell.ts';
const MOBILE_LAYOUT_GROUP = 'import:src/mobile/MobileLayout.tsx';
const LOAD_GRAPH_FILE = 'load-graph.json';
/** What a script file name in the load graph may be (webpack's `[name].[contenthash].js`). */
const SCRIPT_FILE = /^[\w.-]+\.js$/;

/**
 * Whether a group is a page singleton every page loads at start: the host's own copies, except
 * `@sports/shared`'s subpath singletons (`@sports/shared/pageKit`, …: issue 38), which only the
 * pages that import them load (SHARED_SUBPATH_SINGLETONS in shared/build/createFederatedConfig.cjs).
 * Preloaded, they were 3 kB of every first visit that no first screen runs.
 */
function isLoadedAtStart(group: string): boolean {
  return group.startsWith(SINGLETON_PREFIX) && !group.startsWith(`${SINGLETON_PREFIX}@sports/shared/`);
}

/** The scripts a page of `shell` loads at start, from a load graph's groups, each once, in load order. */
export function bootScriptsOf(groups: Readonly<Record<string, readonly string[]>>, shell: HostShell): string[] {
  const keys = [
    ...(shell === 'mobile' ? [MOBILE_START_GROUP] : []),
    BOOT_GROUP,
    ...Object.keys(groups).filter(isLoadedAtStart).sort(),
    ...(shell === 'mobile' ? [MOBILE_LAYOUT_GROUP] : []),
  ];
  const files: string[] = [];
  for (const key of keys) {
    for (const file of groups[key] ?? []) if (SCRIPT_FILE.test(file) && !files.includes(file)) files.push(file);
  }
  return files;
}

/** The `<link rel=preload>` tags of `files`, served from `publicPath` (the host's `/web/`). */
export function preloadTags(files: readonly string[], publicPath: string): string {
  return files.map((file) => `<link rel="preload" as="script" fetchpriority="low" href="${publicPath}${file}">`).join('');
}

/** The tags last made per build folder and shell, with the load graph's stamp they were made from. */
const madeTags = new Map<string, { stamp: string; tags: string }>();

/**
 * The preload tags of the host build in `hostDist` for `shell`; empty when the build has no load
 * graph (a development build) or it does not parse: the page works without them. Asked per page
 * request (a rebuilt site needs no restart), made again only when the load graph changed: one
 * stat per page, instead of reading the graph and every script's size.
 */
export async function hostBootPreloadTags(hostDist: string, shell: HostShell, publicPath = '/web/'): Promise<string> {
  const graphFile = path.join(hostDist, LOAD_GRAPH_FILE);
  const stamp = await fs.stat(graphFile).then((stat) => `${stat.mtimeMs}:${stat.size}`, () => null);
  if (stamp === null) return '';
  const key = `${hostDist}\0${shell}\0${publicPath}`;
  const made = madeTags.get(key);
  if (made?.stamp === stamp) return made.tags;
  const tags = await makeTags(graphFile, hostDist, shell, publicPath);
  madeTags.set(key, { stamp, tags });
  return tags;
}

async function makeTags(graphFile: string, hostDist: string, shell: HostShell, publicPath: string): Promise<string> {
  let groups: unknown;
  try {
    groups = (JSON.parse(await fs.readFile(graphFile, 'utf8')) as { groups?: unknown }).groups;
  } catch {
    return '';
  }
  if (typeof groups !== 'object' || groups === null) return '';
  const valid = Object.fromEntries(Object.entries(groups).filter((entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].every((file) => typeof file === 'string')));
  return preloadTags(await largestFirst(hostDist, bootScriptsOf(valid, shell)), publicPath);
}

/**
 * `files` by size, the largest first (a missing file last): the browser starts preloads in the
 * page's order on a few connections, and the page waits for the last one to arrive, so the
 * longest download (react-dom's, about a third of the bytes) must not start behind the small ones.
 */
async function largestFirst(hostDist: string, files: readonly string[]): Promise<string[]> {
  const sized = await Promise.all(files.map(async (file) => ({ file, size: await fs.stat(path.join(hostDist, file)).then((stat) => stat.size, () => -1) })));
  return sized.sort((a, b) => b.size - a.size).map((each) => each.file);
}

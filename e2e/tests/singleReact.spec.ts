import { expect, type Request } from '@playwright/test';
import { test } from './support/journey';

interface ManifestShared {
  name: string;
  assets: { js: { sync: string[]; async: string[] } };
}

/** The folder the control plane serves a remote's stable release from, e.g. /web/releases/mf-live/0.1.0-…/. */
async function releaseFolderOf(baseURL: string, folder: string): Promise<string> {
  const answer = (await (await fetch(`${baseURL}/api/mf/remotes`)).json()) as { data: { remotes: { manifestUrl: string }[] } };
  const manifestUrl = answer.data.remotes.map((remote) => remote.manifestUrl).find((url) => url.includes(`/${folder}/`));
  if (!manifestUrl) throw new Error(`no release of ${folder} is assigned`);
  return manifestUrl.replace(/mf-manifest\.json$/, '');
}

/** The files a remote would load for its own copy of a shared package, from its manifest. */
async function fallbackFilesOf(baseURL: string, releaseFolder: string, packages: string[]): Promise<string[]> {
  const response = await fetch(`${baseURL}${releaseFolder}mf-manifest.json`);
  const manifest = (await response.json()) as { shared: ManifestShared[] };
  return manifest.shared
    .filter((shared) => packages.includes(shared.name))
    .flatMap((shared) => [...shared.assets.js.sync, ...shared.assets.js.async]);
}

test('React is loaded exactly once while pages of every remote render', async ({ page, baseURL }) => {
  const requested: string[] = [];
  page.on('request', (request: Request) => requested.push(new URL(request.url()).pathname));

  await page.goto('/web/#/main');
  await expect(page.getByTestId('widget-hotMatches').getByRole('link').first()).toBeVisible();
  for (const path of ['anchor', 'news', 'member', 'football']) {
    await page.goto(`/web/#/${path}`);
    await expect(page.locator('main [data-remote]').first()).toBeVisible();
  }

  // 1. The share scope: one React version, loaded, provided by the host.
  const react = await page.evaluate(() => {
    type Entry = { from: string; loaded?: boolean; lib?: unknown };
    const share = (window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Entry>>>> } }).__FEDERATION__.__SHARE__;
    const loaded: { pkg: string; version: string; from: string }[] = [];
    for (const scopes of Object.values(share)) {
      for (const pkg of ['react', 'react-dom']) {
        for (const [version, entry] of Object.entries(scopes.default?.[pkg] ?? {})) {
          if (entry.loaded || entry.lib) loaded.push({ pkg, version, from: entry.from });
        }
      }
    }
    return loaded;
  });
  const reactCopies = new Set(react.filter((entry) => entry.pkg === 'react').map((entry) => `${entry.version}@${entry.from}`));
  const reactDomCopies = new Set(react.filter((entry) => entry.pkg === 'react-dom').map((entry) => `${entry.version}@${entry.from}`));
  expect([...reactCopies]).toEqual([expect.stringMatching(/@host$/)]);
  expect([...reactDomCopies]).toEqual([expect.stringMatching(/@host$/)]);

  // 2. The releases: each rendered its pages and ships no React of its own (it takes the host's,
  // `import: false`: shared/build/createFederatedConfig.cjs), so none can be fetched.
  for (const folder of ['mf-live', 'mf-scores', 'mf-community', 'mf-member']) {
    const releaseFolder = await releaseFolderOf(baseURL as string, folder);
    const ownCopies = await fallbackFilesOf(baseURL as string, releaseFolder, ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client']);
    expect(ownCopies, `${folder} ships its own React`).toEqual([]);
    expect(requested.some((path) => path.startsWith(releaseFolder))).toBe(true);
  }
});

/**
 * @sports/shared's subpath singletons (issue 38: `@sports/shared/follows`, `/pageKit`, …,
 * shared/build/createFederatedConfig.cjs) are not on the first visit: the first page of a remote
 * that imports one loads it, from the host's build or that remote's, and every later remote takes
 * that same copy. The share scope holds one loaded copy of the root and of each subpath.
 */
test('@sports/shared and each of its subpath singletons are loaded once while pages of every remote render', async ({ page }) => {
  await page.goto('/web/#/main');
  await expect(page.getByTestId('widget-hotMatches').getByRole('link').first()).toBeVisible();
  const loadedCopies = () =>
    page.evaluate(() => {
      type Entry = { from: string; loaded?: boolean; lib?: unknown };
      const share = (window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Entry>>>> } }).__FEDERATION__.__SHARE__;
      const copies: Record<string, string[]> = {};
      for (const scopes of Object.values(share)) {
        for (const [pkg, versions] of Object.entries(scopes.default ?? {})) {
          if (!pkg.startsWith('@sports/shared')) continue;
          for (const [version, entry] of Object.entries(versions)) if (entry.loaded || entry.lib) (copies[pkg] ??= []).push(`${version}@${entry.from}`);
        }
      }
      return copies;
    });
  // The first visit takes the root alone.
  expect(Object.keys(await loadedCopies())).toEqual(['@sports/shared']);

  for (const path of ['football', 'news', 'anchor', 'member', 'football']) {
    await page.goto(`/web/#/${path}`);
    await expect(page.locator('main [data-remote]').first()).toBeVisible();
  }
  const copies = await loadedCopies();
  expect(Object.keys(copies).length, `the pages loaded no subpath singleton: ${JSON.stringify(copies)}`).toBeGreaterThan(1);
  for (const [pkg, loaded] of Object.entries(copies)) expect(new Set(loaded).size, `${pkg}: ${loaded.join(', ')}`).toBe(1);
});

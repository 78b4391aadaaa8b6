import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { test } from './support/journey';

/**
 * A squad's day (docs/how-to/squad-day.md): `pnpm dev:remote mf-community` starts the remote's
 * webpack dev server and prints a link; the link opens the running site with this browser's
 * mf-community on the dev server (a dev override, server/src/rollouts/devOverride.ts) and the
 * rest on their releases; an edit of a page file shows on the site without a reload of the host;
 * the banner's 退出 puts the browser back on the release. The edit is made in a copy of
 * mf-community (its sources, config and a link to its node_modules), never in the repository.
 */
test.describe.configure({ timeout: 240_000 });

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const remoteDir = path.join(repoRoot, 'mf-community');
const EDITED_TEXT = '本地热更新生效';

let copyDir = '';
let devServer: ChildProcess | null = null;
let output = '';

test.beforeAll(async () => {
  copyDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dev-remote-mf-community-'));
  await fs.cp(path.join(remoteDir, 'src'), path.join(copyDir, 'src'), { recursive: true });
  for (const file of ['package.json', 'webpack.config.cjs', 'tsconfig.json']) await fs.copyFile(path.join(remoteDir, file), path.join(copyDir, file));
  await fs.symlink(path.join(remoteDir, 'node_modules'), path.join(copyDir, 'node_modules'), 'dir');
});

test.afterAll(async () => {
  if (devServer && devServer.exitCode === null) {
    const exited = new Promise((resolve) => devServer?.once('exit', resolve));
    devServer.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (devServer.exitCode === null) devServer.kill('SIGKILL');
  }
  if (copyDir) await fs.rm(copyDir, { recursive: true, force: true });
});

/** Starts `pnpm dev:remote`'s program on the copy and answers the link it prints. */
function startDevRemote(site: string): Promise<string> {
  // The root script runs exactly this (package.json "dev:remote"); --no-types: tsc --watch would
  // only slow the two cores the journeys share.
  devServer = spawn(process.execPath, ['tools/dev-remote/src/main.ts', 'mf-community', '--site', site, '--dir', copyDir, '--no-types'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  const child = devServer;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`dev:remote printed no link in 150 s:\n${output}`)), 150_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const link = /\[dev:remote\] open: (\S+)/.exec(output)?.[1];
      if (link) {
        clearTimeout(timer);
        resolve(link);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`dev:remote exited with ${code}:\n${output}`));
    });
  });
}

test('a page of mf-community edited under its dev server shows on the running site without a reload', async ({ page, baseURL }) => {
  const link = await startDevRemote(baseURL as string);
  expect(link).toMatch(/\/web\/\?mf_dev=[A-Za-z0-9_-]+#\/news$/);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await page.goto(link);
  const banner = page.getByTestId('dev-override-banner');
  await expect(banner).toContainText('正在使用本地 mf-community（http://127.0.0.1:');
  await expect(page.getByTestId('news-tab-all')).toBeVisible({ timeout: 60_000 });
  // Only mf-community comes from the dev server: its scripts, not a release's.
  const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  const override = JSON.parse(Buffer.from(new URL(link).searchParams.get('mf_dev') ?? '', 'base64url').toString('utf8')) as { u: string };
  const devOrigin = new URL(override.u).origin;
  expect(devOrigin).not.toBe(new URL(baseURL as string).origin);
  expect(scripts.some((name) => name.startsWith(`${devOrigin}/remoteEntry.js`))).toBe(true);
  expect(scripts.some((name) => name.includes('/web/releases/mf-community/'))).toBe(false);
  // The host is not reloaded: this survives the update.
  await page.evaluate(() => Object.assign(window, { devRemoteMarker: 'kept' }));
  await expect(page.getByText(EDITED_TEXT)).toHaveCount(0);

  const pageFile = path.join(copyDir, 'src', 'headlines', 'NewsPage.tsx');
  const source = await fs.readFile(pageFile, 'utf8');
  const anchor = '<PagePanel aria-label={newsCopy.list}>';
  expect(source).toContain(anchor);
  await fs.writeFile(pageFile, source.replace(anchor, `${anchor}\n        <p data-testid="dev-remote-edit">${EDITED_TEXT}</p>`));

  await expect(page.getByTestId('dev-remote-edit')).toHaveText(EDITED_TEXT, { timeout: 60_000 });
  expect(await page.evaluate(() => (window as unknown as { devRemoteMarker?: string }).devRemoteMarker)).toBe('kept');
  await expect(banner).toBeVisible();

  // 退出: the same route again, from mf-community's release, without the banner.
  await banner.getByRole('button', { name: '退出' }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('news-tab-all')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('dev-remote-edit')).toHaveCount(0);
  expect(new URL(page.url()).hash).toBe('#/news');
  await page.reload();
  await expect(page.getByTestId('news-tab-all')).toBeVisible({ timeout: 30_000 });
  await expect(banner).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

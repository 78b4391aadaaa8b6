import { expect, type Page } from '@playwright/test';
import { test } from './support/journey';
import { REMOTES } from './support/expectedRoutes';
import { rolloutOf } from './support/rolloutOps';

/** Failures the control plane counted for one remote, over all its releases. */
async function failuresCounted(baseURL: string, remote: string): Promise<number> {
  return (await rolloutOf(baseURL, remote)).releases.reduce((sum, release) => sum + release.health.errors, 0);
}

/** Every release of one remote, wherever the control plane serves it from. */
const filesOf = (folder: string) => `**/web/releases/${folder}/**`;

/** Make every file of one remote unreachable, as when its host or CDN is down. */
async function cutOff(page: Page, folder: string): Promise<void> {
  await page.route(filesOf(folder), (route) => route.abort('connectionrefused'));
}

for (const remote of REMOTES) {
  test(`${remote.folder} unreachable: its area falls back, the site works, the failure is reported, retry recovers`, async ({ page, baseURL }) => {
    const failuresBefore = await failuresCounted(baseURL!, remote.name);
    await cutOff(page, remote.folder);
    const report = page.waitForResponse(
      (response) => response.url().endsWith('/api/mf/telemetry') && response.request().postDataJSON()?.remote === remote.name,
    );

    await page.goto(`/web/#/${remote.route}`);
    const fallback = page.getByTestId('remote-fallback');
    await expect(fallback).toBeVisible();
    await expect(fallback).toHaveAttribute('data-remote', remote.name);
    await expect(page.locator('header')).toBeVisible();

    // The control plane heard about it, from the browser, with the remote's release.
    // Counted, read from the ops side: Chromium keeps no body of a keepalive answer marked no-store.
    const answer = await report;
    expect(answer.status()).toBe(200);
    await expect.poll(() => failuresCounted(baseURL!, remote.name)).toBeGreaterThan(failuresBefore);
    expect(answer.request().postDataJSON()).toMatchObject({ remote: remote.name, phase: 'load' });

    // Another remote's page still works.
    await page.goto(`/web/#/${remote.otherRoute}`);
    await expect(page.locator(`main [data-remote="${remote.otherFolder}"]`).first()).toBeVisible();

    // The home page keeps the other widgets when this remote's widget cannot load.
    if (remote.widget) {
      await page.goto('/web/#/main');
      // One fallback per widget of this remote (mf-live has two: 直播推荐 and 进球集锦), none of its widgets.
      const areas = page.getByTestId(`remote-area-${remote.name}`);
      await expect(areas.getByTestId('remote-fallback').first()).toBeVisible();
      await expect(areas.getByTestId('remote-fallback')).toHaveCount(await areas.count());
      await expect(page.getByTestId(`widget-${remote.widget}`)).toHaveCount(0);
      for (const other of REMOTES) {
        if (other.widget && other.name !== remote.name) await expect(page.getByTestId(`widget-${other.widget}`)).toBeVisible();
      }
    }

    // Files back: retry loads the remote without reloading the page.
    await page.goto(`/web/#/${remote.route}`);
    await expect(fallback).toBeVisible();
    await page.unroute(filesOf(remote.folder));
    await page.getByRole('button', { name: '重试' }).click();
    await expect(page.locator(`main [data-remote="${remote.folder}"]`).first()).toBeVisible();
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  });
}

import { expect, type Page } from '@playwright/test';

/**
 * The live room's video plays: it shows, its currentTime passes 0.2 s, then advances another
 * half second (TOOLCHAIN.md: measure playback by progress, not value).
 */
export async function expectVideoPlaying(page: Page): Promise<void> {
  const video = page.getByTestId('live-video');
  await expect(video).toBeVisible({ timeout: 30_000 });
  const time = () => video.evaluate((element) => (element as HTMLVideoElement).currentTime);
  await expect.poll(time, { timeout: 30_000 }).toBeGreaterThan(0.2);
  const first = await time();
  await expect.poll(time, { timeout: 10_000 }).toBeGreaterThan(first + 0.5);
}

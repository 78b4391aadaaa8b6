import { devices, expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';

/** The phones the /h5 journeys emulate, in the suite's Chromium (the run has no WebKit). */
export type PhoneName = 'iPhone 13' | 'Pixel 7';
export const PHONES: readonly PhoneName[] = ['iPhone 13', 'Pixel 7'];

/** A phone's viewport, user agent, scale and touch; its defaultBrowserType is dropped. */
export function phoneOptions(name: PhoneName): BrowserContextOptions {
  const { defaultBrowserType: _webkitOrChromium, ...options } = devices[name];
  return { ...options, isMobile: true, hasTouch: true };
}

/** A browser context as that phone, in Chinese, over `extra` (a signed-in storageState, offline, …). */
export function phoneContext(browser: Browser, name: PhoneName, extra: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ ...phoneOptions(name), locale: 'zh-CN', ...extra });
}

/** No sideways scroll: the page is no wider than the screen (polled: content may still arrive). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { message: `${page.url()} scrolls sideways`, timeout: 10_000 })
    .toBeLessThanOrEqual(0);
}

const CONTROLS = 'button:not([role="switch"]), [role="tab"], select, input[type="text"], input[type="number"], input:not([type]), textarea';

/**
 * Every visible control of the remote's page is at least 44 px tall (and buttons 44 px wide);
 * `alsoChecked` adds the page's own tap targets (e.g. a board's score links).
 */
export async function expectTouchTargets(page: Page, remote: string, alsoChecked?: string): Promise<void> {
  const selector = alsoChecked ? `${CONTROLS}, ${alsoChecked}` : CONTROLS;
  const small = await page.locator(`[data-remote="${remote}"]`).first().evaluate((root, controls) => {
    return [...root.querySelectorAll(controls)].flatMap((control) => {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return [];
      const tooSmall = box.height < 44 || (control.tagName === 'BUTTON' && box.width < 44);
      return tooSmall ? [`${control.tagName.toLowerCase()} "${(control.textContent ?? '').trim().slice(0, 20)}" ${Math.round(box.width)}x${Math.round(box.height)}`] : [];
    });
  }, selector);
  expect(small).toEqual([]);
}

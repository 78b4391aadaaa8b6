import { devices, expect, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';

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

const CONTROLS = 'button:not([role="switch"]), [role="tab"], select, input[type="text"], input[type="number"], input[type="password"], input[type="tel"], input:not([type]), textarea';

/**
 * Every visible control of the remote's page is at least 44 px tall (and buttons 44 px wide);
 * `alsoChecked` adds the page's own tap targets (e.g. a board's score links).
 */
export async function expectTouchTargets(page: Page, remote: string, alsoChecked?: string): Promise<void> {
  await expectTouchTargetsIn(page.locator(`[data-remote="${remote}"]`).first(), alsoChecked);
}

/** The same check inside any part of the page (the login sheet, a shell surface). */
export async function expectTouchTargetsIn(root: Locator, alsoChecked?: string): Promise<void> {
  const selector = alsoChecked ? `${CONTROLS}, ${alsoChecked}` : CONTROLS;
  const small = await root.evaluate((element, controls) => {
    return [...element.querySelectorAll(controls)].flatMap((control) => {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return [];
      const tooSmall = box.height < 44 || (control.tagName === 'BUTTON' && box.width < 44);
      return tooSmall ? [`${control.tagName.toLowerCase()} "${(control.textContent ?? '').trim().slice(0, 20)}" ${Math.round(box.width)}x${Math.round(box.height)}`] : [];
    });
  }, selector);
  expect(small).toEqual([]);
}

/** Every visible field inside `root` is at 16 px or more: iOS Safari zooms into a smaller one on focus. */
export async function expectFieldsWithoutZoom(root: Locator): Promise<void> {
  const small = await root.evaluate((element) =>
    [...element.querySelectorAll('input:not([type="checkbox"], [type="radio"], [type="hidden"]), select, textarea')].flatMap((field) => {
      const size = Number.parseFloat(getComputedStyle(field).fontSize);
      return field.getBoundingClientRect().height > 0 && size < 16 ? [`${field.getAttribute('aria-label') || field.id || field.tagName} ${size}px`] : [];
    }),
  );
  expect(small).toEqual([]);
}

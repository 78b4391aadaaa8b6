import { test as base } from '@playwright/test';
import { serverLogOffset, serverLogSince } from './serverLog';

/**
 * Playwright's `test` for every journey: the same, plus one guarantee. A browser context a journey
 * opens with `browser.newContext()` (a second member, a phone, the ops page) is closed when the
 * journey ends, whether the journey closed it or not, and whether it passed or failed.
 *
 * The run shares one browser across journeys (workers: 1). A context left open keeps its pages
 * running for the rest of the run: a live room's video and danmaku, the score board's socket, the
 * polls. A fresh-clone CI run had eighteen such pages at once, on two cores; clicks took 5-19 s
 * and journeys timed out at random. Specs import `test` from here, not from '@playwright/test'
 * (e2e/journeyImports.test.mjs checks that they do).
 *
 * And one report: a journey that fails prints the server's warnings and errors logged while it
 * ran (support/serverLog.ts), and attaches them to its result.
 */
export const test = base.extend<{ closeContextsLeftOpen: void; serverLogOnFailure: void }>({
  serverLogOnFailure: [
    async ({}, use, testInfo) => {
      const offset = await serverLogOffset();
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      const lines = await serverLogSince(offset);
      const text = lines.length === 0 ? 'the server logged no warning or error while the journey ran' : lines.join('\n');
      console.log(`[e2e server] while "${testInfo.title}" ran:\n${text}`);
      await testInfo.attach('server log (warnings and errors)', { body: text, contentType: 'text/plain' });
    },
    { auto: true },
  ],
  closeContextsLeftOpen: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const leftOpen = browser.contexts().filter((context) => !before.has(context));
      await Promise.all(leftOpen.map((context) => context.close().catch(() => undefined)));
    },
    { auto: true },
  ],
});

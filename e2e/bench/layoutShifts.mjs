// `pnpm bench:shifts`: every layout shift of /web/#/main (or LAYOUT_SHIFT_PATH) on the real server
// on the built site (fresh embedded database, a free port), at desktop widths 1024, 1350 (the
// Lighthouse desktop preset's) and 1920, with the elements that moved and from where to where,
// and each home widget area's final place. Lighthouse's CLS names one element; this names the
// cause (a row that widened on arrival, a widget that turned out empty, a loading area without
// its room). LAYOUT_SHIFT_WAIT_LIVE=1 first waits (up to 5 minutes) until a room is live, as on a
// site that has been running. The e2e journey firstPaint.spec.ts holds the home under 0.1.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { freePort, startSiteServer } from '../siteServer.mjs';

const WIDTHS = [1024, 1350, 1920];
const SETTLE_MS = 6_000;
const route = process.env.LAYOUT_SHIFT_PATH ?? '/web/#/main';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-shifts-'));
// As root, the embedded PostgreSQL runs as its own user, which must be able to enter the folder.
chmodSync(dataDir, 0o755);

/** Installed before the page's scripts: every layout shift with its sources' rectangles. */
function recordShifts() {
  const shifts = [];
  window.__layoutShifts = shifts;
  const describe = (node) => (node ? `${node.nodeName.toLowerCase()}${node.getAttribute?.('data-testid') ? `[${node.getAttribute('data-testid')}]` : ''}` : '(gone)');
  const rect = (r) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      shifts.push({ at: Math.round(entry.startTime), value: entry.value, sources: entry.sources.map((source) => `${describe(source.node)} ${rect(source.previousRect)} → ${rect(source.currentRect)}`) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

console.log(`Layout shifts of ${route}, built site, Chromium /usr/bin/chromium (${SETTLE_MS / 1000} s after load each)`);
const server = await startSiteServer({ port: await freePort(), env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, onUnexpectedExit: (message) => console.error(`\n${message}`) });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: process.getuid?.() === 0 ? ['--no-sandbox'] : [] });
try {
  if (process.env.LAYOUT_SHIFT_WAIT_LIVE) {
    const since = Date.now();
    process.stdout.write('waiting for a live room');
    while (Date.now() - since < 300_000) {
      const body = await (await fetch(`${server.url}/api/Recommend/rooms`)).json();
      if (body.data.list.length > 0) break;
      process.stdout.write('.');
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    console.log(` ${((Date.now() - since) / 1000).toFixed(0)} s`);
  }
  for (const width of WIDTHS) {
    const page = await browser.newPage({ viewport: { width, height: 940 }, locale: 'zh-CN' });
    await page.addInitScript(recordShifts);
    await page.goto(`${server.url}${route}`);
    await page.waitForTimeout(SETTLE_MS);
    const shifts = await page.evaluate(() => window.__layoutShifts);
    console.log(`\n${width} px: CLS ${shifts.reduce((sum, shift) => sum + shift.value, 0).toFixed(3)} (${shifts.length} shifts)`);
    for (const shift of shifts) console.log(`  at ${shift.at} ms, ${shift.value.toFixed(4)}:\n    ${shift.sources.join('\n    ')}`);
    const areas = await page.locator('[data-widget-area]').evaluateAll((nodes) =>
      nodes.map((node) => {
        const box = node.getBoundingClientRect();
        const widget = node.querySelector('[data-testid^="widget-"]')?.getAttribute('data-testid') ?? (node.childElementCount === 0 ? '(nothing to show: no cell)' : '(loading)');
        return `${node.getAttribute('data-testid')} ${widget}: ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}x${Math.round(box.height)}`;
      }),
    );
    if (areas.length > 0) console.log(`  widget areas:\n    ${areas.join('\n    ')}`);
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

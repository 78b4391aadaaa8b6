import { mkdtempSync, chmodSync } from 'node:fs';
import os from 'node:os'; import path from 'node:path';
import { chromium } from '@playwright/test';
import { freePort, startSiteServer } from '../siteServer.mjs';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cls-')); chmodSync(dataDir, 0o755);
const server = await startSiteServer({ port: await freePort(), env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
try {
  for (let run = 0; run < 2; run++) {
    const context = await browser.newContext({ viewport: { width: 1350, height: 940 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__shifts = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__shifts.push({ value: e.value, t: Math.round(e.startTime), sources: (e.sources || []).map((s) => { const n = s.node; return n ? `${n.nodeName}${n.id ? '#' + n.id : ''}.${(n.className && n.className.baseVal === undefined ? n.className : '').toString().slice(0, 40)} [${n.getAttribute?.('data-testid') ?? ''}] ${JSON.stringify(s.previousRect)}->${JSON.stringify(s.currentRect)}` : '(text)'; }) }); }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${server.baseURL ?? server.url}/web/#/main`);
    await page.waitForTimeout(5000);
    console.log(JSON.stringify(await page.evaluate(() => window.__shifts), null, 1));
    await context.close();
  }
} finally { await browser.close(); await server.stop?.(); }

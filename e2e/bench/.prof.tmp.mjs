// Ad-hoc: CPU profile of /h5/#/main at 4x CPU throttle; self time by url and by function.
import { chromium } from '@playwright/test';
import { freePort, startSiteServer } from '/work/main/e2e/siteServer.mjs';
import os from 'node:os'; import path from 'node:path'; import { mkdtempSync, chmodSync } from 'node:fs';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prof-')); chmodSync(dataDir, 0o755);
const server = await startSiteServer({ port: await freePort(), env: { DATA_DIR: dataDir } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const route = process.argv[2] ?? '/h5/#/main';
for (const round of [0, 1]) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const t0 = Date.now();
  await page.goto(server.url + route);
  await page.waitForTimeout(8000);
  const { profile } = await cdp.send('Profiler.stop');
  if (round === 0) { await context.close(); continue; }
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas; 
  for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
  const byUrl = new Map(), byFn = new Map();
  for (const [id, us] of self) { const n = byId.get(id); const cf = n.callFrame; const u = cf.url.replace(server.url, '') || `(${cf.functionName || 'native'})`;
    byUrl.set(u, (byUrl.get(u) ?? 0) + us);
    const k = `${cf.functionName || '(anon)'} ${u}:${cf.lineNumber}:${cf.columnNumber}`; byFn.set(k, (byFn.get(k) ?? 0) + us); }
  const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`).join('\n');
  console.log('by url:\n' + top(byUrl, 15)); console.log('by function:\n' + top(byFn, 40));
  await context.close();
}
await browser.close(); await server.stop();

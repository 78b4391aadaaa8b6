// scratch: CPU profile of a first load at 4x, busy stretches (>40 ms) with their top self-time functions mapped through source maps
import { chmodSync, mkdtempSync, readFileSync, existsSync } from 'node:fs';
import os from 'node:os'; import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium } from '@playwright/test';
import { freePort, startSiteServer } from '../siteServer.mjs';
const require = createRequire(import.meta.url);
const { SourceMapConsumer } = require('/work/main/node_modules/.pnpm/source-map@0.6.1/node_modules/source-map');
const route = process.argv[2] ?? '/h5/#/main';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-prof-')); chmodSync(dataDir, 0o755);
const server = await startSiteServer({ port: await freePort(), env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
async function load() {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 100 }); await cdp.send('Profiler.start');
  await page.goto(server.url + route); await page.waitForTimeout(6000);
  const { profile } = await cdp.send('Profiler.stop'); await context.close(); return profile;
}
await load();
const profile = await load();
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const maps = new Map();
function mapped(cf) {
  const url = cf.url; if (!url) return cf.functionName || '(native)';
  const rel = new URL(url).pathname.replace(/^\/web\//, '');
  const file = rel.startsWith('releases/') ? path.join('/work/main', rel.split('/')[1], 'dist', rel.split('/').slice(3).join('/')) : path.join('/work/main/host/dist', rel);
  if (!maps.has(file)) maps.set(file, existsSync(file + '.map') ? new SourceMapConsumer(JSON.parse(readFileSync(file + '.map', 'utf8'))) : null);
  const m = maps.get(file); if (!m) return `${cf.functionName} ${rel}`;
  const p = m.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber });
  return `${cf.functionName || '(anon)'} ${String(p.source).replace(/.*node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?/, '').replace('webpack://', '')}:${p.line}`;
}
if (process.env.INCLUSIVE) {
  const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map();
  for (const id of profile.samples) {
    const seen = new Set(); let cur = id;
    while (cur !== undefined) { const cf = nodes.get(cur).callFrame; if (cf.url.includes(process.env.INCLUSIVE)) { const k = mapped(cf); if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + 1); } } cur = parent.get(cur); }
  }
  const interval = (profile.endTime - profile.startTime) / profile.samples.length / 1000;
  for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${(v * interval).toFixed(1).padStart(7)} ms  ${k}`);
  await browser.close(); await server.stop(); process.exit(0);
}
let t = profile.startTime; const samples = profile.samples.map((id, i) => { t += profile.timeDeltas[i]; return { id, t }; });
const busy = samples.filter((s) => !['(idle)', '(program)', '(garbage collector)'].includes(nodes.get(s.id).callFrame.functionName));
const windows = []; let cur = null;
for (const s of busy) { if (cur && s.t - cur.end < 3000) { cur.end = s.t; cur.samples.push(s); } else { cur = { start: s.t, end: s.t, samples: [s] }; windows.push(cur); } }
for (const w of windows.filter((w) => w.end - w.start > 40_000)) {
  const self = new Map(); for (const s of w.samples) { const k = mapped(nodes.get(s.id).callFrame); self.set(k, (self.get(k) ?? 0) + 0.1); }
  console.log(`@${((w.start - profile.startTime) / 1000).toFixed(0)} ms, ${((w.end - w.start) / 1000).toFixed(0)} ms busy:`);
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 8))) console.log(`   ${v.toFixed(1).padStart(6)} ${k}`);
}
await browser.close(); await server.stop();

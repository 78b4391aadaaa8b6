// scratch: long tasks of a first load at 4x CPU, with what each contains
import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os'; import path from 'node:path';
import { chromium } from '@playwright/test';
import { freePort, startSiteServer } from '../siteServer.mjs';
const route = process.argv[2] ?? '/h5/#/main';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-trace-')); chmodSync(dataDir, 0o755);
const server = await startSiteServer({ port: await freePort(), env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
async function load(trace) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  if (process.env.FONT) await page.addInitScript({ content: `document.addEventListener('DOMContentLoaded', () => { const s = document.createElement('style'); s.textContent = '* { font-family: ${process.env.FONT} !important }'; document.head.append(s); });` });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const events = [];
  if (trace) {
    cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing', transferMode: 'ReportEvents' });
  }
  await page.goto(server.url + route);
  await page.waitForTimeout(7000);
  if (trace) { const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r)); await cdp.send('Tracing.end'); await done; }
  await context.close();
  return events;
}
await load(false);
const events = await load(true);
const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'TracingStartedInBrowser');
const t0 = Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
// main thread of the renderer: the thread with most RunTask of durations
const runTasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X');
const byThread = {};
for (const e of runTasks) byThread[`${e.pid}:${e.tid}`] = (byThread[`${e.pid}:${e.tid}`] ?? 0) + e.dur;
const threadNames = Object.fromEntries(events.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
const main = Object.entries(byThread).filter(([k]) => threadNames[k] === 'CrRendererMain').sort((a, b) => b[1] - a[1])[0][0];
const mine = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X');
const long = mine.filter((e) => e.name === 'RunTask' && e.dur > 50_000);
for (const task of long) {
  const inside = mine.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
  const kids = inside.filter((e) => ['EvaluateScript', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'Layout', 'UpdateLayoutTree', 'ParseHTML', 'v8.compile', 'EventDispatch', 'XHRReadyStateChange', 'RunMicrotasks', 'v8.evaluateModule', 'Paint', 'PrePaint', 'Commit'].includes(e.name));
  const top = kids.filter((k) => !kids.some((o) => o !== k && o.ts <= k.ts && o.ts + o.dur >= k.ts + k.dur && o.dur > k.dur));
  const desc = top.sort((a, b) => b.dur - a.dur).slice(0, 6).map((k) => `${k.name}${k.args?.data?.url ? ' ' + k.args.data.url.split('/').pop() : ''}${k.args?.data?.functionName ? ' ' + k.args.data.functionName : ''}${k.args?.data?.type ? ' ' + k.args.data.type : ''} ${(k.dur / 1000).toFixed(0)}`);
  const layouts = inside.filter((e) => e.name === 'Layout').reduce((s, e) => s + e.dur, 0) / 1000;
  const styles = inside.filter((e) => e.name === 'UpdateLayoutTree').reduce((s, e) => s + e.dur, 0) / 1000;
  if (process.env.DEEP) for (const e of inside.filter((e) => e.dur > 4000 && e.name !== 'RunTask')) console.log('      ', ((e.ts - task.ts) / 1000).toFixed(0), e.name, (e.dur / 1000).toFixed(0), e.args?.data?.url?.split('/').pop() ?? '', e.args?.data?.functionName ?? '', e.args?.data?.type ?? '', e.args?.data?.frame ? '' : '');
  console.log(`${((task.ts - t0) / 1000).toFixed(0).padStart(6)} ${(task.dur / 1000).toFixed(0).padStart(4)} ms  layout ${layouts.toFixed(0)} style ${styles.toFixed(0)} | ${desc.join(' | ')}`);
}
await browser.close(); await server.stop();

// `pnpm bench:tasks [path]`: the long tasks (over 50 ms) of a page's first load, and what runs
// inside each. Loads `path` (default /h5/#/main) on the real server on the built site (fresh
// embedded database, a free port) in Chromium as a phone (412 px, touch) with the CPU slowed 4x,
// as Lighthouse simulates, once to warm up and once traced (DevTools timeline). Per long task it
// prints its start (ms from the trace's start), its length, the layout and style time inside it,
// and its largest top-level pieces (a script's evaluation, a timer, a React scheduler call, a
// layout); TASK_DETAIL=1 lists every event inside a task that took over 4 ms. TASK_FONT='"Name"'
// sets every element's font first (to see what font fallback costs in layout).
// It found the chat log's forced layout at a room's mount (65 ms at 4x) that the CPU profile
// (bench:profile) showed only as a function's self time (README.md, "1 Dec 2026").
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { freePort, startSiteServer } from '../siteServer.mjs';

const route = process.argv[2] ?? '/h5/#/main';
const LONG_TASK_US = 50_000;
const TOP_LEVEL = new Set(['EvaluateScript', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'Layout', 'UpdateLayoutTree', 'ParseHTML', 'EventDispatch', 'XHRReadyStateChange', 'RunMicrotasks', 'v8.evaluateModule', 'Paint', 'PrePaint', 'Commit']);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-tasks-'));
// As root, the embedded PostgreSQL runs as its own user, which must be able to enter the folder.
chmodSync(dataDir, 0o755);
console.log(`Long tasks of ${route}: Chromium /usr/bin/chromium, 412 px phone, CPU 4x slower; starting the server…`);
const server = await startSiteServer({ port: await freePort(), env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: process.getuid?.() === 0 ? ['--no-sandbox'] : [] });

/** One fresh page's load of the route, traced when `trace` is set: the trace's events. */
async function load(trace) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    if (process.env.TASK_FONT) {
      const style = `* { font-family: ${process.env.TASK_FONT} !important }`;
      await page.addInitScript({ content: `document.addEventListener('DOMContentLoaded', () => { const s = document.createElement('style'); s.textContent = ${JSON.stringify(style)}; document.head.append(s); });` });
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const events = [];
    if (trace) {
      cdp.on('Tracing.dataCollected', (data) => events.push(...data.value));
      await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8,disabled-by-default-devtools.timeline,v8.execute', transferMode: 'ReportEvents' });
    }
    await page.goto(server.url + route);
    await page.waitForTimeout(7_000);
    if (trace) {
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await complete;
    }
    return events;
  } finally {
    await context.close();
  }
}

/** The renderer's main thread: the CrRendererMain thread that ran the most. */
function mainThreadEvents(events) {
  const names = new Map(events.filter((event) => event.name === 'thread_name').map((event) => [`${event.pid}:${event.tid}`, event.args.name]));
  const busy = new Map();
  for (const event of events) {
    if (event.name !== 'RunTask' || event.ph !== 'X') continue;
    const thread = `${event.pid}:${event.tid}`;
    if (names.get(thread) === 'CrRendererMain') busy.set(thread, (busy.get(thread) ?? 0) + event.dur);
  }
  const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) throw new Error('the trace has no renderer main thread: did the page load?');
  return events.filter((event) => `${event.pid}:${event.tid}` === main && event.ph === 'X');
}

const label = (event) => [event.name, event.args?.data?.url?.split('/').pop(), event.args?.data?.functionName, event.args?.data?.type].filter(Boolean).join(' ');
const ms = (us) => (us / 1000).toFixed(0);

try {
  process.stdout.write('  warm-up load…');
  await load(false);
  process.stdout.write(' traced load…\n\n');
  const events = await load(true);
  const start = Math.min(...events.filter((event) => event.ts > 0).map((event) => event.ts));
  const main = mainThreadEvents(events);
  const longTasks = main.filter((event) => event.name === 'RunTask' && event.dur > LONG_TASK_US);
  console.log('start ms  length  layout  style | largest top-level pieces (ms)');
  for (const task of longTasks) {
    const inside = main.filter((event) => event !== task && event.ts >= task.ts && event.ts + event.dur <= task.ts + task.dur);
    const pieces = inside.filter((event) => TOP_LEVEL.has(event.name));
    const topLevel = pieces.filter((piece) => !pieces.some((other) => other !== piece && other.dur > piece.dur && other.ts <= piece.ts && other.ts + other.dur >= piece.ts + piece.dur));
    const sum = (name) => inside.filter((event) => event.name === name).reduce((total, event) => total + event.dur, 0);
    const largest = topLevel.sort((a, b) => b.dur - a.dur).slice(0, 5).map((piece) => `${label(piece)} ${ms(piece.dur)}`);
    console.log(`${ms(task.ts - start).padStart(8)}  ${ms(task.dur).padStart(6)}  ${ms(sum('Layout')).padStart(6)}  ${ms(sum('UpdateLayoutTree')).padStart(5)} | ${largest.join(' | ')}`);
    if (process.env.TASK_DETAIL) for (const event of inside.filter((inner) => inner.dur > 4_000 && inner.name !== 'RunTask')) console.log(`            +${ms(event.ts - task.ts)} ${label(event)} ${ms(event.dur)}`);
  }
  console.log(`\n${longTasks.length} long tasks, ${ms(longTasks.reduce((total, task) => total + task.dur - LONG_TASK_US, 0))} ms over 50 ms in all (at 4x; Lighthouse's TBT counts those after the first paint)`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

// `pnpm bench:profile [path]`: where a page's first load spends the main thread. Loads `path`
// (default /h5/#/main) on the real server on the built site (fresh embedded database, a free
// port) in Chromium as a phone (412 px, touch) with the CPU slowed 4x as Lighthouse simulates,
// records the DevTools CPU profile of the first PROFILE_SECONDS (default 8) and prints the self
// time per script and per function (minified names, with line:column in the built file: open
// the file there, or its .map, to see the module). Run once warm-up, once measured.
// PROFILE_SAVE=<file.cpuprofile> keeps the measured profile (open it in DevTools' Performance panel).
// It found what Lighthouse's audits did not name: Intl.DateTimeFormat's first use (134 ms) and
// a forced layout at mount (112 ms) on /h5 (README.md, "The mobile site").
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { freePort, startSiteServer } from '../siteServer.mjs';

const route = process.argv[2] ?? '/h5/#/main';
const seconds = Number(process.env.PROFILE_SECONDS ?? 8);
const TOP_SCRIPTS = 15;
const TOP_FUNCTIONS = 30;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-profile-'));
// As root, the embedded PostgreSQL runs as its own user, which must be able to enter the folder.
chmodSync(dataDir, 0o755);
console.log(`CPU profile of ${route}: Chromium /usr/bin/chromium, 412 px phone, CPU 4x slower, ${seconds} s; starting the server…`);
const server = await startSiteServer({ port: await freePort(), env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: process.getuid?.() === 0 ? ['--no-sandbox'] : [] });

/** One fresh page's load of the route: its CPU profile. */
async function profileLoad() {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(server.url + route);
    await page.waitForTimeout(seconds * 1000);
    return (await cdp.send('Profiler.stop')).profile;
  } finally {
    await context.close();
  }
}

/** Self time (ms) per script and per function of a profile. */
function selfTimes(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byScript = new Map();
  const byFunction = new Map();
  const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us / 1000);
  profile.samples.forEach((id, index) => {
    const { callFrame } = nodes.get(id);
    const script = callFrame.url.replace(server.url, '') || `(${callFrame.functionName || 'native'})`;
    const us = profile.timeDeltas[index] ?? 0;
    add(byScript, script, us);
    add(byFunction, `${callFrame.functionName || '(anonymous)'}  ${script}:${callFrame.lineNumber + 1}:${callFrame.columnNumber + 1}`, us);
  });
  return { byScript, byFunction };
}

const top = (map, count) =>
  [...map]
    .filter(([key]) => key !== '((idle))' && !key.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, ms]) => `${ms.toFixed(0).padStart(7)} ms  ${key}`)
    .join('\n');

try {
  process.stdout.write('  warm-up load…');
  await profileLoad();
  process.stdout.write(' measured load…\n');
  const profile = await profileLoad();
  if (process.env.PROFILE_SAVE) writeFileSync(process.env.PROFILE_SAVE, JSON.stringify(profile));
  const { byScript, byFunction } = selfTimes(profile);
  console.log(`\nSelf time per script (4x CPU; idle left out):\n${top(byScript, TOP_SCRIPTS)}`);
  console.log(`\nSelf time per function:\n${top(byFunction, TOP_FUNCTIONS)}`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

// `pnpm bench:lantern [route] [site]`: where Lighthouse's simulated LCP of a page goes. Lighthouse
// (mobile defaults) does not time the page it loads: it replays the requests and main-thread
// tasks seen before the LCP on a simulated slow 4G (150 ms round trips, 1.6 Mbit/s, 6 connections
// per origin, low-priority requests started after the others) and a 4x slower CPU ("lantern").
// Its score follows that replay, not the page's real timing; this prints the replay, node by node
// (start, end, what), for the optimistic and pessimistic graphs whose mean is the LCP reported.
// The last rows are the critical path: what to start earlier or make smaller.
//   pnpm bench:lantern football        → /h5/#/football (default site h5)
//   pnpm bench:lantern main web        → /web/#/main
// One Lighthouse run after a warm-up, on the real server on the built site (fresh embedded
// database, a free port). It found the duplicated federation runtime in main.js and the order of
// the host page's preloads (e2e/bench/README.md, the mobile site).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, startSiteServer } from '../siteServer.mjs';

// LANTERN_DEBUG makes the simulator keep each simulation's node timings; it is read when the
// simulator is loaded, so it is set before that import below.
process.env.LANTERN_DEBUG = '1';
// The lantern module lighthouse itself loaded (same file, same module instance).
const requireFromLighthouse = createRequire(createRequire(import.meta.url).resolve('lighthouse'));
const traceEngine = path.dirname(requireFromLighthouse.resolve('@paulirish/trace_engine/package.json'));
const Lantern = await import(pathToFileURL(path.join(traceEngine, 'models', 'trace', 'lantern', 'lantern.js')).href);

const route = process.argv[2] ?? 'main';
const site = process.argv[3] === 'web' ? 'web' : 'h5';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lantern-'));
// As root, the embedded PostgreSQL runs as its own user, which must be able to enter the folder.
chmodSync(dataDir, 0o755);
const chromeFlags = ['--headless=new', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
if (process.getuid?.() === 0) chromeFlags.push('--no-sandbox');

console.log(`lantern's LCP replay of /${site}/#/${route}: starting the server…`);
const server = await startSiteServer({ port: await freePort(), env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags });
const shortUrl = (url) => url.replace(/^https?:\/\/[^/]+/, '');
try {
  const options = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
  await lighthouse(`${server.url}/${site}/#/main`, options); // warm-up: the server's first requests fill caches
  Lantern.Simulation.Simulator.allNodeTimings.clear();
  const { lhr } = await lighthouse(`${server.url}/${site}/#/${route}`, options);
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const metric = (id) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
  console.log(`performance ${Math.round((lhr.categories.performance.score ?? 0) * 100)}, LCP ${metric('largest-contentful-paint')} ms, TBT ${metric('total-blocking-time')} ms, FCP ${metric('first-contentful-paint')} ms`);
  for (const [label, timings] of Lantern.Simulation.Simulator.allNodeTimings) {
    if (!/LargestContentfulPaint$/.test(label)) continue;
    console.log(`\n${label} (ms from navigation start: start, end, node)`);
    const rows = [...timings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
    for (const [node, timing] of rows) {
      const what = node.type === 'network'
        ? `${node.request.priority.padEnd(8)} ${shortUrl(node.request.url)}`
        : `cpu      ${[...(node.getEvaluateScriptURLs?.() ?? [])].map(shortUrl).join(', ') || (node.didPerformLayout() ? '(layout)' : '(task)')}`;
      console.log(`${String(Math.round(timing.startTime)).padStart(6)} ${String(Math.round(timing.endTime)).padStart(6)}  ${what}`);
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

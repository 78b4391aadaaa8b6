// `pnpm bench:site`: what a first visit to the home page costs. Starts the real server on the
// built site (fresh embedded database), loads /web/#/main in fresh Chromium contexts until the
// three remote widgets show, and prints JavaScript transferred and time to widgets — served
// compressed (as visitors get it) and, in the same run, by a server with HTTP_COMPRESSION=0 as
// the baseline.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { freePort, startSiteServer } from '../siteServer.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 7);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-site-'));
// As root, the embedded PostgreSQL runs as its own user, which must be able to enter the folder.
chmodSync(dataDir, 0o755);

/** The real server on BENCH_PORT or a free port (RTMP on a free one), so the bench runs beside `npm start`. */
async function startServer(compressed) {
  return startSiteServer({
    port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort(),
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn', HTTP_COMPRESSION: compressed ? '1' : '0' },
    onUnexpectedExit: (message) => console.error(`\n${message}`),
  });
}

/** A visitor on a 10 Mbit/s line with 40 ms latency: on loopback, bytes would cost nothing. */
const NETWORK = { offline: false, latency: 40, downloadThroughput: (10 * 1024 * 1024) / 8, uploadThroughput: (5 * 1024 * 1024) / 8 };

async function loadOnce(browser, baseURL) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  // Bytes on the wire (encodedDataLength), counted by Chromium for each script it received.
  const scripts = new Set();
  let jsBytes = 0;
  cdp.on('Network.responseReceived', (event) => event.type === 'Script' && scripts.add(event.requestId));
  cdp.on('Network.loadingFinished', (event) => {
    if (scripts.has(event.requestId)) jsBytes += event.encodedDataLength;
  });
  const started = performance.now();
  await page.goto(`${baseURL}/web/#/main`);
  await page.getByTestId('widget-hotMatches').getByRole('link').first().waitFor();
  await page.getByTestId('widget-liveRecommend').waitFor();
  await page.getByTestId('widget-headlines').waitFor();
  const elapsedMs = performance.now() - started;
  await page.waitForLoadState('networkidle');
  await context.close();
  return { jsBytes, elapsedMs };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(browser, compressed) {
  const server = await startServer(compressed);
  const results = [];
  try {
    await loadOnce(browser, server.url); // warm-up: the server's first requests read files and fill caches
    for (let run = 1; run <= runs; run++) {
      results.push(await loadOnce(browser, server.url));
      process.stdout.write(`  ${compressed ? 'compressed' : 'baseline  '} run ${run}/${runs}\r`);
    }
  } finally {
    await server.stop();
  }
  process.stdout.write('\n');
  return { jsKiB: median(results.map((result) => result.jsBytes)) / 1024, widgetsMs: median(results.map((result) => result.elapsedMs)) };
}

console.log(`first load of /web/#/main, ${runs} fresh contexts each (median), network 10 Mbit/s down, 40 ms latency`);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const compressed = await measure(browser, true);
  const baseline = await measure(browser, false);
  console.log(`compressed:   ${compressed.jsKiB.toFixed(0)} KiB JavaScript, widgets shown after ${compressed.widgetsMs.toFixed(0)} ms`);
  console.log(`uncompressed: ${baseline.jsKiB.toFixed(0)} KiB JavaScript, widgets shown after ${baseline.widgetsMs.toFixed(0)} ms (baseline)`);
  console.log(`ratio: ${(compressed.jsKiB / baseline.jsKiB).toFixed(2)} of the bytes, ${(compressed.widgetsMs / baseline.widgetsMs).toFixed(2)} of the time`);
} finally {
  await browser.close();
  rmSync(dataDir, { recursive: true, force: true });
}

// `pnpm bench:site`: what a first visit to the home page costs. Starts the real server on the
// built site (fresh embedded database), loads /web/#/main in fresh Chromium contexts until the
// three remote widgets show, and prints JavaScript transferred and time to widgets — served
// compressed (as visitors get it) and, in the same run, by a server with HTTP_COMPRESSION=0 as
// the baseline.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const port = Number(process.env.BENCH_PORT ?? 18300);
const runs = Number(process.env.BENCH_RUNS ?? 7);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-site-'));
// As root, the embedded PostgreSQL runs as its own user, which must be able to enter the folder.
chmodSync(dataDir, 0o755);

async function startServer(compressed) {
  const server = spawn('pnpm', ['--dir', path.join(repoRoot, 'server'), 'exec', 'tsx', 'src/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', HTTP_COMPRESSION: compressed ? '1' : '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let output = '';
  server.stdout.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
  for (let waited = 0; waited < 120; waited++) {
    const healthy = await fetch(`${baseURL}/healthz`).then((answer) => answer.ok, () => false);
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  console.error(output);
  throw new Error(`the server did not answer ${baseURL}/healthz within 120 s (its log is above; is the site built? run npm run build)`);
}

/** A visitor on a 10 Mbit/s line with 40 ms latency: on loopback, bytes would cost nothing. */
const NETWORK = { offline: false, latency: 40, downloadThroughput: (10 * 1024 * 1024) / 8, uploadThroughput: (5 * 1024 * 1024) / 8 };

async function stopServer(server) {
  process.kill(-server.pid, 'SIGTERM');
  await new Promise((resolve) => server.on('exit', resolve));
}

async function loadOnce(browser) {
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
    await loadOnce(browser); // warm-up: the server's first requests read files and fill caches
    for (let run = 1; run <= runs; run++) {
      results.push(await loadOnce(browser));
      process.stdout.write(`  ${compressed ? 'compressed' : 'baseline  '} run ${run}/${runs}\r`);
    }
  } finally {
    await stopServer(server);
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

import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { freePortSync } from './siteServer.mjs';
import { E2E_OPS_TOKEN } from './tests/support/rolloutOps';

const e2eDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(e2eDir, '..');
/**
 * E2E_PORT, or a port free now: a fixed one would collide with another run or a running site.
 * Kept in the environment, so Playwright's workers (which load this file again, and inherit the
 * environment) and tests/support/smsOutbox.ts see the same port. runLanes.mjs picks each lane's
 * port itself and says so (E2E_PORT_PICKED=1): such a run's data folder goes at teardown too.
 */
const pickPort = !process.env.E2E_PORT;
if (pickPort) process.env.E2E_PORT = String(freePortSync());
/** A port picked for this run only (here, or by runLanes.mjs): its data folder goes at teardown. */
export const E2E_PORT_WAS_PICKED = pickPort || process.env.E2E_PORT_PICKED === '1';
export const E2E_PORT = Number(process.env.E2E_PORT);
if (!Number.isInteger(E2E_PORT) || E2E_PORT < 1 || E2E_PORT > 65_535) {
  throw new Error(`E2E_PORT must be a port number (1-65535), got "${process.env.E2E_PORT}"; leave it unset to use any free port`);
}
const baseURL = `http://127.0.0.1:${E2E_PORT}`;
/** Per port, so two runs side by side (E2E_PORT=…) never share or wipe each other's database. */
export const E2E_DATA_DIR = path.join(e2eDir, '.data', String(E2E_PORT));

/** The server's settings for the journeys, over the caller's environment (globalSetup.ts starts it). */
export const E2E_SERVER_ENV: Record<string, string> = {
  DATA_DIR: E2E_DATA_DIR,
  // Always the embedded PostgreSQL in DATA_DIR (fresh each run, and the one the teardown's
  // ledger:verify reads), never a DATABASE_URL from the environment: journeys run as lanes
  // (runLanes.mjs), and two lanes must not share one database.
  DATABASE_URL: '',
  SITE_ROOT: repoRoot,
  LOG_LEVEL: 'warn',
  // The rollout journeys (tests/rollouts.spec.ts): a known ops token, no telemetry limit,
  // and a brake that trips after a few failing page loads.
  MF_OPS_TOKEN: E2E_OPS_TOKEN,
  MF_TELEMETRY_PER_MINUTE: '100000',
  MF_HALT_MIN_SAMPLE: '5',
  MF_HALT_ERROR_PERCENT: '50',
  // Accounts (server/src/accounts/accountsConfig.ts): a cheap captcha proof of work, and per-IP limits
  // that every journey from 127.0.0.1 stays under. Per-number limits and the 60 s resend stay.
  CAPTCHA_MAX_NUMBER: '2000',
  SMS_PER_IP_HOUR: '1000',
  LOGIN_IP_THROTTLE_AFTER: '1000',
  LOGIN_IP_LOCK_AFTER: '1000',
  // Scores (tests/scores.spec.ts): the demo feed at a match minute a second, so goals happen every
  // few seconds; a fixed seed keeps the day of fixtures the same from run to run.
  FEED_SPEED: '60',
  FEED_SEED: '1',
  // Live rooms (tests/liveRoom.spec.ts): the RTMP ingest on any free port (the page's push
  // address says which), so the run never collides with a running site on 1935.
  MEDIA_RTMP_PORT: '0',
  // Member levels (tests/memberCentre.spec.ts): minutes watched counted every 2 s and small caps,
  // so LV2 (100 exp) comes within seconds of watching and two chat messages.
  LEVEL_WATCH_TICK_SECONDS: '2',
  LEVEL_WATCH_EXP_PER_MINUTE: '50',
  LEVEL_WATCH_MINUTES_PER_DAY: '3',
  LEVEL_CHAT_EXP_PER_MESSAGE: '20',
  LEVEL_CHAT_MESSAGES_PER_DAY: '2',
  // Points (tests/points.spec.ts; server/src/points/README.md): one watch award per 4 s watched
  // (10 minutes in production), the presence looked at every second, one watch award a day.
  POINTS_WATCH_INTERVAL_SECONDS: '4',
  POINTS_WATCH_TICK_SECONDS: '1',
  POINTS_WATCH_AWARDS_PER_DAY: '1',
  // Red packets (tests/redPackets.spec.ts; server/src/redPackets/README.md): a packet lives 25 s
  // (10 minutes in production; the funder may not ask below 5 s) and the sweeper looks every second,
  // so the refund at expiry comes within the journey.
  RED_PACKET_EXPIRY_SECONDS: '25',
  RED_PACKET_EXPIRY_MIN_SECONDS: '5',
  RED_PACKET_SWEEP_SECONDS: '1',
  // Lotteries (tests/lotteries.spec.ts; server/src/lotteries/README.md): an anchor may open a window
  // of 3 s (60 in production) and the sweeper draws every second, so the draw comes within the journey.
  LOTTERY_WINDOW_MIN_SECONDS: '3',
  LOTTERY_SWEEP_SECONDS: '1',
  // China time (issue 33, tests/chinaTime.spec.ts): the server runs in New York's zone, not
  // China's and not the machine's, so a day boundary or a text made in the process's own zone
  // shows up as a wrong day or hour in the journeys.
  TZ: 'America/New_York',
};

/**
 * Journeys in Debian's Chromium (TOOLCHAIN.md: no browser downloads here) against the real
 * server, serving the built site over a fresh embedded PostgreSQL under e2e/.data/<port>.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './globalSetup.ts',
  // A journey solves real captchas, pushes real video and logs in several browsers, and two lanes
  // share the 2 cores (runLanes.mjs): the password-reset journey took 55 s there, so 90 s.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // CI runs on a fresh, shared 2-core machine where a starved moment can stall a page past an
  // expectation (a 10 s wait for a board's first row once): one retry there. A journey that
  // passes only on its retry is still named in the closing summary as flaky
  // (scripts/testReports.mjs), so it gets looked at; locally a failure is a failure at once.
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  use: {
    baseURL,
    // An action or navigation that cannot happen fails on its own, naming what it waited for,
    // instead of waiting out the journey's whole timeout (up to 240 s) as "Test timeout exceeded".
    actionTimeout: 30_000,
    navigationTimeout: 45_000,
    locale: 'zh-CN',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
});

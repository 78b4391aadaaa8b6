import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const e2eDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(e2eDir, '..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18180);
const baseURL = `http://127.0.0.1:${E2E_PORT}`;

/**
 * Journeys in Debian's Chromium (TOOLCHAIN.md: no browser downloads here) against the real
 * server, serving the built site over a fresh embedded PostgreSQL under e2e/.data.
 */
export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL,
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
  webServer: {
    command: `rm -rf .data && pnpm --dir ${JSON.stringify(path.join(repoRoot, 'server'))} exec tsx src/main.ts`,
    cwd: e2eDir,
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(e2eDir, '.data'),
      SITE_ROOT: repoRoot,
      LOG_LEVEL: 'warn',
    },
  },
});

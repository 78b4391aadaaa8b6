// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The one vitest config of the six front-end packages (shared, host and the four remotes),
 * exported as `@sports/shared/testing/vitestPreset`. Each package's vitest.config.ts is
 * `mergeConfig(vitestPreset, defineConfig({ test: { name, …only what differs } }))`; mergeConfig
 * appends arrays, so the host's own setup file runs after this one. The root vitest.config.ts runs
 * the six as vitest projects in one process; each package still runs alone (`pnpm test` in it).
 *
 * Plain JavaScript, not TypeScript: Vite bundles a config file but loads a workspace package it
 * imports (a pnpm symlink) with Node itself, which cannot read .ts on Node 20.
 */

/** Testing Library's wait and clean-up after every test, by absolute path: the same file for every package, shared included. */
export const domTestSetupFile = fileURLToPath(new URL('./domTestSetup.ts', import.meta.url));

/**
 * How the files run, chosen by measurement on the 2-core CI machines (shared/README.md, "Tests"):
 * - `isolate: false`: a worker runs its files one after another in ONE jsdom with one module
 *   cache, instead of a fresh process, jsdom and imports per file (with isolation, setting up
 *   jsdom and importing React, the router and the kit again cost more than the tests themselves).
 *   Each file still gets its setup files again, vi.mock/spies are reset between files, and
 *   ./domTestSetup.ts puts timers, stubbed globals, storage and the address back after each file.
 *   So a test must not rely on a module's state being fresh, and a helper module must not register
 *   hooks at import time (it is evaluated once per worker): hooks go in a setup file.
 * - `pool: 'forks'`: vitest's default, said explicitly (vmThreads breaks on react-router's ESM and
 *   threads measured no faster).
 * - `maxWorkers`: vitest 4 defaults to cores - 1, one worker on 2 cores. A per-project setting
 *   only when a package runs alone; the root vitest.config.ts sets it for the whole run.
 */
export const frontEndRunOptions = /** @type {const} */ ({
  pool: 'forks',
  isolate: false,
  maxWorkers: 2,
});

export const vitestPreset = defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // A test renders lazily loaded pages and may wait twice (10 s each at most, domTestSetup.ts):
    // 30 s, so a 2-core CI machine running the server's suite beside it is not a failure.
    testTimeout: 30_000,
    setupFiles: [domTestSetupFile],
    ...frontEndRunOptions,
  },
});

export default vitestPreset;

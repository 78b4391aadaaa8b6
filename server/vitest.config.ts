import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // One embedded PostgreSQL for the whole run; each test file gets its own database on it.
    globalSetup: ['src/testing/globalSetup.ts'],
    // Processes, not threads: a crashed or hung file cannot take the runner with it.
    pool: 'forks',
    // Reuse a worker for several files: importing Fastify and friends per file cost ~15 s of
    // the run on 2 cores. Files clean up after themselves (afterAll closes apps and drops databases).
    isolate: false,
    testTimeout: 30_000,
    // A file's set-up makes its database (and some start worker processes): 60 s on a loaded machine.
    hookTimeout: 60_000,
  },
});

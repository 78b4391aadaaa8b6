import { defineConfig } from 'vitest/config';
import { SlowFilesFirst } from './src/testing/slowFilesFirst.ts';

/**
 * Files run side by side. Most of a server file's time is waiting (real video through ffmpeg, real
 * sockets, PostgreSQL), not CPU, so more workers than cores pays on these 2-core machines; past 3
 * the files' own timings (video, timeouts) start to suffer. SERVER_TEST_WORKERS overrides it.
 */
const workers = Number(process.env.SERVER_TEST_WORKERS ?? 3);
if (!Number.isInteger(workers) || workers < 1) throw new Error(`SERVER_TEST_WORKERS must be a whole number of at least 1, got "${process.env.SERVER_TEST_WORKERS}"`);

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // One embedded PostgreSQL for the whole run; each test file gets its own database on it.
    globalSetup: ['src/testing/globalSetup.ts'],
    // Processes, not threads: a crashed or hung file cannot take the runner with it.
    pool: 'forks',
    maxWorkers: workers,
    // The longest files start first (a fresh clone has no timings cached to order by).
    sequence: { sequencer: SlowFilesFirst },
    // Reuse a worker for several files: importing Fastify and friends per file cost ~15 s of
    // the run on 2 cores. Files clean up after themselves (afterAll closes apps and drops databases).
    isolate: false,
    testTimeout: 30_000,
    // A file's set-up makes its database (and some start worker processes): 60 s on a loaded machine.
    hookTimeout: 60_000,
  },
});

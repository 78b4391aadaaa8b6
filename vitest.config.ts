import { defineConfig } from 'vitest/config';
import { frontEndRunOptions } from './shared/src/testing/vitestPreset.js';

/**
 * The six front-end packages in ONE vitest run, each a vitest project: its own vitest.config.ts,
 * which merges the front-end preset (shared/src/testing/vitestPreset.js, documented in
 * shared/README.md "Tests"). The server and tools/mf-cli keep their own vitest runs.
 *
 *   pnpm exec vitest run                                   # all six, from the repository root
 *   pnpm exec vitest run --project host --project mf-live  # some of them
 */
export default defineConfig({
  test: {
    projects: ['shared', 'host', 'mf-live', 'mf-scores', 'mf-community', 'mf-member'],
    // Workers are shared by the whole run (a project's maxWorkers applies when it runs alone).
    maxWorkers: frontEndRunOptions.maxWorkers,
  },
});

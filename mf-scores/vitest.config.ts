import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Testing Library's wait (5 s) and clean-up after every test, the same in every package.
    // A test waits on real timers and renders: 15 s, not 5, so a loaded 2-core CI machine is not a failure.
    testTimeout: 15_000,
    setupFiles: ['@sports/shared/testing/domTestSetup'],
  },
});

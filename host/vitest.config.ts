import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Testing Library's wait (5 s), unmount and localStorage clean-up (as in every front-end
    // package), then the host's own: cookies and the hash cleared after every test.
    // A test waits on real timers and renders: 15 s, not 5, so a loaded 2-core CI machine is not a failure.
    testTimeout: 15_000,
    setupFiles: ['@sports/shared/testing/domTestSetup', 'src/layout/testing/setupTests.ts'],
  },
});

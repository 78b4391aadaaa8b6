import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Testing Library's wait (5 s) and clean-up after every test, the same in every package.
    setupFiles: ['@sports/shared/testing/domTestSetup'],
  },
});

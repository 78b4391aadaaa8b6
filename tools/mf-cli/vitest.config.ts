import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The integration test starts the real server (embedded PostgreSQL): allow it time.
    hookTimeout: 180_000,
    testTimeout: 60_000,
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Unmounts, and clears localStorage, cookies and the hash after every test.
    setupFiles: ['src/layout/testing/setupTests.ts'],
  },
});

import { vitestPreset } from '@sports/shared/testing/vitestPreset';
import { defineConfig, mergeConfig } from 'vitest/config';

// The front-end preset, then the host's own clean-up after every test (cookies, the hash,
// stubbed DOM properties): setupFiles are appended, so it runs after the preset's.
export default mergeConfig(
  vitestPreset,
  defineConfig({ test: { name: 'host', setupFiles: ['src/layout/testing/setupTests.ts'] } }),
);

import { vitestPreset } from '@sports/shared/testing/vitestPreset';
import { defineConfig, mergeConfig } from 'vitest/config';

// The front-end preset, then mf-scores' own setup file: every page's live socket is a FakeLiveSocket.
export default mergeConfig(
  vitestPreset,
  defineConfig({ test: { name: 'mf-scores', setupFiles: ['src/testing/setup.ts'] } }),
);

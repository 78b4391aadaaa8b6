import { vitestPreset } from '@sports/shared/testing/vitestPreset';
import { defineConfig, mergeConfig } from 'vitest/config';

// The front-end preset (shared/src/testing/vitestPreset.js): nothing of mf-member's own.
export default mergeConfig(vitestPreset, defineConfig({ test: { name: 'mf-member' } }));

import { defineConfig, mergeConfig } from 'vitest/config';
import { vitestPreset } from './src/testing/vitestPreset.js';

// The front-end preset (src/testing/vitestPreset.js, exported as @sports/shared/testing/vitestPreset).
export default mergeConfig(vitestPreset, defineConfig({ test: { name: 'shared' } }));

// The levels domain's surface: what app.ts and other domains may import.
export { type LevelsPluginOptions, levelsPlugin } from './levelsPlugin';
export { type LevelsConfig, defaultLevelsConfig, loadLevelsConfig } from './levelsConfig';
export { Experience } from './experience';

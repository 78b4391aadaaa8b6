// The points domain's surface: what app.ts and other domains may import.
export { type PointsPluginOptions, pointsPlugin } from './pointsPlugin';
export { type PointsConfig, defaultPointsConfig, loadPointsConfig } from './pointsConfig';
export { POINTS_ISSUED, POINTS_KINDS, pointsOf } from './pointsLedger';

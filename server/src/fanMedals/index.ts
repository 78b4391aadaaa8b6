// The fan medals domain's surface: what app.ts and other domains may import (never a file behind it).
export { type FanMedalsPluginOptions, type FanMedalsPort, fanMedalsPlugin } from './fanMedalsPlugin';
export { type FanMedalsConfig, defaultFanMedalsConfig, loadFanMedalsConfig } from './fanMedalsConfig';

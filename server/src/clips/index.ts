// The clips domain's surface: what app.ts and other domains may import (never a file behind it).
export { type ClipsPluginOptions, type ClipsPort, clipsPlugin } from './clipsPlugin';
export { type ClipsConfig, defaultClipsConfig, loadClipsConfig } from './clipsConfig';
export type { ClipMetrics } from './clipMetrics';
// The match report in headlines reads a match's clips when the article is opened (community/headlines/reportClips.ts).
export { listClips } from './clipRows';

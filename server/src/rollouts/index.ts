// The rollouts domain's surface: what app.ts and other domains may import (never a file behind it).
export { type ReleasesSetup, createReleasesSetup, createScratchReleasesSetup, rolloutsPlugin } from './rolloutsPlugin';
export type { RemoteRegistry } from './remoteRegistry';
export type { PageAssignments } from './routes';

// The community domain's surface: what app.ts and other domains may import (never a file behind it).
export { type CommunityOptions, type CommunityPluginOptions, communityPlugin } from './communityPlugin';
export { type CommunityConfig, defaultCommunityConfig } from './posts/postsConfig';

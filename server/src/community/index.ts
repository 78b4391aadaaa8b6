// The community domain's surface: what app.ts and other domains may import (never a file behind it).
export { type CommunityOptions, type CommunityPluginOptions, communityPlugin } from './communityPlugin';
export { type CommunityConfig, defaultCommunityConfig } from './posts/postsConfig';
// For search: visible posts by text (newest first, keyset), in the circle's Post shape.
export { searchPosts } from './posts/posts';
// Demo posts by the demo anchors (main.ts, outside production).
export { seedDemoPosts } from './posts/seedDemoPosts';

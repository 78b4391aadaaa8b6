// The chat domain's surface: what app.ts and other domains may import (never a file behind it).
export { type ChatOptions, chatPlugin } from './chatPlugin';
export { type ChatConfig, type ImProvider, defaultChatConfig } from './chatConfig';
export { chatConnectSources } from './connectSources';
export { imSystemConfig } from './imSystemConfig';

// The chat domain's surface: what app.ts and other domains may import (never a file behind it).
export { type ChatActivity, type ChatOptions, chatPlugin } from './chatPlugin';
export { type ChatConfig, type ImProvider, defaultChatConfig } from './chatConfig';
export { chatConnectSources } from './connectSources';
export { imSystemConfig } from './imSystemConfig';
export { cleanChatText } from './chatText';
export { chatMessages } from './chatMessages';
export { memberChatName } from './chatNames';
export type { ChatHub } from './chatHub';
export type { ChatGiftSent, ChatGuardBought } from './chatAnnouncements';
export type { ChatMedalBadge, ChatMedalChange, ChatMedalSource } from './chatMedals';

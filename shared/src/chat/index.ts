export * from './chatClient';
// The protocol's constants as values, its frames as types: its schemas (TypeBox) are the server's.
export * from './protocolLimits';
export type * from './protocol';
export * from './builtinChatClient';
export * from './chatMessages';
export * from './chatSession';
export * from './tencentChatClient';
export * from './createChatClient';

export * from './chatClient';
export * from './protocol';
export * from './builtinChatClient';
export * from './chatMessages';
export * from './chatSession';
export * from './tencentChatClient';
export * from './createChatClient';

export * from './chatClient';
// The protocol's constants as values, its frames as types: its schemas (TypeBox) are the server's.
export * from './protocolLimits';
export type * from './protocol';
export * from './chatMessages';
export * from './chatApiPaths';
// The clients and the room's session are @sports/shared/chat (./clients.ts), imported by the
// live room (issue 16: not on a first visit); their types stay here.
export type * from './builtinChatClient';
export type * from './chatSession';
export type * from './tencentChatClient';
export type * from './createChatClient';

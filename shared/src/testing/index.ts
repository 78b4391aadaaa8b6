export * from './fakeLiveSocket';
export * from './renderRemote';
export * from './fakeChatClient';

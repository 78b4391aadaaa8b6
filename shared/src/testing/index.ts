export * from './fakeLiveSocket';
export * from './renderRemote';
export * from './fakeChatClient';
export * from './apiFixtures';
export * from './routeManifestCheck';
export * from './browserZone';
export * from './firstScreenCalls';

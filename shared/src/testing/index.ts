export * from './fakeLiveSocket';
export * from './renderRemote';

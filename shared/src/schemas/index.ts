export * from './envelope';
export * from './hotMatch';
export * from './mfRemotes';
export * from './search';
export * from './systemConfig';
export * from './accounts';
export * from './mfRollout';
export * from './scores';

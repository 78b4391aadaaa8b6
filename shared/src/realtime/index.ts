export * from './backoff';
export * from './closeCodes';
export * from './liveDataClient';
export * from './liveDataFrames';
export * from './mergeLiveRows';
export * from './streamPositions';

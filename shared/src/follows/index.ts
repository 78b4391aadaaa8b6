export * from './FollowStar';
export * from './followCopy';
export * from './followIdsAtom';
export * from './followsApi';
export * from './useFollows';

export * from './spoilerFreeHold';
export * from './useSpoilerFree';

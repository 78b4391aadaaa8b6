export * from './releaseFiles';
export * from './compressedCopies';

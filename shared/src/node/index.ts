export * from './releaseFiles';

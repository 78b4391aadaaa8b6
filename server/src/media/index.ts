// The media domain's surface: the storage of recorded media (archive segments, clips).
export { type MediaStorage, type StorageFullReason, MediaStorageFullError, STORAGE_FULL_TEXT, isMediaKey } from './storage/mediaStorage';
export { LocalDiskStorage } from './storage/localDiskStorage';

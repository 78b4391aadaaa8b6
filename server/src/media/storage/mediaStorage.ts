/**
 * Where recorded media lives (issue 34): the archive's HLS segments (回看, 回放) and the clips cut
 * from them. One small interface so the local disk (the working default, localDiskStorage.ts)
 * can be swapped for an object store (README.md beside this file says what one implements).
 *
 * Keys are relative, slash-separated names such as `broadcasts/12/0.ts`: letters, digits, `_`,
 * `-` and `.` in each part, never `..`, never absolute (isMediaKey), so no key reaches outside the
 * storage's root.
 */
export interface MediaStorage {
  /**
   * Keeps the file at `sourcePath` under `key` (a hard link when on the same disk, else a copy);
   * answers its size. Throws MediaStorageFullError when the quota or the disk is full.
   */
  put(key: string, sourcePath: string): Promise<{ bytes: number }>;
  /** A local file path of `key` (ffmpeg reads and writes it; for an object store: a cache path). */
  localPath(key: string): string;
  /**
   * Reserves room for a file ffmpeg is about to write at localPath(key) (a clip): throws
   * MediaStorageFullError when `bytes` more would pass the quota. Call commit(key) once written.
   */
  reserve(bytes: number): void;
  /** A file written at localPath(key) is now kept: counts its size; answers it (null: not there). */
  commit(key: string): Promise<{ bytes: number } | null>;
  /** The kept file's size, null when there is none. */
  stat(key: string): Promise<{ bytes: number } | null>;
  /** Removes one key (nothing when absent); answers the bytes freed. */
  delete(key: string): Promise<number>;
  /** Removes every key under `prefix` (`broadcasts/12/`); answers the bytes freed. */
  deletePrefix(prefix: string): Promise<number>;
  /** Bytes kept now (all keys, clips included). */
  bytesUsed(): number;
  /** The quota (MEDIA_QUOTA_BYTES); null: only the disk bounds it. */
  readonly quotaBytes: number | null;
}

/** Why a put failed for lack of room: the quota (MEDIA_QUOTA_BYTES) or the disk itself (ENOSPC). */
export type StorageFullReason = 'quota' | 'disk_full';

export class MediaStorageFullError extends Error {
  constructor(
    readonly reason: StorageFullReason,
    message: string,
  ) {
    super(message);
    this.name = 'MediaStorageFullError';
  }
}

/** What users read when media could not be kept for lack of room. */
export const STORAGE_FULL_TEXT: Record<StorageFullReason, string> = {
  quota: '存储空间已满（超出配额），录像未能保存',
  disk_full: '服务器磁盘已满，录像未能保存',
};

const KEY_PART = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}$/;

/** Whether `key` is a safe storage key (or, with `prefix`, a safe prefix ending with `/`). */
export function isMediaKey(key: string, prefix = false): boolean {
  if (key.length === 0 || key.length > 300) return false;
  const body = prefix ? (key.endsWith('/') ? key.slice(0, -1) : null) : key;
  if (body === null || body.length === 0) return false;
  return body.split('/').every((part) => KEY_PART.test(part) && part !== '.' && part !== '..');
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { type MediaStorage, MediaStorageFullError, isMediaKey } from '../media/index';

/**
 * What the clips need of the media storage (server/src/media/storage/: one storage for archived
 * segments and clips, DATA_DIR/media by default, under MEDIA_QUOTA_BYTES): a segment's file to
 * read, a staging file for ffmpeg to write, and keeping, serving and removing a clip's files.
 * Keys are the storage's (isMediaKey: no `..`, no absolute path).
 */
export interface ClipStorage {
  /** A readable local file for a segment's key; null when it is gone or the key is not a key. */
  segmentFile(key: string): Promise<string | null>;
  /** A fresh path the cutter may write a clip's file to before it is kept. */
  stagingFile(name: string): Promise<string>;
  /** Keeps a written file under `key` (the staging file goes); answers its size. Throws ClipStorageFullError when there is no room. */
  put(key: string, file: string): Promise<number>;
  /** A kept key's local file and size, or null. */
  stat(key: string): Promise<{ file: string; bytes: number } | null>;
  /** Removes a key (idempotent). */
  remove(key: string): Promise<void>;
  /** Bytes that may still be written (the disk's free space, and the quota's rest); null: unknown. */
  freeBytes(): Promise<number | null>;
  /** Removes staging files last written before `beforeMs` (a node that stopped mid-cut); answers how many. */
  sweepStaging?(beforeMs: number): Promise<number>;
}

/** No room for a clip's file: the quota or the disk. */
export class ClipStorageFullError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClipStorageFullError';
  }
}

export function clipVideoKey(clipId: number): string {
  return `clips/${clipId}.mp4`;
}

export function clipThumbKey(clipId: number): string {
  return `clips/${clipId}.jpg`;
}

/** The clips' view of the media storage; staging files under `clips/staging/` of the same disk (a put is a hard link). */
export function mediaClipStorage(storage: MediaStorage): ClipStorage {
  const local = (key: string): string | null => (isMediaKey(key) ? storage.localPath(key) : null);
  const stagingDir = () => path.dirname(storage.localPath('clips/staging/x'));
  return {
    async segmentFile(key) {
      const file = local(key);
      if (file === null) return null;
      try {
        return (await fs.stat(file)).isFile() ? file : null;
      } catch {
        return null;
      }
    },
    async stagingFile(name) {
      const dir = stagingDir();
      await fs.mkdir(dir, { recursive: true });
      return path.join(dir, `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}-${name}`);
    },
    async put(key, file) {
      try {
        const { bytes } = await storage.put(key, file);
        return bytes;
      } catch (error) {
        if (error instanceof MediaStorageFullError) throw new ClipStorageFullError(error.message);
        if (/ENOSPC|EDQUOT/.test(String((error as NodeJS.ErrnoException).code ?? error))) throw new ClipStorageFullError(String(error));
        throw error;
      } finally {
        await fs.rm(file, { force: true }).catch(() => undefined);
      }
    },
    async stat(key) {
      const file = local(key);
      if (file === null) return null;
      const kept = await storage.stat(key);
      return kept === null ? null : { file, bytes: kept.bytes };
    },
    async remove(key) {
      if (isMediaKey(key)) await storage.delete(key);
    },
    async freeBytes() {
      let free: number | null = null;
      try {
        const dir = stagingDir();
        await fs.mkdir(dir, { recursive: true });
        const stats = await fs.statfs(dir);
        free = stats.bavail * stats.bsize;
      } catch {
        free = null;
      }
      if (storage.quotaBytes === null) return free;
      const quotaLeft = Math.max(0, storage.quotaBytes - storage.bytesUsed());
      return free === null ? quotaLeft : Math.min(free, quotaLeft);
    },
    async sweepStaging(beforeMs) {
      const dir = stagingDir();
      let removed = 0;
      for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
        const file = path.join(dir, name);
        const stat = await fs.lstat(file).catch(() => null);
        if (stat !== null && stat.mtimeMs < beforeMs) {
          await fs.rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}

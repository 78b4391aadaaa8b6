import fs from 'node:fs/promises';
import path from 'node:path';
import { type MediaStorage, MediaStorageFullError, STORAGE_FULL_TEXT, isMediaKey } from './mediaStorage';

/**
 * The working default MediaStorage: files under one folder (DATA_DIR/media unless
 * MEDIA_STORAGE_DIR says otherwise), each key a path below it. A put hard-links the source when
 * it is on the same disk (a finished HLS segment costs no copy), else copies it. The bytes kept
 * are counted once at open (a walk of the folder) and then kept up to date by every put and
 * delete, so the quota check is a comparison, not a walk.
 */
export class LocalDiskStorage implements MediaStorage {
  private used = 0;

  private constructor(
    readonly rootDir: string,
    readonly quotaBytes: number | null,
  ) {}

  /** Opens (creates) the folder and counts what it already holds. */
  static async open(rootDir: string, quotaBytes: number | null): Promise<LocalDiskStorage> {
    const storage = new LocalDiskStorage(path.resolve(rootDir), quotaBytes);
    await fs.mkdir(storage.rootDir, { recursive: true });
    storage.used = await sizeOfTree(storage.rootDir);
    return storage;
  }

  localPath(key: string): string {
    if (!isMediaKey(key)) throw new Error(`not a media storage key: ${JSON.stringify(key).slice(0, 80)}`);
    return path.join(this.rootDir, ...key.split('/'));
  }

  bytesUsed(): number {
    return this.used;
  }

  reserve(bytes: number): void {
    if (this.quotaBytes !== null && this.used + bytes > this.quotaBytes) {
      throw new MediaStorageFullError('quota', STORAGE_FULL_TEXT.quota);
    }
  }

  async put(key: string, sourcePath: string): Promise<{ bytes: number }> {
    const target = this.localPath(key);
    const source = await fs.stat(sourcePath);
    if (!source.isFile()) throw new Error(`not a file: ${sourcePath}`);
    this.reserve(source.size);
    const previous = await this.stat(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.rm(target, { force: true });
      await fs.link(sourcePath, target).catch(async (error: NodeJS.ErrnoException) => {
        // Another disk (EXDEV) or a file system without hard links: copy it.
        if (error.code !== 'EXDEV' && error.code !== 'EPERM' && error.code !== 'ENOTSUP') throw error;
        await fs.copyFile(sourcePath, target);
      });
    } catch (error) {
      await fs.rm(target, { force: true }).catch(() => undefined);
      if ((error as NodeJS.ErrnoException).code === 'ENOSPC' || (error as NodeJS.ErrnoException).code === 'EDQUOT') {
        throw new MediaStorageFullError('disk_full', STORAGE_FULL_TEXT.disk_full);
      }
      throw error;
    }
    this.used += source.size - (previous?.bytes ?? 0);
    return { bytes: source.size };
  }

  async commit(key: string): Promise<{ bytes: number } | null> {
    const kept = await this.stat(key);
    if (kept !== null) this.used += kept.bytes;
    return kept;
  }

  async stat(key: string): Promise<{ bytes: number } | null> {
    try {
      const stats = await fs.stat(this.localPath(key));
      return stats.isFile() ? { bytes: stats.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<number> {
    const kept = await this.stat(key);
    if (kept === null) return 0;
    await fs.rm(this.localPath(key), { force: true });
    this.used = Math.max(0, this.used - kept.bytes);
    return kept.bytes;
  }

  async deletePrefix(prefix: string): Promise<number> {
    if (!isMediaKey(prefix, true)) throw new Error(`not a media storage prefix: ${JSON.stringify(prefix).slice(0, 80)}`);
    const dir = path.join(this.rootDir, ...prefix.slice(0, -1).split('/'));
    const freed = await sizeOfTree(dir);
    await fs.rm(dir, { recursive: true, force: true });
    this.used = Math.max(0, this.used - freed);
    return freed;
  }
}

/** Bytes of the files below `dir` (0 when it does not exist). */
async function sizeOfTree(dir: string): Promise<number> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return 0;
    throw error;
  }
  let total = 0;
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await sizeOfTree(full);
    else if (entry.isFile()) total += (await fs.stat(full).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

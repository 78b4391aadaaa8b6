import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files go. The embedded default is the local disk under DATA_DIR/uploads, served
 * by this server at /uploads/<name>; an S3-compatible store implements the same interface.
 */
export interface UploadStore {
  /** Stores `bytes` under `name` (ours, random) and answers the public URL. */
  save(name: string, bytes: Buffer, contentType: string): Promise<string>;
  remove(name: string): Promise<void>;
  /** Is `url` one this store answered? Then the file name, else null. */
  nameOf(url: string): string | null;
}

export const UPLOADS_URL_PREFIX = '/uploads/';
/** Our own names only: 32 hex characters and the extension of the detected type. */
export const UPLOAD_NAME_PATTERN = /^[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

export function createLocalUploadStore(dir: string): UploadStore {
  return {
    async save(name, bytes) {
      if (!UPLOAD_NAME_PATTERN.test(name)) throw new Error(`not an upload name of ours: ${name}`);
      await fs.mkdir(dir, { recursive: true });
      // 'wx': never overwrite (names are random; a clash is a bug worth an error).
      await fs.writeFile(path.join(dir, name), bytes, { flag: 'wx', mode: 0o644 });
      return UPLOADS_URL_PREFIX + name;
    },
    async remove(name) {
      if (UPLOAD_NAME_PATTERN.test(name)) await fs.rm(path.join(dir, name), { force: true });
    },
    nameOf(url) {
      if (!url.startsWith(UPLOADS_URL_PREFIX)) return null;
      const name = url.slice(UPLOADS_URL_PREFIX.length);
      return UPLOAD_NAME_PATTERN.test(name) ? name : null;
    },
  };
}

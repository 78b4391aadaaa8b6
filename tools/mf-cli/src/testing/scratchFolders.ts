import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/** Temporary folders for one test file; each test's are removed after it. */
export function useScratchFolders(prefix: string): () => Promise<string> {
  const made: string[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((folder) => fs.rm(folder, { recursive: true, force: true })));
  });
  return async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
    made.push(folder);
    return folder;
  };
}

import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The release id, computed exactly as the control plane does (server/src/modules/mf/releaseId.ts):
 * the remote's version, a dash, and the first 10 hex digits of a SHA-256 over every file's path
 * and bytes. Copied rather than imported so the CLI needs nothing of the server; releaseId.test.ts
 * pins it against a fixture folder and the integration test against the server's own check.
 */

/** Files of a build that are not part of its release (build statistics). */
export const LEFT_OUT_FILES: ReadonlySet<string> = new Set(['mf-manifest-stats.json']);

/** Every file below `folder`, as sorted '/'-separated relative paths (links are not files). */
export async function listReleaseFiles(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((relative) => !LEFT_OUT_FILES.has(relative))
    .sort();
}

/** SHA-256 over `path NUL bytes NUL` of each file, in the listed order. */
export async function contentHashOf(folder: string, files: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file).update('\u0000').update(await fs.readFile(path.join(folder, file))).update('\u0000');
  }
  return hash.digest('hex');
}

export function releaseIdFor(version: string, contentHash: string): string {
  return `${version}-${contentHash.slice(0, 10)}`;
}

export async function computeReleaseId(folder: string, version: string): Promise<{ releaseId: string; files: string[] }> {
  const files = await listReleaseFiles(folder);
  return { releaseId: releaseIdFor(version, await contentHashOf(folder, files)), files };
}

/** The server's rule for upload paths: plain segments of [A-Za-z0-9._-], at most 200 characters. */
export function isUploadablePath(relative: string): boolean {
  return (
    relative.length > 0 &&
    relative.length <= 200 &&
    /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(relative) &&
    !relative.split('/').some((segment) => segment === '.' || segment === '..')
  );
}

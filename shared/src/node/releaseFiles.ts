import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * A remote release's files and id, for Node only (the server and `pnpm mf` compute the same
 * id: the version, a dash, and 10 hex digits of a SHA-256 over every path and its bytes).
 */

/** Files of a build that are not part of its release (build statistics). */
const LEFT_OUT = new Set(['mf-manifest-stats.json']);

/** Every file below `folder`, as sorted '/'-separated relative paths. */
export async function listReleaseFiles(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((relative) => !LEFT_OUT.has(relative))
    .sort();
}

/** A hash of every path and its bytes: the same build gives the same hash, any change another. */
export async function contentHashOf(folder: string, files: string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file).update('\u0000').update(await fs.readFile(path.join(folder, file))).update('\u0000');
  }
  return hash.digest('hex');
}

/** '0.1.0' + hash → '0.1.0-3f9a1c2b0d': a release id is immutable because its content is. */
export function releaseIdFor(version: string, contentHash: string): string {
  return `${version}-${contentHash.slice(0, 10)}`;
}

export async function computeReleaseId(folder: string, version: string): Promise<{ releaseId: string; files: string[] }> {
  const files = await listReleaseFiles(folder);
  return { releaseId: releaseIdFor(version, await contentHashOf(folder, files)), files };
}

/** A relative file path from an upload, or null when it could leave the release folder. */
export function safeReleasePath(candidate: string): string | null {
  if (candidate.length === 0 || candidate.length > 200) return null;
  if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(candidate)) return null;
  if (candidate.split('/').some((segment) => segment === '.' || segment === '..')) return null;
  return candidate;
}

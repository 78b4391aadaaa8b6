import fs from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_PACKAGE_FOLDER, type RemoteName } from '@sports/shared/server';
import { contentHashOf, listReleaseFiles } from './releaseId';

/**
 * Where release folders live and are served from. The embedded default is a folder the server
 * serves under /web/releases/; production points `baseUrl` at a static host or CDN that holds
 * the same layout (`<folder>/<releaseId>/…`).
 */
export interface ReleaseStore {
  manifestUrl(remote: RemoteName, releaseId: string): string;
  /** Writes one file of a release; a file already there must have the same bytes. */
  writeFile(remote: RemoteName, releaseId: string, relativePath: string, bytes: Buffer): Promise<void>;
  /** Copies a whole built folder in (the server's start-up publishes the builds on disk). */
  copyFolder(remote: RemoteName, releaseId: string, sourceFolder: string): Promise<void>;
  readManifest(remote: RemoteName, releaseId: string): Promise<unknown>;
  /** The content hash of what is stored, to check it matches the release id. */
  contentHash(remote: RemoteName, releaseId: string): Promise<string>;
}

export class FileConflictError extends Error {}

export function createLocalReleaseStore(rootDir: string, baseUrl = '/web/releases'): ReleaseStore {
  const releaseDir = (remote: RemoteName, releaseId: string) => path.join(rootDir, REMOTE_PACKAGE_FOLDER[remote], releaseId);

  async function writeFile(remote: RemoteName, releaseId: string, relativePath: string, bytes: Buffer): Promise<void> {
    const target = path.join(releaseDir(remote, releaseId), ...relativePath.split('/'));
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.writeFile(target, bytes, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Re-uploading the same bytes is fine (a retried publish); different bytes never are.
      if (!bytes.equals(await fs.readFile(target))) throw new FileConflictError(`${relativePath} already exists with other content`);
    }
  }

  return {
    manifestUrl: (remote, releaseId) => `${baseUrl}/${REMOTE_PACKAGE_FOLDER[remote]}/${releaseId}/mf-manifest.json`,
    writeFile,
    async copyFolder(remote, releaseId, sourceFolder) {
      for (const file of await listReleaseFiles(sourceFolder)) {
        await writeFile(remote, releaseId, file, await fs.readFile(path.join(sourceFolder, ...file.split('/'))));
      }
    },
    async readManifest(remote, releaseId) {
      return JSON.parse(await fs.readFile(path.join(releaseDir(remote, releaseId), 'mf-manifest.json'), 'utf8')) as unknown;
    },
    async contentHash(remote, releaseId) {
      const folder = releaseDir(remote, releaseId);
      return contentHashOf(folder, await listReleaseFiles(folder));
    },
  };
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_PACKAGE_FOLDER, ROUTE_MANIFEST_FILE, type RemoteName } from '@sports/shared/server';
import { compressedCopyProblems, contentHashOf, listReleaseFiles } from '@sports/shared/node';
import { HOST_NEEDS_FILE } from './hostNeedsCheck';

/**
 * Where release folders live. Uploads land in a staging area that is never served; a release
 * is sealed into the served folder (`<folder>/<releaseId>/…` under /web/releases/, or a CDN
 * holding the same layout in production) only once the control plane has registered it.
 */
export interface ReleaseStore {
  manifestUrl(remote: RemoteName, releaseId: string): string;
  /** Stages one file of a release; a file already staged must have the same bytes. */
  writeFile(remote: RemoteName, releaseId: string, relativePath: string, bytes: Buffer): Promise<void>;
  /** Stages a whole built folder (the server's start-up publishes the builds on disk). */
  copyFolder(remote: RemoteName, releaseId: string, sourceFolder: string): Promise<void>;
  /** The staged release's manifest, for the checks before registration. */
  readManifest(remote: RemoteName, releaseId: string): Promise<unknown>;
  /** The staged release's route-manifest.json as text (checked by routeManifestCheck.ts); null when it has none. */
  readRouteManifest(remote: RemoteName, releaseId: string): Promise<string | null>;
  /** The staged release's mf-host-needs.json as text (checked by hostNeedsCheck.ts); null when it has none. */
  readHostNeeds(remote: RemoteName, releaseId: string): Promise<string | null>;
  /** Compressed copies (`x.js.br`, `.gz`, `.deflate`) that do not say what their file says (`@sports/shared/node`'s compressedCopies.ts). */
  compressedCopyProblems(remote: RemoteName, releaseId: string): Promise<string[]>;
  /** The content hash of the staged files, to check it matches the release id. */
  contentHash(remote: RemoteName, releaseId: string): Promise<string>;
  /**
   * Moves the staged release into the served folder and checks the served content still hashes
   * to `expectedHash` (nothing slipped in while sealing). A release sealed before is left as is.
   */
  seal(remote: RemoteName, releaseId: string, expectedHash: string): Promise<void>;
}

export class FileConflictError extends Error {}
export class SealMismatchError extends Error {}

export function createLocalReleaseStore(rootDir: string, baseUrl = '/web/releases', stagingDir = `${rootDir}-staging`): ReleaseStore {
  const folderOf = (base: string, remote: RemoteName, releaseId: string) => path.join(base, REMOTE_PACKAGE_FOLDER[remote], releaseId);
  const staged = (remote: RemoteName, releaseId: string) => folderOf(stagingDir, remote, releaseId);
  const served = (remote: RemoteName, releaseId: string) => folderOf(rootDir, remote, releaseId);

  async function writeFile(remote: RemoteName, releaseId: string, relativePath: string, bytes: Buffer): Promise<void> {
    const target = path.join(staged(remote, releaseId), ...relativePath.split('/'));
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.writeFile(target, bytes, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Re-uploading the same bytes is fine (a retried publish); different bytes never are.
      if (!bytes.equals(await fs.readFile(target))) throw new FileConflictError(`${relativePath} already exists with other content`);
    }
  }

  /** A file of a staged release as text; null when the release has no such file. */
  async function readStagedText(remote: RemoteName, releaseId: string, file: string): Promise<string | null> {
    try {
      return await fs.readFile(path.join(staged(remote, releaseId), file), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async function hashOf(folder: string): Promise<string> {
    return contentHashOf(folder, await listReleaseFiles(folder));
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
      return JSON.parse(await fs.readFile(path.join(staged(remote, releaseId), 'mf-manifest.json'), 'utf8')) as unknown;
    },
    readRouteManifest: (remote, releaseId) => readStagedText(remote, releaseId, ROUTE_MANIFEST_FILE),
    readHostNeeds: (remote, releaseId) => readStagedText(remote, releaseId, HOST_NEEDS_FILE),
    async compressedCopyProblems(remote, releaseId) {
      const folder = staged(remote, releaseId);
      return compressedCopyProblems(folder, await listReleaseFiles(folder));
    },
    contentHash: (remote, releaseId) => hashOf(staged(remote, releaseId)),
    async seal(remote, releaseId, expectedHash) {
      const target = served(remote, releaseId);
      const alreadyServed = await fs.stat(target).then(() => true, () => false);
      if (alreadyServed) {
        await fs.rm(staged(remote, releaseId), { recursive: true, force: true });
        return;
      }
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(staged(remote, releaseId), target);
      if ((await hashOf(target)) !== expectedHash) {
        await fs.rm(target, { recursive: true, force: true });
        throw new SealMismatchError(`${releaseId} changed while it was sealed`);
      }
    },
  };
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { compressedCopyProblems } from '@sports/shared/node';
import { REMOTE_PACKAGE_FOLDER, type MfRelease, type RemoteName } from '@sports/shared/server';
import { isValidReleaseId } from './args';
import { REPO_ROOT } from './config';
import { CliError } from './errors';
import { cliMessages } from './messages';
import type { OpsClient } from './opsClient';
import { computeReleaseId, isUploadablePath } from './releaseId';

/** The server's per-file upload limit (opsRoutes.ts RELEASE_FILE_LIMIT_BYTES). */
export const RELEASE_FILE_LIMIT_BYTES = 20 * 1024 * 1024;

export interface PublishRequest {
  remote: RemoteName;
  /** The build folder; default <repo>/<remote folder>/dist. */
  folder: string | null;
  reason: string | null;
}

export interface PublishOutput {
  progress: (line: string) => void;
}

interface BuildManifest {
  name?: unknown;
  metaData?: { buildInfo?: { buildVersion?: unknown } };
}

export function defaultDistOf(remote: RemoteName): string {
  return path.join(REPO_ROOT, REMOTE_PACKAGE_FOLDER[remote], 'dist');
}

/** Reads the build's version from its manifest and checks the build is this remote's. */
export async function readBuildVersion(folder: string, remote: RemoteName): Promise<string> {
  const file = path.join(folder, 'mf-manifest.json');
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    throw new CliError(cliMessages.distMissing(folder));
  }
  let manifest: BuildManifest;
  try {
    manifest = JSON.parse(text) as BuildManifest;
  } catch (error) {
    throw new CliError(cliMessages.manifestUnreadable(file, error instanceof Error ? error.message : String(error)));
  }
  if (typeof manifest.name === 'string' && manifest.name !== remote) throw new CliError(cliMessages.wrongRemote(folder, manifest.name, remote));
  const version = manifest.metaData?.buildInfo?.buildVersion;
  if (typeof version !== 'string' || version === '') throw new CliError(cliMessages.noBuildVersion(file));
  return version;
}

/**
 * Publishes a build folder: computes its release id as the control plane will, uploads each file
 * (one request per file; re-uploading the same bytes is harmless, so a failed publish can simply
 * be run again), then registers it, which the control plane checks before it can take traffic.
 */
export async function publishRelease(client: OpsClient, request: PublishRequest, output: PublishOutput): Promise<MfRelease> {
  const folder = request.folder ?? defaultDistOf(request.remote);
  const version = await readBuildVersion(folder, request.remote);
  const { releaseId, files } = await computeReleaseId(folder, version);
  if (!isValidReleaseId(releaseId)) throw new CliError(cliMessages.badVersion(version));
  const sizes = await checkFiles(folder, files);

  const state = (await client.rollouts()).find((rollout) => rollout.remote === request.remote);
  if (state?.releases.some((release) => release.releaseId === releaseId)) {
    output.progress(cliMessages.alreadyRegistered(releaseId));
  } else {
    output.progress(cliMessages.publishing(request.remote, releaseId, files.length, folder));
    for (const [index, file] of files.entries()) {
      await client.uploadFile(request.remote, releaseId, file, await fs.readFile(path.join(folder, ...file.split('/'))));
      output.progress(cliMessages.uploaded(index + 1, files.length, file, sizes.get(file) ?? 0));
    }
  }
  const release = await client.register(request.remote, releaseId, request.reason);
  output.progress(cliMessages.registered(request.remote, release.releaseId));
  return release;
}

/**
 * Every file must have a name the server accepts and fit its size limit, and every compressed
 * copy (`x.js.br`, `.gz`) must be its file (the control plane refuses the release otherwise, and
 * browsers would run other code): found before uploading.
 */
async function checkFiles(folder: string, files: string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const file of files) {
    if (!isUploadablePath(file)) throw new CliError(cliMessages.badPath(file));
    const { size } = await fs.stat(path.join(folder, ...file.split('/')));
    if (size > RELEASE_FILE_LIMIT_BYTES) throw new CliError(cliMessages.tooLarge(file, size, RELEASE_FILE_LIMIT_BYTES));
    sizes.set(file, size);
  }
  const copies = await compressedCopyProblems(folder, files);
  if (copies.length > 0) throw new CliError(cliMessages.badCompressedCopies(folder, copies));
  return sizes;
}

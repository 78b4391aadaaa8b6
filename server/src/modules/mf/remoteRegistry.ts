import fs from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_NAMES, REMOTE_PACKAGE_FOLDER } from '@sports/shared/server';
import type { RemoteAssignment } from '@sports/shared/server';

/** Who is asking: the rollout registry (a later issue) assigns canary versions per visitor. */
export interface Visitor {
  userId: number | null;
  ip: string;
}

/** Decides which release of each remote a visitor loads (`GET /api/mf/remotes`). */
export interface RemoteRegistry {
  assignmentsFor(visitor: Visitor): Promise<RemoteAssignment[]>;
}

export const UNKNOWN_VERSION = '0.0.0';

/**
 * The default: everyone gets the build on disk, whose version is that remote's package.json,
 * read once at start (the release is whatever was built before the server started).
 */
export async function createFileRemoteRegistry(siteRoot: string): Promise<RemoteRegistry> {
  const assignments = await Promise.all(
    REMOTE_NAMES.map(async (name): Promise<RemoteAssignment> => {
      const folder = REMOTE_PACKAGE_FOLDER[name];
      return {
        name,
        version: await readPackageVersion(path.join(siteRoot, folder, 'package.json')),
        manifestUrl: `/web/remotes/${folder}/mf-manifest.json`,
      };
    }),
  );
  return { assignmentsFor: async () => assignments.map((assignment) => ({ ...assignment })) };
}

async function readPackageVersion(packageJsonPath: string): Promise<string> {
  try {
    const parsed: unknown = JSON.parse(await fs.readFile(packageJsonPath, 'utf8'));
    const version = typeof parsed === 'object' && parsed !== null ? (parsed as { version?: unknown }).version : undefined;
    return typeof version === 'string' && version !== '' ? version : UNKNOWN_VERSION;
  } catch {
    return UNKNOWN_VERSION;
  }
}

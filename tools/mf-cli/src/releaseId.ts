import { safeReleasePath } from '@sports/shared/node';

/**
 * The release id, computed by the same code as the control plane's (@sports/shared/node):
 * releaseId.test.ts pins it against a fixture folder and the integration test against the
 * server's own check.
 */
export { computeReleaseId, contentHashOf, listReleaseFiles, releaseIdFor } from '@sports/shared/node';

/** The server's rule for upload paths: plain segments of [A-Za-z0-9._-], at most 200 characters. */
export function isUploadablePath(relative: string): boolean {
  return safeReleasePath(relative) !== null;
}

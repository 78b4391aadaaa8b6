import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { computeReleaseId, isUploadablePath, listReleaseFiles, releaseIdFor } from './releaseId';
import { useScratchFolders } from './testing/scratchFolders';

const FIXTURE = fileURLToPath(new URL('./testing/fixture-release', import.meta.url));

const scratchFolder = useScratchFolders('mf-cli-release-');

describe('the release id (same algorithm as the control plane)', () => {
  it('is pinned for the fixture folder: the value the control plane computes (shared/src/node/releaseFiles.ts, used by server/src/rollouts/releases.ts)', async () => {
    const { releaseId, files } = await computeReleaseId(FIXTURE, '1.4.2');
    expect(releaseId).toBe('1.4.2-60e021f6b3');
    // Sorted by UTF-16 code unit; only the top-level build statistics are left out.
    expect(files).toEqual(['chunks/1.abc123.js', 'chunks/Z.js', 'chunks/mf-manifest-stats.json', 'mf-manifest.json', 'remoteEntry.js']);
  });

  it('changes with any byte and with the version, and never with the left-out statistics', async () => {
    const scratch = await scratchFolder();
    await fs.cp(FIXTURE, scratch, { recursive: true });
    const pinned = (await computeReleaseId(scratch, '1.4.2')).releaseId;
    await fs.writeFile(path.join(scratch, 'mf-manifest-stats.json'), 'other statistics');
    expect((await computeReleaseId(scratch, '1.4.2')).releaseId).toBe(pinned);
    expect((await computeReleaseId(scratch, '1.4.3')).releaseId).toBe(`1.4.3-${pinned.slice('1.4.2-'.length)}`);
    await fs.appendFile(path.join(scratch, 'chunks', 'Z.js'), ' ');
    expect((await computeReleaseId(scratch, '1.4.2')).releaseId).not.toBe(pinned);
  });

  it('hashes paths too: moving a file is another release', async () => {
    const scratch = await scratchFolder();
    await fs.cp(FIXTURE, scratch, { recursive: true });
    const before = (await computeReleaseId(scratch, '1.4.2')).releaseId;
    await fs.rename(path.join(scratch, 'chunks', 'Z.js'), path.join(scratch, 'Z.js'));
    expect(await listReleaseFiles(scratch)).toContain('Z.js');
    expect((await computeReleaseId(scratch, '1.4.2')).releaseId).not.toBe(before);
  });

  it('takes the first 10 hex digits of the hash', () => {
    expect(releaseIdFor('0.2.0', 'abcdef0123456789')).toBe('0.2.0-abcdef0123');
  });

  it('uploads only paths the server accepts', () => {
    expect(isUploadablePath('chunks/1.abc.js')).toBe(true);
    expect(isUploadablePath('262.dc10d118d5.js.LICENSE.txt')).toBe(true);
    for (const bad of ['../x.js', 'a/../x', '/etc/passwd', 'a//b', '', 'a b.js', 'ü.js', `${'a'.repeat(201)}`]) {
      expect(isUploadablePath(bad)).toBe(false);
    }
  });
});

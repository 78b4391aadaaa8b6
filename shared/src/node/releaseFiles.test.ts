import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { computeReleaseId, safeReleasePath } from './releaseFiles';

let folder: string;
afterEach(() => fs.rm(folder, { recursive: true, force: true }));

async function makeBuild(files: Record<string, string>): Promise<string> {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'release-'));
  for (const [name, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(folder, name)), { recursive: true });
    await fs.writeFile(path.join(folder, name), content);
  }
  return folder;
}

describe('release ids', () => {
  it('are the version plus a hash of the content, and change with any byte', async () => {
    const build = await makeBuild({ 'remoteEntry.js': 'a', 'mf-manifest.json': '{}', 'chunks/1.js': 'x', 'mf-manifest-stats.json': 'ignored' });
    const first = await computeReleaseId(build, '0.2.0');
    expect(first.releaseId).toMatch(/^0\.2\.0-[0-9a-f]{10}$/);
    expect(first.files).toEqual(['chunks/1.js', 'mf-manifest.json', 'remoteEntry.js']);
    expect((await computeReleaseId(build, '0.2.0')).releaseId).toBe(first.releaseId);
    await fs.writeFile(path.join(build, 'chunks/1.js'), 'y');
    expect((await computeReleaseId(build, '0.2.0')).releaseId).not.toBe(first.releaseId);
  });

  it('upload paths cannot leave the release folder', () => {
    expect(safeReleasePath('chunks/1.abc.js')).toBe('chunks/1.abc.js');
    for (const bad of ['../x.js', 'a/../../x', '/etc/passwd', 'a//b', '', 'a\\b', '.', 'x/./y', 'a b.js']) {
      expect(safeReleasePath(bad)).toBeNull();
    }
  });
});

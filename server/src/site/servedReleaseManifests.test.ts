import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { servedReleaseManifests } from './servedReleaseManifests';

const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'served-manifests-'));
const releasesDir = path.join(scratch, 'releases');
afterAll(() => fs.rm(scratch, { recursive: true, force: true }));

async function writeRelease(folder: string, release: string, text: string): Promise<void> {
  await fs.mkdir(path.join(releasesDir, folder, release), { recursive: true });
  await fs.writeFile(path.join(releasesDir, folder, release, 'mf-manifest.json'), text);
}

describe('the served releases’ manifests, for the host page', () => {
  it('reads a sealed release’s manifest by its address, and keeps it (a release never changes)', async () => {
    await writeRelease('mf-live', '1.0.0-aaaaaaaaaa', JSON.stringify({ name: 'mf_live', exposes: [] }));
    const read = servedReleaseManifests(releasesDir);
    expect(await read('/web/releases/mf-live/1.0.0-aaaaaaaaaa/mf-manifest.json')).toEqual({ name: 'mf_live', exposes: [] });
    await fs.rm(path.join(releasesDir, 'mf-live', '1.0.0-aaaaaaaaaa'), { recursive: true });
    expect(await read('/web/releases/mf-live/1.0.0-aaaaaaaaaa/mf-manifest.json')).toEqual({ name: 'mf_live', exposes: [] });
  });

  it('answers null for what it cannot inline: a missing or broken file, a CDN address, a path out of the store', async () => {
    await writeRelease('mf-scores', '1.0.0-broken0001', '{"name":');
    await writeRelease('mf-scores', '1.0.0-number0001', '42');
    // A manifest beside the store, which a `..` in the address would reach.
    await fs.writeFile(path.join(scratch, 'mf-manifest.json'), '{}');
    const read = servedReleaseManifests(releasesDir);
    for (const url of [
      '/web/releases/mf-scores/1.0.0-missing001/mf-manifest.json',
      '/web/releases/mf-scores/1.0.0-broken0001/mf-manifest.json',
      '/web/releases/mf-scores/1.0.0-number0001/mf-manifest.json',
      'https://cdn.example/releases/mf-scores/1.0.0-aaaaaaaaaa/mf-manifest.json',
      '/web/releases/../mf-manifest.json',
      '/web/releases/mf-scores/1.0.0-broken0001/remoteEntry.js',
    ]) {
      expect(await read(url), url).toBeNull();
    }
  });
});

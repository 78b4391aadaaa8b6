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
  it('reads a sealed release’s manifest and its routes’ and widgets’ scripts by its address, and keeps them (a release never changes)', async () => {
    await writeRelease('mf-live', '1.0.0-aaaaaaaaaa', JSON.stringify({ name: 'mf_live', exposes: [] }));
    const groups = {
      'entry:mf_live': ['remoteEntry.js'],
      'import:src/pages/LiveRoomPage.tsx': ['162.607de5f857.js', 'route-live.a1c4be4223.js'],
      'chunk:route-live': ['162.607de5f857.js', 'route-live.a1c4be4223.js'],
      'chunk:route-football.basketball.bifen': ['route-football.basketball.bifen.1e83829aaf.js', '../../escape.js', 3],
      'chunk:widget-liveRecommend': ['widget-liveRecommend.57999d0e01.js'],
      'chunk:player-flv': ['player-flv.5548e52a79.js'],
    };
    await fs.writeFile(path.join(releasesDir, 'mf-live', '1.0.0-aaaaaaaaaa', 'load-graph.json'), JSON.stringify({ schemaVersion: 1, groups }));
    const read = servedReleaseManifests(releasesDir);
    const expected = {
      manifest: { name: 'mf_live', exposes: [] },
      scripts: {
        'route-live': ['162.607de5f857.js', 'route-live.a1c4be4223.js'],
        'route-football.basketball.bifen': ['route-football.basketball.bifen.1e83829aaf.js'],
        'widget-liveRecommend': ['widget-liveRecommend.57999d0e01.js'],
      },
    };
    expect(await read('/web/releases/mf-live/1.0.0-aaaaaaaaaa/mf-manifest.json')).toEqual(expected);
    await fs.rm(path.join(releasesDir, 'mf-live', '1.0.0-aaaaaaaaaa'), { recursive: true });
    expect(await read('/web/releases/mf-live/1.0.0-aaaaaaaaaa/mf-manifest.json')).toEqual(expected);
  });

  it('a release without a load graph (an older build) is carried with its manifest and no scripts', async () => {
    await writeRelease('mf-member', '1.0.0-nograph001', JSON.stringify({ name: 'mf_member' }));
    expect(await servedReleaseManifests(releasesDir)('/web/releases/mf-member/1.0.0-nograph001/mf-manifest.json')).toEqual({ manifest: { name: 'mf_member' }, scripts: {} });
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

import { existsSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import fs from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from './rolloutOps';

export const MF_LIVE_DIST = path.join(REPO_ROOT, 'mf-live', 'dist');
export const MARKER = 'canary-2';

interface Manifest {
  exposes: { name: string; assets: { js: { sync: string[] } } }[];
  shared: { name: string; version: string; requiredVersion?: string }[];
  metaData: { buildInfo: { buildVersion: string } };
}

/** Sets `data-mf-live-marker` on <html> and shows a small badge: the page visibly runs this release. */
const MARKER_SCRIPT = `
;(function () {
  document.documentElement.dataset.mfLiveMarker = '${MARKER}';
  var badge = document.createElement('div');
  badge.setAttribute('data-testid', 'mf-live-marker');
  badge.textContent = 'mf-live ${MARKER}';
  badge.style.cssText = 'position:fixed;left:8px;bottom:8px;z-index:2000;padding:2px 6px;background:#1f2329;color:#fff;font:12px sans-serif';
  document.body.appendChild(badge);
})();
`;

export function assertMfLiveBuilt(): void {
  if (!existsSync(path.join(MF_LIVE_DIST, 'mf-manifest.json'))) {
    throw new Error(`${MF_LIVE_DIST} is missing: build the site first (pnpm -r --workspace-concurrency=2 --filter ./host --filter './mf-*' run build)`);
  }
}

/**
 * A copy of mf-live/dist as another release: its version set in mf-manifest.json, and `change`
 * applied to the exposed routes chunk (the file the manifest names in exposes[routes].assets.js.sync),
 * so its content hash, and so its release id, is new.
 */
async function copyOfMfLive(target: string, version: string, changeRoutesChunk?: (source: string) => string, changeManifest?: (manifest: Manifest) => void): Promise<string> {
  assertMfLiveBuilt();
  await fs.cp(MF_LIVE_DIST, target, { recursive: true });
  const manifestFile = path.join(target, 'mf-manifest.json');
  const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as Manifest;
  manifest.metaData.buildInfo.buildVersion = version;
  changeManifest?.(manifest);
  await fs.writeFile(manifestFile, JSON.stringify(manifest));
  if (changeRoutesChunk) {
    const chunk = manifest.exposes.find((expose) => expose.name === 'routes')?.assets.js.sync[0];
    if (!chunk) throw new Error(`${manifestFile} names no sync chunk for ./routes`);
    const chunkFile = path.join(target, chunk);
    const changed = changeRoutesChunk(await fs.readFile(chunkFile, 'utf8'));
    await fs.writeFile(chunkFile, changed);
    // The build writes each script's brotli copy beside it, and the server sends that copy to
    // browsers that take br: it must say the same as the changed script.
    if (existsSync(`${chunkFile}.br`)) await fs.writeFile(`${chunkFile}.br`, brotliCompressSync(changed));
  }
  return target;
}

/** 0.2.0: the routes chunk also sets the marker. */
export function markedRelease(workDir: string): Promise<string> {
  return copyOfMfLive(path.join(workDir, 'marked'), '0.2.0', (source) => `${source}\n${MARKER_SCRIPT}`);
}

/** 0.3.0: the routes chunk throws before it registers anything, so loading ./routes fails. */
export function brokenRelease(workDir: string): Promise<string> {
  return copyOfMfLive(path.join(workDir, 'broken'), '0.3.0', (source) => `throw new Error('mf-live 0.3.0 is broken on purpose (e2e)');\n${source}`);
}

/** 0.4.0: shares React 18.0.0, which the host's React 19 singleton cannot serve. */
export function incompatibleRelease(workDir: string): Promise<string> {
  return copyOfMfLive(path.join(workDir, 'incompatible'), '0.4.0', undefined, (manifest) => {
    for (const shared of manifest.shared) {
      if (shared.name === 'react') Object.assign(shared, { version: '18.0.0', requiredVersion: '^18.0.0' });
    }
  });
}

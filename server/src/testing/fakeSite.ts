import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REMOTE_PACKAGE_FOLDER } from '@sports/shared/server';

export interface FakeSite {
  root: string;
  remove(): Promise<void>;
}

/** Versions written into the fake remotes' package.json (what /api/mf/remotes must report). */
export const FAKE_REMOTE_VERSIONS: Record<string, string> = {
  'mf-live': '1.2.3',
  'mf-scores': '2.0.0',
  'mf-community': '0.9.1',
  'mf-member': '3.1.4',
};

/**
 * A SITE_ROOT with small fake builds: host/dist (index.html, a hashed chunk) and every remote's
 * dist (mf-manifest.json, remoteEntry.js, a hashed chunk) and package.json. `withHost: false`
 * leaves host/dist out, as on a machine where the site was never built.
 */
export async function createFakeSite(options: { withHost?: boolean } = {}): Promise<FakeSite> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'sports-site-'));
  if (options.withHost !== false) {
    await write(root, 'host/dist/index.html', '<!doctype html><title>host</title>');
    await write(root, 'host/dist/main.3f9a0c1e2b4d.js', 'console.log("host")');
    await write(root, 'host/dist/favicon.ico', 'icon');
  }
  for (const folder of Object.values(REMOTE_PACKAGE_FOLDER)) {
    await write(root, `${folder}/package.json`, JSON.stringify({ name: `@sports/${folder}`, version: FAKE_REMOTE_VERSIONS[folder] }));
    await write(root, `${folder}/dist/mf-manifest.json`, JSON.stringify({ name: folder }));
    await write(root, `${folder}/dist/remoteEntry.js`, 'var remote = {};');
    await write(root, `${folder}/dist/123.a1b2c3d4.js`, 'chunk');
  }
  return { root, remove: () => fs.rm(root, { recursive: true, force: true }) };
}

async function write(root: string, relativePath: string, content: string): Promise<void> {
  const file = path.join(root, relativePath);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, content);
}

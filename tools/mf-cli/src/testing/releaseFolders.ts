import fs from 'node:fs/promises';
import path from 'node:path';

interface SharedEntry {
  name: string;
  version: string;
  requiredVersion?: string;
  singleton?: boolean;
}

type Manifest = { shared?: SharedEntry[]; metaData: { buildInfo: { buildVersion: string }; pluginVersion?: string } } & Record<string, unknown>;

/** The page singletons the control plane checks releases against (DESIGN.md section 3). */
export async function readManifest(folder: string): Promise<Manifest> {
  return JSON.parse(await fs.readFile(path.join(folder, 'mf-manifest.json'), 'utf8')) as Manifest;
}

export async function writeManifest(folder: string, manifest: Manifest): Promise<void> {
  await fs.writeFile(path.join(folder, 'mf-manifest.json'), JSON.stringify(manifest));
}

/** A copy of a built remote with another version (and so another release id). */
export async function copyBuild(source: string, target: string, version: string, change?: (manifest: Manifest) => void): Promise<string> {
  await fs.cp(source, target, { recursive: true });
  const manifest = await readManifest(target);
  manifest.metaData.buildInfo.buildVersion = version;
  change?.(manifest);
  await writeManifest(target, manifest);
  return target;
}

/**
 * A site root holding only host/dist/mf-host-shared.json, with the singletons a build shares (the
 * host provides every page singleton, and a release takes each from it: it ships no copy), and
 * host/dist/mf-host-runtime.json, with the federation runtime it was built with and providing what
 * it needs from the host's page (its mf-host-needs.json), as the host's build writes them: the
 * server checks releases against them and publishes no local builds.
 */
export async function writeSiteRootFor(build: string, siteRoot: string): Promise<void> {
  const manifest = await readManifest(build);
  const shared = manifest.shared ?? [];
  const requirements = Object.fromEntries(
    shared.map((entry) => [entry.name, { version: entry.version, requiredVersion: `^${entry.version}` }]),
  );
  await fs.mkdir(path.join(siteRoot, 'host', 'dist'), { recursive: true });
  await fs.writeFile(path.join(siteRoot, 'host', 'dist', 'mf-host-shared.json'), JSON.stringify(requirements));
  const needs = await fs.readFile(path.join(build, 'mf-host-needs.json'), 'utf8').then((text) => (JSON.parse(text) as { needs: string[] }).needs, () => []);
  await fs.writeFile(path.join(siteRoot, 'host', 'dist', 'mf-host-runtime.json'), JSON.stringify({ pluginVersion: manifest.metaData.pluginVersion, provides: needs }));
}

import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from './rolloutOps';

/** The fixture sources of the new screen (e2e/fixtures/standings/README.md). */
const FIXTURE = path.join(REPO_ROOT, 'e2e', 'fixtures', 'standings');

/** What the variant adds, as its squad would declare it. */
export const STANDINGS = {
  path: 'standings',
  title: '积分榜',
  navIndex: 1,
  widgetId: 'standingsLeaders',
  /** Before every other home widget (theirs are 10, 20, 30). */
  widgetOrder: 5,
} as const;

/** Inserts `entry` as the last element of the one exported array literal of a source file. */
function appendToArray(source: string, entry: string): string {
  const end = source.lastIndexOf('];');
  if (end < 0) throw new Error('no array literal to extend');
  return `${source.slice(0, end)}  ${entry}\n${source.slice(end)}`;
}

/** Runs the remote's own webpack build in `packageDir`, printing its output on failure. */
function webpackBuild(packageDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(packageDir, 'node_modules', '.bin', 'webpack'), ['--config', 'webpack.config.cjs', '--mode', 'production'], {
      cwd: packageDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`webpack build of ${packageDir} failed (exit ${code}):\n${output}`))));
  });
}

/**
 * A new release of mf-scores made the way its squad would make it, without touching the host:
 * a copy of the package (its sources, webpack config and package.json at `version`, its installed
 * node_modules linked in), the fixture page and widget added to src/standings/, declared in
 * src/routeManifest.json, src/routes.ts and src/widgets.ts, then built with the remote's own
 * webpack config. Answers the built folder (dist/) to publish.
 */
export async function buildScoresWithStandings(workDir: string, version: string): Promise<string> {
  const source = path.join(REPO_ROOT, 'mf-scores');
  const copy = path.join(workDir, 'mf-scores');
  await fs.mkdir(copy, { recursive: true });
  await fs.cp(path.join(source, 'src'), path.join(copy, 'src'), { recursive: true });
  for (const file of ['webpack.config.cjs', 'tsconfig.json']) await fs.copyFile(path.join(source, file), path.join(copy, file));
  await fs.symlink(path.join(source, 'node_modules'), path.join(copy, 'node_modules'), 'dir');

  const packageJson = JSON.parse(await fs.readFile(path.join(source, 'package.json'), 'utf8')) as { version: string };
  packageJson.version = version;
  await fs.writeFile(path.join(copy, 'package.json'), JSON.stringify(packageJson, null, 2));

  await fs.cp(FIXTURE, path.join(copy, 'src', 'standings'), { recursive: true, filter: (file) => !file.endsWith('.md') });
  const manifestFile = path.join(copy, 'src', 'routeManifest.json');
  const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as { routes: object[]; widgets: object[] };
  manifest.routes.push({ path: STANDINGS.path, title: STANDINGS.title, navIndex: STANDINGS.navIndex });
  manifest.widgets.push({ id: STANDINGS.widgetId, slot: 'home', order: STANDINGS.widgetOrder });
  await fs.writeFile(manifestFile, JSON.stringify(manifest, null, 2));
  const routesFile = path.join(copy, 'src', 'routes.ts');
  await fs.writeFile(routesFile, appendToArray(await fs.readFile(routesFile, 'utf8'), `{ path: '${STANDINGS.path}', load: () => import('./standings/StandingsPage') },`));
  const widgetsFile = path.join(copy, 'src', 'widgets.ts');
  await fs.writeFile(widgetsFile, appendToArray(await fs.readFile(widgetsFile, 'utf8'), `{ id: '${STANDINGS.widgetId}', load: () => import('./standings/StandingsWidget') },`));

  await webpackBuild(copy);
  return path.join(copy, 'dist');
}

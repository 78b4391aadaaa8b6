// pnpm dev:remote <name>: see README.md and `pnpm dev:remote --help`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { USAGE, UsageError, parseDevRemoteArgs } from './args.ts';
import { startDevServer } from './devServer.ts';
import { devOverrideLink } from './overrideLink.ts';
import { watchTypes } from './typeWatch.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

async function main(): Promise<number> {
  let options;
  try {
    options = parseDevRemoteArgs(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    if (error.message) console.error(`dev:remote: ${error.message}\n`);
    console.error(USAGE);
    return error.message ? 2 : 0;
  }
  const remoteDir = options.dir === null ? path.join(repoRoot, options.folder) : path.resolve(options.dir);
  const manifest = JSON.parse(readFileSync(path.join(remoteDir, 'src', 'routeManifest.json'), 'utf8')) as { routes: { path: string }[] };
  const firstRoute = manifest.routes[0]?.path ?? '';

  const types = options.types ? watchTypes(remoteDir, (line) => console.log(line)) : null;
  const server = await startDevServer(options, remoteDir, (ok, summary) => {
    if (summary.trim() !== '') console.log(summary);
    console.log(ok ? `[dev:remote] ${options.folder} built` : `[dev:remote] ${options.folder}: build failed (see above); the site keeps the last good build`);
  });
  let link: string;
  try {
    link = await devOverrideLink(options, server.manifestUrl, firstRoute);
  } catch (error) {
    console.error(`[dev:remote] ${(error as Error).message}`);
    await server.stop();
    types?.kill();
    return 1;
  }
  console.log(`[dev:remote] ${options.folder} on ${server.manifestUrl.replace(/mf-manifest\.json$/, '')} (hot updates)`);
  console.log(`[dev:remote] open: ${link}`);
  console.log('[dev:remote] every other remote and the host stay on their releases; the page banner has the exit. Ctrl-C stops.');

  const stop = async () => {
    types?.kill();
    await server.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  return -1;
}

main().then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    console.error(`[dev:remote] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
